package dev.pollbridge.rxjava3;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.adapters.Cancellable;
import dev.pollbridge.runtime.bridge.adapters.SchedulerCore;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * An RxJava {@link Scheduler} whose tasks are tasks of a Pollbridge {@link PollRuntime}, so that
 * {@code observeOn}, {@code subscribeOn}, {@code interval}, {@code timer}, {@code delay} and
 * friends run on the runtime's workers and timers. The engine is the runtime's
 * {@link SchedulerCore}, shared with the Reactor adapter; this class adds RxJava's rules.
 *
 * <h2>Tasks</h2>
 * Each direct schedule call ({@code scheduleDirect}, {@code schedulePeriodicallyDirect})
 * decorates the runnable with {@link RxJavaPlugins#onSchedule} and spawns one runtime task: the
 * delay is a {@code PollRuntime.sleep}, a period a {@code PollRuntime.interval}, both on the runtime's
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

    private final SchedulerCore core;

    RuntimeScheduler(PollRuntime runtime) {
        this.core = new SchedulerCore(Objects.requireNonNull(runtime, "runtime"), Undeliverable::report); // a fatal error too: never into the worker
    }

    @Override
    public Worker createWorker() {
        return new RuntimeWorker(core.createWorker(), this);
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
        try {
            return ScheduledTask.of(core.schedule(decorated, delayNanos, periodNanos));
        } catch (RejectedExecutionException closedRuntime) {
            Undeliverable.report(closedRuntime);
            return Disposable.disposed();
        }
    }

    @Override
    public long now(TimeUnit unit) {
        return core.now(unit, super::now);
    }

    @Override
    public void start() {
        core.start();
    }

    @Override
    public void shutdown() {
        core.shutdown();
    }

    /** Tasks and workers not finished or disposed yet (for tests). */
    int liveTasks() {
        return core.liveTasks();
    }

    @Override
    public String toString() {
        return "RxJavaBridge.scheduler(" + core.runtime() + ")";
    }
}
