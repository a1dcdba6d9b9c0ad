package dev.pollbridge.rxjava3;

import dev.pollbridge.runtime.JoinHandle;
import dev.pollbridge.runtime.Runtime;
import dev.pollbridge.runtime.time.Clock;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.exceptions.Exceptions;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An RxJava {@link Scheduler} whose tasks are tasks of a Pollbridge {@link Runtime}, so that
 * {@code observeOn}, {@code subscribeOn}, {@code interval}, {@code timer}, {@code delay} and
 * friends run on the runtime's workers and timers.
 *
 * <h2>Tasks</h2>
 * Each direct schedule call ({@code scheduleDirect}, {@code schedulePeriodicallyDirect})
 * decorates the runnable with {@link RxJavaPlugins#onSchedule} and spawns one {@link TimedTask}:
 * the delay is a {@code Runtime.sleep}, a period a {@code Runtime.interval}, both on the runtime's
 * timing wheel and clock (1 ms resolution; a run that overruns its period makes the missed ticks
 * be skipped). A period of zero or less runs the task again right after each run, yielding the
 * worker in between. Direct tasks may run in parallel on several workers; a {@link RuntimeWorker}
 * from {@link #createWorker()} runs its tasks one at a time, in order. A runnable that throws is
 * reported to {@code RxJavaPlugins.onError}, as by RxJava's own schedulers, and never reaches the
 * runtime's worker; a periodic one then stops.
 *
 * <p>Runnables run inside a task's poll, on a worker thread: they must not block (rule 4). Use
 * {@code Schedulers.io()} for blocking work.
 *
 * <h2>Time</h2>
 * {@link #now(TimeUnit)} is RxJava's default (the wall clock) on a runtime with the system clock,
 * and the runtime's clock otherwise, so that with a {@code VirtualClock} the operators that read
 * {@code now} ({@code timestamp}, {@code timeInterval}, time-bounded {@code replay}) agree with
 * the timers the clock drives.
 *
 * <h2>Cancellation and shutdown</h2>
 * The returned {@link Disposable} aborts the task ({@link ScheduledTask}). {@link #shutdown()}
 * disposes every task and worker not finished yet; afterwards, as on RxJava's own schedulers,
 * schedule calls run nothing and return {@link Disposable#disposed()} and new workers are born
 * disposed, until {@link #start()}. Neither touches the runtime, which the scheduler does not own.
 * If the runtime is closed, schedule calls report its {@link RejectedExecutionException} to
 * {@code RxJavaPlugins.onError} and return {@code Disposable.disposed()}.
 */
final class RuntimeScheduler extends Scheduler {

    private final Runtime runtime;
    /** The live tasks and workers; replaced by a fresh set when a shut-down scheduler is started. */
    private final AtomicReference<TaskSet> tasks = new AtomicReference<>(new TaskSet());

    RuntimeScheduler(Runtime runtime) {
        this.runtime = Objects.requireNonNull(runtime, "runtime");
    }

    @Override
    public Worker createWorker() {
        TaskSet owner = tasks.get();
        RuntimeWorker worker = new RuntimeWorker(this, runtime, owner);
        if (!owner.add(worker)) {
            worker.dispose(); // shut down: a worker that runs nothing
        }
        return worker;
    }

    @Override
    public Disposable scheduleDirect(Runnable run, long delay, TimeUnit unit) {
        Objects.requireNonNull(run, "run is null");
        Objects.requireNonNull(unit, "unit is null");
        return spawn(RxJavaPlugins.onSchedule(run), unit.toNanos(delay), -1);
    }

    @Override
    public Disposable schedulePeriodicallyDirect(Runnable run, long initialDelay, long period, TimeUnit unit) {
        Objects.requireNonNull(run, "run is null");
        Objects.requireNonNull(unit, "unit is null");
        return spawn(RxJavaPlugins.onSchedule(run), unit.toNanos(initialDelay), Math.max(0, unit.toNanos(period)));
    }

    private Disposable spawn(Runnable decorated, long delayNanos, long periodNanos) {
        TaskSet owner = tasks.get();
        ScheduledTask scheduled = new ScheduledTask(owner);
        if (!owner.add(scheduled)) {
            return Disposable.disposed();
        }
        TimedTask timed = new TimedTask(runtime, delayNanos, periodNanos, () -> runReporting(decorated), scheduled::finished);
        JoinHandle<Void> handle;
        try {
            handle = runtime.spawn(timed);
        } catch (RejectedExecutionException closedRuntime) {
            timed.close();
            Undeliverable.report(closedRuntime);
            return Disposable.disposed();
        }
        scheduled.started(handle);
        return scheduled;
    }

    /** Runs a task; returns false if it threw (which stops a periodic task). */
    boolean runReporting(Runnable task) {
        try {
            task.run();
            return true;
        } catch (Throwable failure) {
            Exceptions.throwIfFatal(failure);
            Undeliverable.report(failure);
            return false;
        }
    }

    @Override
    public long now(TimeUnit unit) {
        Clock clock = runtime.clock();
        if (clock == Clock.system()) {
            return super.now(unit);
        }
        return unit.convert(clock.nanoTime(), TimeUnit.NANOSECONDS);
    }

    @Override
    public void start() {
        TaskSet current = tasks.get();
        if (current.isDisposed()) {
            tasks.compareAndSet(current, new TaskSet());
        }
    }

    @Override
    public void shutdown() {
        tasks.get().dispose();
    }

    /** Tasks and workers not finished or disposed yet (for tests). */
    int liveTasks() {
        return tasks.get().size();
    }

    @Override
    public String toString() {
        return "RxJavaBridge.scheduler(" + runtime + ")";
    }
}
