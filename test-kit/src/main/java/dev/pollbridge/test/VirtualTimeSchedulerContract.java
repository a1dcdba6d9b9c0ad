package dev.pollbridge.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The counterpart of {@link SchedulerContract} on a deterministic runtime with a virtual clock:
 * a library scheduler's delays and periods are the runtime's timers, so nothing runs before its
 * time and everything runs once the clock gets there. The subclass runs the runtime's tasks on
 * the test thread ({@link #runUntilIdle()}) and moves its clock ({@link #advance}); the checks
 * then run deterministically. Each check is a public method a subclass may override to leave it
 * out.
 *
 * @param <D> the library's handle of a scheduled task
 * @param <W> the library's worker
 */
@SuppressWarnings("exports") // JUnit's annotations: whoever extends this reads JUnit already
public abstract class VirtualTimeSchedulerContract<D, W extends D> {

    /** For subclasses. */
    protected VirtualTimeSchedulerContract() {}

    /**
     * The scheduler under test, on a runtime with no worker threads and a virtual clock; the
     * subclass builds it before each check and disposes it (and its runtime) after.
     *
     * @return the scheduler under test
     */
    protected abstract SchedulerDriver<D, W> scheduler();

    /** Runs the runtime's ready tasks on the calling thread until none is left. */
    protected abstract void runUntilIdle();

    /**
     * Moves the virtual clock forward by {@code duration}, then {@link #runUntilIdle()}.
     *
     * @param duration how far
     */
    protected abstract void advance(Duration duration);

    // ---- the checks ----------------------------------------------------------------------------

    /** A delayed task runs when the clock reaches its deadline, not a minute earlier. */
    @Test
    public void aDelayedTaskRunsExactlyWhenTheClockReachesItsDeadline() {
        AtomicInteger runs = new AtomicInteger();
        scheduler().schedule(runs::incrementAndGet, 1, TimeUnit.HOURS);
        runUntilIdle();
        advance(Duration.ofMinutes(59));
        assertEquals(0, runs.get());
        advance(Duration.ofMinutes(1));
        assertEquals(1, runs.get());
    }

    /** A periodic task runs once a period after its initial delay; missed ticks are skipped. */
    @Test
    public void aPeriodicTaskRunsOncePerPeriodAfterItsInitialDelayAndSkipsMissedTicks() {
        SchedulerDriver<D, W> scheduler = scheduler();
        AtomicInteger runs = new AtomicInteger();
        D periodic = scheduler.schedulePeriodically(runs::incrementAndGet, 10, 5, TimeUnit.SECONDS);
        runUntilIdle();
        advance(Duration.ofSeconds(9));
        assertEquals(0, runs.get());
        advance(Duration.ofSeconds(1));
        assertEquals(1, runs.get());
        for (int period = 2; period <= 4; period++) {
            advance(Duration.ofSeconds(5));
            assertEquals(period, runs.get());
        }
        advance(Duration.ofSeconds(17)); // three periods late: one catch-up run, not three
        assertEquals(5, runs.get(), "missed ticks are skipped, not replayed");
        scheduler.dispose(periodic);
        runUntilIdle();
        advance(Duration.ofMinutes(1));
        assertEquals(5, runs.get());
    }

    /** A worker runs its delayed tasks in deadline order, between its immediate ones. */
    @Test
    public void aWorkerRunsDelayedTasksInDeadlineOrderBetweenItsImmediateOnes() {
        SchedulerDriver<D, W> scheduler = scheduler();
        W worker = scheduler.createWorker();
        List<String> log = new ArrayList<>(); // runs are serial on the test thread
        scheduler.schedule(worker, () -> log.add("at 30s"), 30, TimeUnit.SECONDS);
        scheduler.schedule(worker, () -> log.add("at 10s"), 10, TimeUnit.SECONDS);
        scheduler.schedule(worker, () -> log.add("now"));
        runUntilIdle();
        assertEquals(List.of("now"), log);
        advance(Duration.ofSeconds(10));
        scheduler.schedule(worker, () -> log.add("after 10s"));
        runUntilIdle();
        advance(Duration.ofSeconds(20));
        assertEquals(List.of("now", "at 10s", "after 10s", "at 30s"), log);
        scheduler.dispose(worker);
    }

    /** A worker's delayed tasks with one deadline run in the order they were scheduled. */
    @Test
    public void delayedWorkerTasksWithOneDeadlineRunInScheduleOrder() {
        SchedulerDriver<D, W> scheduler = scheduler();
        W worker = scheduler.createWorker();
        List<Integer> log = new ArrayList<>(); // runs are serial on the test thread
        for (int i = 0; i < 100; i++) {
            int index = i;
            scheduler.schedule(worker, () -> log.add(index), 1, TimeUnit.SECONDS);
        }
        runUntilIdle();
        advance(Duration.ofSeconds(1));
        assertEquals(IntStream.range(0, 100).boxed().toList(), log);
        scheduler.dispose(worker);
    }

    /** A task delayed beyond the end of time does not hold back the worker's other delayed tasks. */
    @Test
    public void aTaskDelayedBeyondTheEndOfTimeDoesNotHoldBackTheWorkersOtherDelayedTasks() {
        SchedulerDriver<D, W> scheduler = scheduler();
        W worker = scheduler.createWorker();
        List<String> log = new ArrayList<>();
        scheduler.schedule(worker, () -> log.add("never"), Long.MAX_VALUE, TimeUnit.NANOSECONDS);
        scheduler.schedule(worker, () -> log.add("at 1s"), 1, TimeUnit.SECONDS);
        runUntilIdle();
        advance(Duration.ofSeconds(1));
        assertEquals(List.of("at 1s"), log);
        scheduler.dispose(worker);
    }

    /** Disposing a delayed task closes its timer: it never runs, and the scheduler holds nothing of it. */
    @Test
    public void disposingADelayedTaskClosesItsTimer() {
        SchedulerDriver<D, W> scheduler = scheduler();
        AtomicInteger runs = new AtomicInteger();
        D delayed = scheduler.schedule(runs::incrementAndGet, 1, TimeUnit.SECONDS);
        runUntilIdle();
        scheduler.dispose(delayed);
        runUntilIdle();
        advance(Duration.ofSeconds(2));
        assertEquals(0, runs.get());
        assertTrue(scheduler.isDisposed(delayed));
        assertEquals(0, scheduler.liveTasks());
        assertFalse(scheduler.isShutdown());
    }
}
