package dev.pollbridge.rxjava3;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SharedFuture;
import dev.pollbridge.runtime.bridge.engine.Fatal;
import io.reactivex.rxjava3.disposables.Disposable;

/**
 * The task behind one subscription of a {@code Single}, {@code Maybe} or {@code Completable} made
 * from a future ({@link SingleFromFuture}, {@link MaybeFromFuture}, {@link CompletableFromFuture}):
 * polls the future and hands its outcome to an {@link Outcome}, which says what the RxJava type
 * makes of it. Life cycle, cancellation and failure handling are {@link ObserverTask}'s.
 *
 * <p>A future whose {@code poll} throws has failed with that exception. The outcome is signalled
 * first and the future closed after (a {@code close()} that throws cannot turn a success into a
 * failure; it is reported). If the observer disposed while the future was completing, a value
 * is released and an error goes to {@code RxJavaPlugins.onError}. A value is never released if
 * the future is a clone of a {@code SharedFuture} (other clones hand out the same value).
 *
 * @param <T> the future's value type
 */
final class FutureDriver<T> extends ObserverTask<PollFuture<? extends T>> {

    /** What one RxJava type does with a future's outcome. Calls the observer; may throw. */
    interface Outcome<T> {
        /** The observer's {@code onSubscribe}. */
        void subscribed(Disposable disposable);

        /** The future's value ({@code null} allowed: each type says what it means). */
        void succeeded(T value);

        /**
         * False for a type that ignores the value ({@code Completable}): the driver then releases
         * it before {@link #succeeded}, unless the value is not the driver's to release.
         */
        default boolean takesValue() {
            return true;
        }

        /** The future's failure. */
        void failed(Throwable error);
    }

    private final Outcome<T> outcome;
    /** Task thread: the future is a clone of a {@link SharedFuture}, whose value is never released here. */
    private final boolean shared;

    FutureDriver(PollFuture<? extends T> future, Outcome<T> outcome) {
        super(future);
        this.outcome = outcome;
        this.shared = future instanceof SharedFuture;
    }

    @Override
    void subscribeObserver() {
        outcome.subscribed(this);
    }

    @Override
    void signalError(Throwable error) {
        outcome.failed(error);
    }

    @Override
    Poll<Void> step(Context cx) {
        Poll<? extends T> result;
        try {
            result = source().poll(cx);
        } catch (Throwable pollFailure) {
            if (Fatal.isFatal(pollFailure)) {
                return endWithFatal((Error) pollFailure);
            }
            result = Poll.failed(pollFailure);
        }
        if (result.isPending()) {
            return Poll.pending();
        }
        if (result.isReady()) {
            T value = result.value();
            if (claimTerminal()) {
                if (!outcome.takesValue()) {
                    release(value);
                }
                try {
                    outcome.succeeded(value);
                } catch (Throwable observerFailure) {
                    Undeliverable.report(observerFailure); // a fatal one too: never into the worker
                }
            } else {
                release(value); // disposed meanwhile: nobody takes it
            }
        } else {
            signalTerminalError(result.error());
        }
        closeSource();
        return Poll.ready(null);
    }

    /**
     * Releases a value nobody takes (closed if {@link AutoCloseable}), unless it came from a clone
     * of a {@link SharedFuture}: every other clone hands out the same value, so it is never
     * released by one of them.
     */
    private void release(T value) {
        if (!shared) {
            Undeliverable.discard(value);
        }
    }
}
