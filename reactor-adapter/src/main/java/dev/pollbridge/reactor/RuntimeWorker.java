package dev.pollbridge.reactor;

import dev.pollbridge.runtime.bridge.adapters.Cancellable;
import dev.pollbridge.runtime.bridge.adapters.SerialWorker;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import reactor.core.Disposable;
import reactor.core.Exceptions;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * A {@link Scheduler.Worker} of {@link RuntimeScheduler}: runs its tasks one at a time, in the
 * order they became due (FIFO), never two at once, as Reactor requires of a worker. Delayed tasks
 * with the same deadline run in the order they were scheduled (Reactor's {@code delaySequence}
 * relies on it). The engine is the runtime's {@link SerialWorker} (one drain task at a time, at
 * most 64 runs per poll; its class note has the details); runnables are decorated with
 * {@link Schedulers#onSchedule}.
 *
 * <h2>Cancellation</h2>
 * A task's {@code Disposable} skips its runs and aborts its timer. {@link #dispose()} disposes
 * every timer, drops the queue, and makes {@code schedule} throw
 * {@link RejectedExecutionException}, as on Reactor's workers; a run in progress completes. If the
 * runtime is closed, {@code schedule} throws the runtime's {@code RejectedExecutionException} and
 * the worker is disposed.
 */
final class RuntimeWorker implements Scheduler.Worker {

    private final SerialWorker engine;
    private final RuntimeScheduler scheduler;

    RuntimeWorker(SerialWorker engine, RuntimeScheduler scheduler) {
        this.engine = engine;
        this.scheduler = scheduler;
    }

    @Override
    public Disposable schedule(Runnable task) {
        return schedule(task, 0, -1, TimeUnit.NANOSECONDS);
    }

    @Override
    public Disposable schedule(Runnable task, long delay, TimeUnit unit) {
        return schedule(task, delay, -1, unit);
    }

    @Override
    public Disposable schedulePeriodically(Runnable task, long initialDelay, long period, TimeUnit unit) {
        return schedule(task, initialDelay, Math.max(0, period), unit);
    }

    /** A negative period runs once; zero back to back (see {@link SerialWorker#schedule}). */
    private Disposable schedule(Runnable task, long delay, long period, TimeUnit unit) {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(unit, "unit");
        if (engine.isCancelled()) {
            throw rejected();
        }
        Cancellable scheduled = engine.schedule(Schedulers.onSchedule(task), unit.toNanos(delay),
                period < 0 ? -1 : unit.toNanos(period));
        if (scheduled == null) {
            throw rejected();
        }
        return new ScheduledTask(scheduled);
    }

    private RejectedExecutionException rejected() {
        return Exceptions.failWithRejected("this worker of " + scheduler + " is disposed");
    }

    @Override
    public void dispose() {
        engine.cancel();
    }

    @Override
    public boolean isDisposed() {
        return engine.isCancelled();
    }
}
