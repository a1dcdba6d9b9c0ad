package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.Runtime;
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

    private RuntimeFailures() {}

    /**
     * Hands {@code failure} to {@code runtime}'s uncaught-failure handler, unchanged;
     * {@code source} names where it came from, for the fallback log line of a handler that throws.
     */
    public static void report(Runtime runtime, Throwable failure, String source) {
        Objects.requireNonNull(failure, "failure");
        EngineAccess.engineOf(runtime).reportUncaught(failure, source);
    }
}
