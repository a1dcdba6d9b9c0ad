package dev.pollbridge.reactor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.test.runtime.TestRuntime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;

/**
 * The scheduler's delays and periods are the runtime's timers: on a deterministic runtime with a
 * virtual clock nothing runs before its time, and everything runs once the clock gets there.
 */
class RuntimeSchedulerVirtualTimeTest {

    private final VirtualClock clock = new VirtualClock();
    private final TestRuntime runtime = TestRuntime.wrap(PollRuntime.builder().workers(0).clock(clock).build());
    private final Scheduler scheduler = ReactorBridge.scheduler(runtime.runtime());

    @AfterEach
    void stop() {
        scheduler.dispose();
        runtime.close();
    }

    private void advance(Duration duration) {
        clock.advance(duration);
        runtime.runUntilIdle();
    }

    @Test
    void aDelayedTaskRunsExactlyWhenTheClockReachesItsDeadline() {
        AtomicInteger runs = new AtomicInteger();
        scheduler.schedule(runs::incrementAndGet, 1, TimeUnit.HOURS);
        runtime.runUntilIdle();
        advance(Duration.ofMinutes(59));
        assertEquals(0, runs.get());
        advance(Duration.ofMinutes(1));
        assertEquals(1, runs.get());
    }

    @Test
    void aPeriodicTaskRunsOncePerPeriodAfterItsInitialDelayAndSkipsMissedTicks() {
        AtomicInteger runs = new AtomicInteger();
        Disposable periodic = scheduler.schedulePeriodically(runs::incrementAndGet, 10, 5, TimeUnit.SECONDS);
        runtime.runUntilIdle();
        advance(Duration.ofSeconds(9));
        assertEquals(0, runs.get());
        advance(Duration.ofSeconds(1));
        assertEquals(1, runs.get());
        for (int period = 2; period <= 4; period++) {
            advance(Duration.ofSeconds(5));
            assertEquals(period, runs.get());
        }
        advance(Duration.ofSeconds(17)); // three periods late: one catch-up run, not three
        int afterGap = runs.get();
        assertEquals(5, afterGap, "missed ticks are skipped, not replayed");
        periodic.dispose();
        runtime.runUntilIdle();
        advance(Duration.ofMinutes(1));
        assertEquals(afterGap, runs.get());
    }

    @Test
    void aWorkerRunsDelayedTasksInDeadlineOrderBetweenItsImmediateOnes() {
        Scheduler.Worker worker = scheduler.createWorker();
        List<String> log = new ArrayList<>(); // runs are serial on the test thread
        worker.schedule(() -> log.add("at 30s"), 30, TimeUnit.SECONDS);
        worker.schedule(() -> log.add("at 10s"), 10, TimeUnit.SECONDS);
        worker.schedule(() -> log.add("now"));
        runtime.runUntilIdle();
        assertEquals(List.of("now"), log);
        advance(Duration.ofSeconds(10));
        worker.schedule(() -> log.add("after 10s"));
        runtime.runUntilIdle();
        advance(Duration.ofSeconds(20));
        assertEquals(List.of("now", "at 10s", "after 10s", "at 30s"), log);
        worker.dispose();
    }

    @Test
    void delayedWorkerTasksWithOneDeadlineRunInScheduleOrderAndDelaySequenceKeepsItemOrder() {
        Scheduler.Worker worker = scheduler.createWorker();
        List<Integer> log = new ArrayList<>(); // runs are serial on the test thread
        for (int i = 0; i < 100; i++) {
            int index = i;
            worker.schedule(() -> log.add(index), 1, TimeUnit.SECONDS);
        }
        List<Integer> delayed = new ArrayList<>();
        Flux.range(0, 100).delaySequence(Duration.ofSeconds(1), scheduler).subscribe(delayed::add);
        runtime.runUntilIdle();
        advance(Duration.ofSeconds(1));
        List<Integer> inOrder = IntStream.range(0, 100).boxed().toList();
        assertEquals(inOrder, log);
        assertEquals(inOrder, delayed);
        worker.dispose();
    }

    @Test
    void aTaskDelayedBeyondTheEndOfTimeDoesNotHoldBackTheWorkersOtherDelayedTasks() {
        Scheduler.Worker worker = scheduler.createWorker();
        List<String> log = new ArrayList<>();
        worker.schedule(() -> log.add("never"), Long.MAX_VALUE, TimeUnit.NANOSECONDS);
        worker.schedule(() -> log.add("at 1s"), 1, TimeUnit.SECONDS);
        runtime.runUntilIdle();
        advance(Duration.ofSeconds(1));
        assertEquals(List.of("at 1s"), log);
        worker.dispose();
    }

    @Test
    void disposingADelayedTaskClosesItsTimer() {
        AtomicInteger runs = new AtomicInteger();
        Disposable delayed = scheduler.schedule(runs::incrementAndGet, 1, TimeUnit.SECONDS);
        runtime.runUntilIdle();
        delayed.dispose();
        runtime.runUntilIdle();
        advance(Duration.ofSeconds(2));
        assertEquals(0, runs.get());
        assertTrue(delayed.isDisposed());
        assertFalse(scheduler.isDisposed());
    }
}
