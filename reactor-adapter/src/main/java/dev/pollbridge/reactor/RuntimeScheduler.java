package dev.pollbridge.reactor;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.adapters.Cancellable;
import dev.pollbridge.runtime.bridge.adapters.SchedulerCore;
import dev.pollbridge.runtime.bridge.adapters.SerialWorker;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import reactor.core.Disposable;
import reactor.core.Exceptions;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * A Reactor {@link Scheduler} whose tasks are tasks of a Pollbridge {@link PollRuntime}, so that
 * {@code publishOn}, {@code subscribeOn}, {@code delayElements} and friends can run on the
 * runtime's workers. The engine is the runtime's {@link SchedulerCore}, shared with the RxJava
 * adapter; this class adds Reactor's rules.
 *
 * <h2>Tasks</h2>
 * Each {@code schedule} call decorates the runnable with {@link Schedulers#onSchedule} (so
 * {@code Schedulers.onScheduleHook} decorators apply, as on Reactor's own schedulers) and spawns
 * one runtime task: the delay is a {@code PollRuntime.sleep}, a period a {@code PollRuntime.interval}
 * (1 ms resolution; missed ticks are skipped), both on the runtime's timing wheel and clock. A
 * period of zero or less runs the task again right after each run, yielding the worker in
 * between. Direct tasks may run in parallel on several workers; a {@link RuntimeWorker} from
 * {@link #createWorker()} runs its tasks one at a time, in order. A runnable that throws is
 * reported as Reactor's schedulers report it ({@link TaskFailures}): to the runtime's
 * uncaught-failure handler (in place of the thread's uncaught-exception handler) and then to the
 * {@code Schedulers.onHandleError} hook, once each; a periodic one then stops.
 *
 * <p>Runnables run inside a task's poll, on a worker thread: they must not block (rule 4), and a
 * long one delays the other tasks of that worker. Use {@code Schedulers.boundedElastic()} for
 * blocking work.
 *
 * <h2>Cancellation</h2>
 * The returned {@link Disposable} aborts the task ({@link ScheduledTask}). {@link #dispose()}
 * disposes every task and worker not finished yet, and then {@code schedule} and
 * {@code createWorker} throw {@link RejectedExecutionException}, like Reactor's schedulers. It
 * does not close the runtime, which the scheduler does not own. If the runtime is closed,
 * {@code schedule} throws the runtime's {@code RejectedExecutionException}.
 *
 * <p>{@link #now(TimeUnit)} is the runtime's clock: Reactor's default (the wall clock, since the
 * epoch) on the system clock, and the clock's own time on any other clock, so that on a
 * {@code VirtualClock} {@code now} moves exactly as far as the clock does (as RxJava's adapter).
 */
final class RuntimeScheduler implements Scheduler {

    private final SchedulerCore core;

    RuntimeScheduler(PollRuntime runtime) {
        Objects.requireNonNull(runtime, "runtime");
        this.core = new SchedulerCore(runtime, failure -> TaskFailures.report(runtime, failure));
    }

    @Override
    public Disposable schedule(Runnable task) {
        return spawn(task, 0, -1, TimeUnit.NANOSECONDS);
    }

    @Override
    public Disposable schedule(Runnable task, long delay, TimeUnit unit) {
        return spawn(task, delay, -1, unit);
    }

    @Override
    public Disposable schedulePeriodically(Runnable task, long initialDelay, long period, TimeUnit unit) {
        return spawn(task, initialDelay, Math.max(0, period), unit);
    }

    @Override
    public long now(TimeUnit unit) {
        return core.now(unit, Scheduler.super::now);
    }

    private Disposable spawn(Runnable task, long delay, long period, TimeUnit unit) {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(unit, "unit");
        Cancellable scheduled = core.schedule(Schedulers.onSchedule(task), unit.toNanos(delay),
                period >= 0 ? unit.toNanos(period) : -1);
        if (scheduled == null) {
            throw Exceptions.failWithRejected(this + " is disposed");
        }
        return new ScheduledTask(scheduled);
    }

    @Override
    public Worker createWorker() {
        SerialWorker engine = core.createWorker();
        if (engine.isCancelled()) { // born cancelled: the scheduler is disposed
            throw Exceptions.failWithRejected(this + " is disposed");
        }
        return new RuntimeWorker(engine, this);
    }

    @Override
    public void dispose() {
        core.shutdown();
    }

    @Override
    public boolean isDisposed() {
        return core.isShutdown();
    }

    /** Tasks and workers not finished or disposed yet (for tests). */
    int liveTasks() {
        return core.liveTasks();
    }

    @Override
    public String toString() {
        return "ReactorBridge.scheduler(" + core.runtime() + ")";
    }
}
