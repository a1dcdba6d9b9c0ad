package dev.pollbridge.runtime.bridge.adapters;

import dev.pollbridge.api.JoinHandle;

/**
 * A task that {@link SchedulerCore} spawned directly (a library's {@code scheduleDirect} or
 * {@code schedule} on the scheduler itself), as its owner sees it.
 *
 * <h2>Cancellation</h2>
 * {@link #cancel()} aborts the task through its {@link TaskLink}, exactly once: a runnable that
 * has not started never runs, a delayed or periodic one never runs again (the runtime closes its
 * timer); a runnable already running completes (the runtime cancels a task between polls, never
 * inside one). Cancelling after the task ended does nothing. {@link #isCancelled()} is true once
 * the task was cancelled or ended, as the libraries' own scheduled tasks report
 * {@code isDisposed()}.
 */
final class ScheduledTask implements Cancellable {

    private final TaskLink task = new TaskLink();
    private final TaskSet owner;

    ScheduledTask(TaskSet owner) {
        this.owner = owner;
    }

    void started(JoinHandle<Void> handle) {
        task.started(handle);
    }

    /** The task ended (ran, stopped, or was closed by the runtime). */
    void finished() {
        task.finish();
        owner.remove(this);
    }

    @Override
    public void cancel() {
        if (task.cancel()) {
            owner.remove(this);
        }
    }

    @Override
    public boolean isCancelled() {
        return task.isTerminated();
    }
}
