package dev.pollbridge.runtime.bridge.adapters;

/**
 * A task or worker of a {@link SchedulerCore} that its owner can cancel: what a {@link TaskSet}
 * tracks, and what an adapter wraps in its library's {@code Disposable}.
 */
public interface Cancellable {

    /** Stops it: nothing of it runs after a run in progress. Idempotent, any thread, never blocks. */
    void cancel();

    /** True once it will run nothing more: cancelled, or (for a one-shot task) ended. */
    boolean isCancelled();
}
