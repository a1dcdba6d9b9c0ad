package dev.pollbridge.runtime.bridge.adapters;

import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.time.Clock;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;

/**
 * The engine of a library {@code Scheduler} whose tasks are tasks of a Pollbridge
 * {@link PollRuntime}; the adapter's scheduler class delegates to it and adds its library's rules.
 *
 * <h2>Tasks</h2>
 * Each {@link #schedule} spawns one {@link TimedTask}: the delay is a {@code PollRuntime.sleep}, a
 * period a {@code PollRuntime.interval}, both on the runtime's timing wheel and clock (1 ms
 * resolution; a run that overruns its period makes the missed ticks be skipped). A period of zero
 * or less runs the task again right after each run, yielding the worker in between. Direct tasks
 * may run in parallel on several runtime workers; a {@link SerialWorker} from
 * {@link #createWorker()} runs its tasks one at a time, in order. Runnables run inside a task's
 * poll, on a runtime worker thread.
 *
 * <h2>Failures</h2>
 * A runnable that throws goes to the failure sink the adapter gave (its library's error hook, or
 * the runtime's uncaught-failure handler), never to the runtime worker; a periodic one then stops.
 * The sink must not throw, except to let a JVM-fatal error through.
 *
 * <h2>Cancellation and shutdown</h2>
 * The {@link Cancellable} of a task aborts it ({@link ScheduledTask}). {@link #shutdown()} cancels
 * every task and worker not finished yet; afterwards {@link #schedule} returns {@code null} and
 * new workers are born cancelled, until {@link #start()}. Neither touches the runtime, which the
 * scheduler does not own. A closed runtime makes {@code schedule} throw its
 * {@link RejectedExecutionException}.
 */
public final class SchedulerCore {

    private final PollRuntime runtime;
    private final Consumer<Throwable> failures;
    /** The live tasks and workers; replaced by a fresh set when a shut-down scheduler is started. */
    private final AtomicReference<TaskSet> tasks = new AtomicReference<>(new TaskSet());

    /**
     * @param runtime  the runtime whose workers and timers run the tasks (not owned)
     * @param failures where a runnable that throws is reported; called on a runtime worker
     */
    public SchedulerCore(PollRuntime runtime, Consumer<Throwable> failures) {
        this.runtime = Objects.requireNonNull(runtime, "runtime");
        this.failures = Objects.requireNonNull(failures, "failures");
    }

    /** The runtime this scheduler spawns on. */
    public PollRuntime runtime() {
        return runtime;
    }

    /**
     * The scheduler's {@code now} in {@code unit}: the library's own default (the wall clock, as
     * its schedulers read it) on a runtime with the system clock, and the runtime clock's time on
     * any other, so that on a {@code VirtualClock} {@code now} moves exactly as far as the clock
     * and agrees with the timers it drives.
     *
     * @param unit the unit of the answer
     * @param libraryNow the library scheduler's default {@code now}
     * @return the time in {@code unit}
     */
    public long now(TimeUnit unit, ToLongFunction<TimeUnit> libraryNow) {
        Clock clock = runtime.clock();
        if (clock == Clock.system()) {
            return libraryNow.applyAsLong(unit);
        }
        return unit.convert(clock.nanoTime(), TimeUnit.NANOSECONDS);
    }

    /**
     * Runs {@code action} as a runtime task after {@code delayNanos} (none if zero or less), once
     * if {@code periodNanos} is negative, else repeatedly: every {@code periodNanos}, or back to
     * back if it is zero.
     *
     * @param action the runnable, already decorated by the library's schedule hook
     * @return the task, or {@code null} if the scheduler is shut down (nothing is spawned)
     * @throws RejectedExecutionException if the runtime is closed
     */
    public Cancellable schedule(Runnable action, long delayNanos, long periodNanos) {
        TaskSet owner = tasks.get();
        ScheduledTask scheduled = new ScheduledTask(owner);
        if (!owner.add(scheduled)) {
            return null;
        }
        TimedTask timed = new TimedTask(runtime, delayNanos, periodNanos, () -> runReporting(action), scheduled::finished);
        JoinHandle<Void> handle;
        try {
            handle = runtime.spawn(timed);
        } catch (RejectedExecutionException closedRuntime) {
            timed.close(); // ends the task: it leaves the set
            throw closedRuntime;
        }
        scheduled.started(handle);
        return scheduled;
    }

    /** A new worker; born cancelled if the scheduler is shut down. */
    public SerialWorker createWorker() {
        TaskSet owner = tasks.get();
        SerialWorker worker = new SerialWorker(this, runtime, owner);
        if (!owner.add(worker)) {
            worker.cancel(); // shut down: a worker that runs nothing
        }
        return worker;
    }

    /** Runs a task's runnable; returns false if it threw (which stops a periodic task). */
    boolean runReporting(Runnable action) {
        try {
            action.run();
            return true;
        } catch (Throwable failure) {
            failures.accept(failure);
            return false;
        }
    }

    /** Cancels every task and worker not finished yet; later schedule calls do nothing. Idempotent. */
    public void shutdown() {
        tasks.get().dispose();
    }

    /** Undoes {@link #shutdown()}: later schedule calls spawn again. Does nothing if running. */
    public void start() {
        TaskSet current = tasks.get();
        if (current.isDisposed()) {
            tasks.compareAndSet(current, new TaskSet());
        }
    }

    /** True after {@link #shutdown()} (until {@link #start()}). */
    public boolean isShutdown() {
        return tasks.get().isDisposed();
    }

    /** Tasks and workers not finished or cancelled yet (for tests). */
    public int liveTasks() {
        return tasks.get().size();
    }
}
