package dev.pollbridge.runtime.bridge.engine;

import dev.pollbridge.runtime.PollRuntime;

/**
 * The sink of the generic bridges and the {@code CompletableFuture} adapter: a failure that no
 * signal can carry any more (a {@code Subscription.cancel()} that threw, rule 3.15; a
 * {@code close()} that threw, rule 11; a subscriber method that threw, rule 2.13; a signal after
 * the publisher's terminal one, rule 1.7; a dropped item whose {@code close()} threw; an error
 * raised after the consumer cancelled) goes to the uncaught-failure handler of the runtime the
 * bridge belongs to ({@code PollRuntimeBuilder.uncaughtFailureHandler}, by default an {@code ERROR}
 * line through {@link System.Logger}).
 *
 * <p>The failure is handed to the handler directly ({@code PollRuntime.reportUncaught}), on the thread
 * that caught it, unchanged (a {@code CancellationException} included), also while the runtime
 * shuts down or after it closed. A bridge that belongs to no runtime (polled by hand, outside
 * any task) logs at {@code ERROR} through {@link System.Logger} instead.
 */
public final class UncaughtFailures implements FailureSink {

    private static final System.Logger LOGGER = System.getLogger("dev.pollbridge.runtime.bridge");

    /** Logs every failure: for bridges that belong to no runtime. */
    public static final UncaughtFailures LOG = new UncaughtFailures(null);

    /** The runtime whose handler receives the failures; null: log. */
    private final PollRuntime runtime;

    private UncaughtFailures(PollRuntime runtime) {
        this.runtime = runtime;
    }

    /** Reports to {@code runtime}'s uncaught-failure handler. */
    public static UncaughtFailures of(PollRuntime runtime) {
        return new UncaughtFailures(runtime);
    }

    /**
     * Reports to the handler of the runtime running the calling thread (a worker, or a thread
     * inside {@code blockOn}); {@link #LOG} on any other thread.
     */
    public static UncaughtFailures ofCurrentThread() {
        return PollRuntime.current().map(UncaughtFailures::of).orElse(LOG);
    }

    /** Reports {@code failure}, a JVM-fatal one too ({@link Fatal}: reporting it is the rule); never throws. */
    @Override
    public void report(String what, Throwable failure) {
        if (runtime != null) {
            runtime.reportUncaught(failure, what);
            return;
        }
        try {
            LOGGER.log(System.Logger.Level.ERROR, what, failure);
        } catch (Throwable loggerFailure) {
            // A logging backend that throws: nobody is left to tell, and a bridge never throws.
        }
    }
}
