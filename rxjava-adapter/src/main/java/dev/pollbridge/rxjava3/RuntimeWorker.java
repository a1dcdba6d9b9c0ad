package dev.pollbridge.rxjava3;

import dev.pollbridge.runtime.bridge.adapters.SerialWorker;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Scheduler.Worker} of {@link RuntimeScheduler}: runs its tasks one at a time, in the
 * order they became due (FIFO), never two at once, as RxJava requires of a worker. Delayed tasks
 * with the same deadline run in the order they were scheduled (RxJava's {@code delay} relies on
 * it). The engine is the runtime's {@link SerialWorker} (one drain task at a time, at most 64 runs
 * per poll; its class note has the details); runnables are decorated with
 * {@link RxJavaPlugins#onSchedule}. A task scheduled from inside a running task is queued, never
 * run inline.
 *
 * <h2>Cancellation</h2>
 * A task's {@code Disposable} skips its runs and aborts its timer. {@link #dispose()} disposes
 * every timer and drops the queue; a run in progress completes. As on RxJava's own workers,
 * scheduling on a disposed worker runs nothing and returns {@link Disposable#disposed()}; so does
 * scheduling on a closed runtime, which also reports the runtime's
 * {@link RejectedExecutionException} to {@code RxJavaPlugins.onError} (and disposes the worker).
 */
final class RuntimeWorker extends Scheduler.Worker {

    private final SerialWorker engine;
    private final RuntimeScheduler scheduler;

    RuntimeWorker(SerialWorker engine, RuntimeScheduler scheduler) {
        this.engine = engine;
        this.scheduler = scheduler;
    }

    @Override
    public Disposable schedule(Runnable run, long delay, TimeUnit unit) {
        return schedule(run, delay, -1, unit);
    }

    @Override
    public Disposable schedulePeriodically(Runnable run, long initialDelay, long period, TimeUnit unit) {
        return schedule(run, initialDelay, Math.max(0, period), unit);
    }

    /** A negative period runs once; zero back to back (see {@link SerialWorker#schedule}). */
    private Disposable schedule(Runnable run, long delay, long period, TimeUnit unit) {
        Objects.requireNonNull(run, "run is null");
        Objects.requireNonNull(unit, "unit is null");
        if (engine.isCancelled()) {
            return Disposable.disposed();
        }
        Runnable decorated = RxJavaPlugins.onSchedule(run);
        try {
            return ScheduledTask.of(engine.schedule(decorated, unit.toNanos(delay), period < 0 ? -1 : unit.toNanos(period)));
        } catch (RejectedExecutionException closedRuntime) {
            Undeliverable.report(closedRuntime);
            return Disposable.disposed();
        }
    }

    @Override
    public long now(TimeUnit unit) {
        return scheduler.now(unit);
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
