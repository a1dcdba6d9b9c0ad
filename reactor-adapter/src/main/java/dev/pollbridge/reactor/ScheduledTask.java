package dev.pollbridge.reactor;

import dev.pollbridge.runtime.bridge.adapters.Cancellable;
import reactor.core.Disposable;

/**
 * The {@link Disposable} that {@link RuntimeScheduler} and {@link RuntimeWorker} return for a
 * task: Reactor's face of the engine's task.
 *
 * <h2>Cancellation</h2>
 * {@link #dispose()} cancels the task, exactly once: a runnable that has not started never runs,
 * a delayed or periodic one never runs again (its timer is closed by the runtime); a runnable
 * already running completes (the runtime cancels a task between polls, never inside one).
 * Disposing after the task ended does nothing. {@link #isDisposed()} is true once the task was
 * disposed or ended (or its worker disposed), as for Reactor's own scheduled tasks.
 */
final class ScheduledTask implements Disposable {

    private final Cancellable task;

    ScheduledTask(Cancellable task) {
        this.task = task;
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
