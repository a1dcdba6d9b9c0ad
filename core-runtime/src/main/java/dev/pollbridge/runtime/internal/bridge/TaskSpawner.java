package dev.pollbridge.runtime.internal.bridge;

import dev.pollbridge.api.PollFuture;

/**
 * How the publisher side starts the task that drives a subscription: {@code Runtime.spawn} in
 * production, a hand-polled task in unit tests.
 */
@FunctionalInterface
public interface TaskSpawner {

    /**
     * Starts a task that polls {@code task} until it is ready, then closes it.
     *
     * @return the action that aborts the task: its future is closed at its next suspension point
     *     (rule 13); idempotent
     * @throws java.util.concurrent.RejectedExecutionException if the executor no longer accepts
     *     tasks
     */
    Runnable spawn(PollFuture<Void> task);
}
