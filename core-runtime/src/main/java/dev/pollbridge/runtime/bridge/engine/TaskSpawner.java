package dev.pollbridge.runtime.bridge.engine;

import dev.pollbridge.api.PollFuture;

/**
 * How the publisher side starts the task that drives a subscription ({@code PollRuntime.spawn} in
 * production, a hand-polled task in unit tests), and where it reports the failures no signal can
 * carry: the uncaught-failure handler of that runtime.
 */
@FunctionalInterface
public interface TaskSpawner extends FailureSink {

    /**
     * Starts a detached task that polls {@code task} until it is ready, then closes it. A task
     * that fails is reported to the runtime's uncaught-failure handler (it is detached).
     *
     * @return the action that aborts the task: its future is closed at its next suspension point
     *     (rule 13); idempotent
     * @throws java.util.concurrent.RejectedExecutionException if the executor no longer accepts
     *     tasks
     */
    Runnable spawn(PollFuture<Void> task);

    /** Logs through {@link System.Logger}; a spawner with a runtime reports to its handler. */
    @Override
    default void report(String what, Throwable failure) {
        UncaughtFailures.LOG.report(what, failure);
    }
}
