package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.MaybeObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A factory of futures seen as a cold {@link Maybe}: the pull-to-push direction for at most one
 * value.
 *
 * <h2>Protocol</h2>
 * Each subscription calls the factory on the subscribing thread and spawns a {@link FutureDriver}
 * on the runtime that polls the new future: a value becomes {@code onSuccess}, a {@code null}
 * value {@code onComplete} (empty), a failure {@code onError} with the same instance. Signals come
 * from a runtime worker. A factory that throws or returns {@code null} fails the subscription; a
 * closed runtime fails it with {@code RejectedExecutionException}, the future closed unpolled.
 *
 * <h2>Cancellation</h2>
 * As {@link SingleFromFuture}: {@code dispose()} aborts the task and the runtime closes the future
 * exactly once; nothing is signalled after; an error produced while disposing goes to
 * {@code RxJavaPlugins.onError}; a runtime shutdown signals {@code onError(CancellationException)};
 * for an adopted {@code JoinHandle}, disposing detaches the task.
 *
 * @param <T> the value type
 */
final class MaybeFromFuture<T> extends Maybe<T> {

    private final Supplier<? extends PollFuture<? extends T>> futureFactory;
    private final PollRuntime runtime;

    private MaybeFromFuture(Supplier<? extends PollFuture<? extends T>> futureFactory, PollRuntime runtime) {
        this.futureFactory = Objects.requireNonNull(futureFactory, "futureFactory");
        this.runtime = Objects.requireNonNull(runtime, "runtime");
    }

    /** The Maybe, passed through RxJava's assembly hook. */
    static <T> Maybe<T> of(Supplier<? extends PollFuture<? extends T>> futureFactory, PollRuntime runtime) {
        return RxJavaPlugins.onAssembly(new MaybeFromFuture<>(futureFactory, runtime));
    }

    @Override
    protected void subscribeActual(MaybeObserver<? super T> observer) {
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
                        observer.onComplete();
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
