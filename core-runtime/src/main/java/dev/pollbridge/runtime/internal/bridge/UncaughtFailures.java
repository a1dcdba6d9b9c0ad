package dev.pollbridge.runtime.internal.bridge;

import dev.pollbridge.api.Futures;
import dev.pollbridge.runtime.Runtime;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;

/**
 * Where the generic bridges send a failure that no signal can carry any more: a
 * {@code Subscription.cancel()} that threw (rule 3.15), a {@code close()} that threw (rule 11),
 * a subscriber method that threw after its subscription ended (rule 2.13), a signal after the
 * publisher's terminal one (rule 1.7), a dropped item whose {@code close()} threw.
 *
 * <p>Nobody waits for these, so they go where the runtime sends the failures of detached tasks:
 * the uncaught-failure handler of the runtime the bridge belongs to
 * ({@code RuntimeBuilder.uncaughtFailureHandler}, by default an {@code ERROR} line through
 * {@link System.Logger}), as the failure of a detached task, so the handler runs on a runtime
 * thread. A bridge that belongs to no runtime (polled by hand, outside any task), or whose
 * runtime is closed, logs at {@code ERROR} through {@link System.Logger} instead. The exception
 * is passed on as it was thrown, like Reactor's {@code Hooks.onErrorDropped}; only a
 * {@link CancellationException}, which the runtime never reports, is wrapped in an
 * {@link IllegalStateException} whose cause it is.
 */
public final class UncaughtFailures implements FailureSink {

    private static final System.Logger LOGGER = System.getLogger("dev.pollbridge.runtime.bridge");

    /** Logs every failure: for bridges that belong to no runtime. */
    public static final UncaughtFailures LOG = new UncaughtFailures(null);

    /** The runtime whose handler receives the failures; null: log. */
    private final Runtime runtime;

    private UncaughtFailures(Runtime runtime) {
        this.runtime = runtime;
    }

    /** Reports to {@code runtime}'s uncaught-failure handler. */
    public static UncaughtFailures of(Runtime runtime) {
        return new UncaughtFailures(runtime);
    }

    /**
     * Reports to the handler of the runtime running the calling thread (a worker, or a thread
     * inside {@code blockOn}); {@link #LOG} on any other thread.
     */
    public static UncaughtFailures ofCurrentThread() {
        return Runtime.current().map(UncaughtFailures::of).orElse(LOG);
    }

    @Override
    public void report(String what, Throwable failure) {
        Fatal.rethrowIfFatal(failure);
        Runtime target = runtime;
        if (target != null) {
            Throwable reportable = failure instanceof CancellationException
                    ? new IllegalStateException(what, failure)
                    : failure;
            try {
                target.spawn(Futures.failed(reportable)).close(); // detached: to the handler
                return;
            } catch (RejectedExecutionException closed) {
                // The runtime is closing: nobody is left to run its handler. Log instead.
            }
        }
        LOGGER.log(System.Logger.Level.ERROR, what, failure);
    }
}
