package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.CompletableObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A factory of futures seen as a cold {@link Completable}: the pull-to-push direction for a
 * completion.
 *
 * <h2>Protocol</h2>
 * Each subscription calls the factory on the subscribing thread and spawns a {@link FutureDriver}
 * on the runtime that polls the new future: any value becomes {@code onComplete} (the value is
 * ignored, and released if it is {@link AutoCloseable}: a permit, for instance, is given back;
 * never the value of a {@code SharedFuture}'s clone, which other clones hand out too), a
 * failure {@code onError} with the same instance. Signals come from a runtime worker. A factory
 * that throws or returns {@code null} fails the subscription; a closed runtime fails it with
 * {@code RejectedExecutionException}, the future closed unpolled.
 *
 * <h2>Cancellation</h2>
 * As {@link SingleFromFuture}: {@code dispose()} aborts the task and the runtime closes the future
 * exactly once; nothing is signalled after; an error produced while disposing goes to
 * {@code RxJavaPlugins.onError}; a runtime shutdown signals {@code onError(CancellationException)};
 * for an adopted {@code JoinHandle}, disposing detaches the task.
 */
final class CompletableFromFuture extends Completable {

    private final Supplier<? extends PollFuture<?>> futureFactory;
    private final PollRuntime runtime;

    private CompletableFromFuture(Supplier<? extends PollFuture<?>> futureFactory, PollRuntime runtime) {
        this.futureFactory = Objects.requireNonNull(futureFactory, "futureFactory");
        this.runtime = Objects.requireNonNull(runtime, "runtime");
    }

    /** The Completable, passed through RxJava's assembly hook. */
    static Completable of(Supplier<? extends PollFuture<?>> futureFactory, PollRuntime runtime) {
        return RxJavaPlugins.onAssembly(new CompletableFromFuture(futureFactory, runtime));
    }

    @Override
    protected void subscribeActual(CompletableObserver observer) {
        PollFuture<?> future = Subscriptions.create(futureFactory, "future", observer::onSubscribe, observer::onError);
        if (future != null) {
            new FutureDriver<Object>(future, new FutureDriver.Outcome<Object>() {
                @Override
                public void subscribed(Disposable disposable) {
                    observer.onSubscribe(disposable);
                }

                @Override
                public boolean takesValue() {
                    return false; // released by the driver, unless a shared future's clone holds it
                }

                @Override
                public void succeeded(Object value) {
                    observer.onComplete();
                }

                @Override
                public void failed(Throwable error) {
                    observer.onError(error);
                }
            }).start(runtime);
        }
    }
}
