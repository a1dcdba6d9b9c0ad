package dev.pollbridge.rxjava3;

import dev.pollbridge.runtime.JoinHandle;
import io.reactivex.rxjava3.disposables.Disposable;

/**
 * The {@link Disposable} {@link RuntimeScheduler} returns for a task it spawned directly
 * ({@code scheduleDirect}, {@code schedulePeriodicallyDirect}).
 *
 * <h2>Cancellation</h2>
 * {@link #dispose()} aborts the task through its {@link TaskLink}, exactly once: a runnable that
 * has not started never runs, a delayed or periodic one never runs again (the runtime closes its
 * timer); a runnable already running completes (the runtime cancels a task between polls, never
 * inside one). Disposing after the task ended does nothing. {@link #isDisposed()} is true once the
 * task was disposed or ended, as for RxJava's own scheduled tasks.
 */
final class ScheduledTask implements Disposable {

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
    public void dispose() {
        if (task.cancel()) {
            owner.remove(this);
        }
    }

    @Override
    public boolean isDisposed() {
        return task.isTerminated();
    }
}
