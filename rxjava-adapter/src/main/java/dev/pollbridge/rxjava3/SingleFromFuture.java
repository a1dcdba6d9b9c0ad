package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.core.SingleObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A factory of futures seen as a cold {@link Single}: the pull-to-push direction for one value.
 *
 * <h2>Protocol</h2>
 * Each subscription calls the factory on the subscribing thread and spawns a {@link FutureDriver}
 * on the runtime that polls the new future: its value becomes {@code onSuccess}, its failure
 * {@code onError} with the same instance. A future's {@code null} is the empty case (an empty
 * {@code Mono} becomes one), and a Single needs a value: it fails with a
 * {@link NoSuchElementException} that says so (use {@code toMaybe} for such futures), as RxJava's
 * {@code Single.fromPublisher} and {@code Maybe.toSingle()} and Reactor's {@code Mono.single()}
 * fail an empty source. Signals come from a runtime worker. A factory that throws or
 * returns {@code null} fails the subscription ({@code onSubscribe}, then {@code onError}); a
 * closed runtime fails it with {@code RejectedExecutionException}, the future closed unpolled.
 *
 * <h2>Cancellation</h2>
 * {@code dispose()} aborts the task: the runtime closes the future exactly once at its next
 * suspension point; nothing is signalled after, and an error the future produced as it was being
 * disposed goes to {@code RxJavaPlugins.onError} (a value is released). A task the runtime closes
 * otherwise (it shut down; an adopted task aborted by its owner) signals
 * {@code onError(CancellationException)}. For an adopted {@code JoinHandle} the future is the
 * handle, so disposing <em>detaches</em> the task (rule 13) instead of aborting it.
 *
 * @param <T> the value type
 */
final class SingleFromFuture<T> extends Single<T> {

    private final Supplier<? extends PollFuture<? extends T>> futureFactory;
    private final PollRuntime runtime;

    private SingleFromFuture(Supplier<? extends PollFuture<? extends T>> futureFactory, PollRuntime runtime) {
        this.futureFactory = Objects.requireNonNull(futureFactory, "futureFactory");
        this.runtime = Objects.requireNonNull(runtime, "runtime");
    }

    /** The Single, passed through RxJava's assembly hook ({@code RxJavaPlugins.onAssembly}). */
    static <T> Single<T> of(Supplier<? extends PollFuture<? extends T>> futureFactory, PollRuntime runtime) {
        return RxJavaPlugins.onAssembly(new SingleFromFuture<>(futureFactory, runtime));
    }

    @Override
    protected void subscribeActual(SingleObserver<? super T> observer) {
        PollFuture<? extends T> future = Subscriptions.create(futureFactory, "future", observer::onSubscribe, observer::onError);
        if (future != null) {
            new FutureDriver<T>(future, new FutureDriver.Outcome<T>() {
                @Override
                public void subscribed(Disposable disposable) {
                    observer.onSubscribe(disposable);
                }

                @Override
                public void succeeded(T value) {
                    if (value == null) {
                        observer.onError(new NoSuchElementException("the future completed with null (empty), and a"
                                + " Single needs a value; use MaybeBridge.toMaybe for a future that may be empty"));
                    } else {
                        observer.onSuccess(value);
                    }
                }

                @Override
                public void failed(Throwable error) {
                    observer.onError(error);
                }
            }).start(runtime);
        }
    }
}
