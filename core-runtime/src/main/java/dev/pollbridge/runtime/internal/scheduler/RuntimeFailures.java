package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.api.Dropped;
import dev.pollbridge.runtime.PollRuntime;
import java.util.Objects;

/**
 * The direct entry to a runtime's uncaught-failure handler for code outside the engine: the
 * bridges and adapters, which catch failures that no signal can carry any more (a
 * {@code close()} that threw, an error that arrived after its subscriber cancelled). The failure
 * goes straight to the runtime's {@link FailureReporter} on the calling thread; no task is
 * spawned for it, so it also reaches the handler while the runtime shuts down or after it
 * closed. Any thread; never throws.
 */
public final class RuntimeFailures {

    private static final System.Logger LOGGER = System.getLogger("dev.pollbridge.runtime");

    /**
     * The sink of runtime code that may run on any thread (a channel, a promise, a task scope, an
     * {@code Async} body): a failure goes to the uncaught-failure handler of the runtime running
     * the calling thread when it is reported ({@link PollRuntime#current()}: a worker, a thread in
     * {@code blockOn}), else to {@link System.Logger} at {@code WARNING}. The one line a runtime
     * producer drops a value with: {@code Dropped.close(value, what, RuntimeFailures.CURRENT_THREAD)}.
     */
    public static final Dropped.Sink CURRENT_THREAD = RuntimeFailures::reportOnCurrentThread;

    private RuntimeFailures() {}

    private static void reportOnCurrentThread(String source, Throwable failure) {
        PollRuntime runtime = Engine.current();
        if (runtime != null) {
            report(runtime, failure, source);
        } else {
            LOGGER.log(System.Logger.Level.WARNING, source + " threw", failure);
        }
    }

    /**
     * Hands {@code failure} to {@code runtime}'s uncaught-failure handler, unchanged;
     * {@code source} names where it came from, for the fallback log line of a handler that throws.
     */
    public static void report(PollRuntime runtime, Throwable failure, String source) {
        Objects.requireNonNull(failure, "failure");
        EngineAccess.engineOf(runtime).reportUncaught(failure, source);
    }
}
