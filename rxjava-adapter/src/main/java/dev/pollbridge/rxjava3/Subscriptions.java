package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.JoinHandle;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.exceptions.Exceptions;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** What every runtime-to-RxJava direction does before it has a source: run the factory. */
final class Subscriptions {

    private Subscriptions() {}

    /**
     * Calls {@code factory} on the subscribing thread. If it throws or returns {@code null}, the
     * observer is refused: {@code onSubscribe(Disposable.disposed())}, then {@code onError} with
     * that failure (a {@link NullPointerException} for {@code null}), and this returns
     * {@code null}. An observer that throws from either is reported to
     * {@code RxJavaPlugins.onError}.
     *
     * @param what "future" or "stream", for the message
     */
    static <S extends AutoCloseable> S create(Supplier<? extends S> factory, String what,
            Consumer<? super Disposable> onSubscribe, Consumer<? super Throwable> onError) {
        try {
            return SingleUse.claim(Objects.requireNonNull(factory.get(), "the " + what + " factory returned null"),
                    "an RxJava subscription");
        } catch (Throwable factoryFailure) {
            Exceptions.throwIfFatal(factoryFailure);
            try {
                onSubscribe.accept(Disposable.disposed());
                onError.accept(factoryFailure);
            } catch (Throwable observerFailure) {
                Exceptions.throwIfFatal(observerFailure);
                Undeliverable.report(observerFailure);
            }
            return null;
        }
    }

    /**
     * A factory that hands out {@code handle} once and fails every later call: a task's result
     * goes to one owner.
     */
    static <T> Supplier<PollFuture<T>> adopting(JoinHandle<T> handle) {
        return SingleUse.once(handle, "an RxJava source of a JoinHandle");
    }

    /**
     * The factory of an RxJava source of one future or stream: hands out {@code source} once; a
     * later call fails with an error that names the supplier form of {@code method}.
     *
     * @param publisher what is built, for the message ("a Single")
     * @param method the public method, class included ("SingleBridge.toSingle")
     */
    static <S extends AutoCloseable> Supplier<S> once(S source, String publisher, String method) {
        String kind = source instanceof PollStream ? "Stream" : "Future";
        return SingleUse.once(source, publisher + " of one Poll" + kind + " (" + method + "("
                + kind.toLowerCase(Locale.ROOT) + "))", method + "(() -> buildThe" + kind + "())");
    }
}
