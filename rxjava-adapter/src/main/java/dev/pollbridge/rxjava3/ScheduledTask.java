package dev.pollbridge.rxjava3;

import dev.pollbridge.runtime.bridge.adapters.Cancellable;
import io.reactivex.rxjava3.disposables.Disposable;

/**
 * The {@link Disposable} that {@link RuntimeScheduler} and {@link RuntimeWorker} return for a
 * task: RxJava's face of the engine's task.
 *
 * <h2>Cancellation</h2>
 * {@link #dispose()} cancels the task, exactly once: a runnable that has not started never runs,
 * a delayed or periodic one never runs again (the runtime closes its timer); a runnable already
 * running completes (the runtime cancels a task between polls, never inside one). Disposing after
 * the task ended does nothing. {@link #isDisposed()} is true once the task was disposed or ended
 * (or its worker disposed), as for RxJava's own scheduled tasks.
 */
final class ScheduledTask implements Disposable {

    private final Cancellable task;

    private ScheduledTask(Cancellable task) {
        this.task = task;
    }

    /** The task's Disposable; {@link Disposable#disposed()} if nothing was scheduled ({@code null}). */
    static Disposable of(Cancellable task) {
        return task == null ? Disposable.disposed() : new ScheduledTask(task);
    }

    @Override
    public void dispose() {
        task.cancel();
    }

    @Override
    public boolean isDisposed() {
        return task.isCancelled();
    }
}
