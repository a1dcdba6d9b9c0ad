package dev.pollbridge.runtime.bridge.engine;

import dev.pollbridge.api.Dropped;
import dev.pollbridge.runtime.internal.task.UnwindScopes;
import java.util.concurrent.CancellationException;

/**
 * Receives the failures a bridge catches and can no longer signal to anyone: a
 * {@code close()} or {@code cancel()} that threw, a subscriber that threw, a signal after the
 * terminal one, an error that arrived after its consumer cancelled. Each direction has one sink
 * ({@code docs/reliability.md}): the runtime's uncaught-failure handler for the generic bridges
 * ({@link UncaughtFailures}), Reactor's {@code Hooks.onErrorDropped} and RxJava's
 * {@code RxJavaPlugins.onError} for the adapters.
 *
 * <h2>Errors after cancellation</h2>
 * One policy for every direction ({@link #reportAfterCancel}): an error that is the cancellation
 * itself (a {@link CancellationException} that carries nothing else) stays silent; any other
 * error raised after the consumer cancelled is reported, exactly once, by whichever party
 * learns of it second (the canceller or the failing side).
 */
@FunctionalInterface
public interface FailureSink extends Dropped.Sink {

    /**
     * Reports {@code failure}; {@code what} says what happened. A JVM-fatal error ({@link Fatal})
     * is reported like any other: this is where the rule sends it. Never throws.
     */
    @Override
    void report(String what, Throwable failure);

    /**
     * Reports {@code error}, raised after its consumer cancelled, unless it is the cancellation
     * itself ({@link #isCancellation}).
     */
    default void reportAfterCancel(String what, Throwable error) {
        if (!isCancellation(error)) {
            report(what, error);
        }
    }

    /**
     * Closes {@code target} with this sink in charge of what the close cancels: a failure of an
     * {@code Async} body it cancels (what the body throws after its cancellation, now or when it
     * ends, other than the cancellation itself) goes to {@link #reportAfterCancel} here, not to
     * the runtime's uncaught-failure handler (rule A5 of {@code internal.async}).
     *
     * @throws Exception what {@code target.close()} throws (rule 11 broken)
     */
    default void closeCancelling(AutoCloseable target) throws Exception {
        UnwindScopes.closeReporting(target, this::reportAfterCancel);
    }

    /**
     * True if {@code error} is what cancelling produces and nothing more: a
     * {@link CancellationException} without suppressed exceptions. One with suppressed
     * exceptions (the failures of a cancelled body's cleanup) is not silent.
     */
    static boolean isCancellation(Throwable error) {
        return error instanceof CancellationException && error.getSuppressed().length == 0;
    }

    /**
     * Drops {@code item}, which a bridge will not deliver (a prefetched item of a closed stream,
     * an item that arrived after cancel): closed if it is {@link AutoCloseable}
     * ({@link Dropped}), a throwing {@code close()} reported here.
     */
    default void discard(Object item) {
        Dropped.close(item, "an item that a bridge dropped", this);
    }
}
