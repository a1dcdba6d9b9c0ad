package dev.pollbridge.rxjava3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.test.runtime.TestRuntime;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.schedulers.Timed;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The scheduler's delays and periods are the runtime's timers (its timing wheel): on a
 * deterministic runtime with a {@link VirtualClock} nothing runs before its time, everything runs
 * once the clock gets there, and RxJava's time operators follow the virtual clock.
 */
class RuntimeSchedulerVirtualTimeTest {

    private final VirtualClock clock = new VirtualClock(Duration.ofDays(1).toNanos());
    private final TestRuntime runtime = TestRuntime.wrap(PollRuntime.builder().workers(0).clock(clock).build());
    private final Scheduler scheduler = RxJavaBridge.scheduler(runtime.runtime());

    @AfterEach
    void stop() {
        scheduler.shutdown();
        runtime.close();
    }

    private void advance(Duration duration) {
        clock.advance(duration);
        runtime.runUntilIdle();
    }

    @Test
    void aDelayedTaskRunsExactlyWhenTheClockReachesItsDeadline() {
        AtomicInteger runs = new AtomicInteger();
        scheduler.scheduleDirect(runs::incrementAndGet, 1, TimeUnit.HOURS);
        runtime.runUntilIdle();
        advance(Duration.ofMinutes(59));
        assertEquals(0, runs.get());
        advance(Duration.ofMinutes(1));
        assertEquals(1, runs.get());
    }

    @Test
    void aPeriodicTaskRunsOncePerPeriodAfterItsInitialDelayAndSkipsMissedTicks() {
        AtomicInteger runs = new AtomicInteger();
        Disposable periodic = scheduler.schedulePeriodicallyDirect(runs::incrementAndGet, 10, 5, TimeUnit.SECONDS);
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
        assertEquals(5, runs.get(), "missed ticks are skipped, not replayed");
        periodic.dispose();
        runtime.runUntilIdle();
        advance(Duration.ofMinutes(1));
        assertEquals(5, runs.get());
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
    void delayedWorkerTasksWithOneDeadlineRunInScheduleOrderAndRxJavaDelayKeepsItemOrder() {
        Scheduler.Worker worker = scheduler.createWorker();
        List<Integer> log = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            int index = i;
            worker.schedule(() -> log.add(index), 1, TimeUnit.SECONDS);
        }
        TestObserver<Integer> delayed = Observable.range(0, 100).delay(1, TimeUnit.SECONDS, scheduler).test();
        runtime.runUntilIdle();
        advance(Duration.ofSeconds(1));
        assertEquals(java.util.stream.IntStream.range(0, 100).boxed().toList(), log);
        delayed.assertValueCount(100).assertComplete();
        assertEquals(log, delayed.values());
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
    void rxJavaIntervalAndTimerFollowTheVirtualClock() {
        TestObserver<Long> interval = Observable.interval(1, TimeUnit.SECONDS, scheduler).take(3).test();
        TestObserver<Long> timer = Observable.timer(5, TimeUnit.SECONDS, scheduler).test();
        runtime.runUntilIdle();
        interval.assertEmpty();
        for (long second = 1; second <= 3; second++) {
            advance(Duration.ofSeconds(1));
            assertEquals(second, interval.values().size());
        }
        interval.assertResult(0L, 1L, 2L);
        timer.assertEmpty();
        advance(Duration.ofSeconds(2));
        timer.assertResult(0L);
    }

    @Test
    void nowIsTheVirtualClockSoTimestampsAgreeWithTheTimers() {
        assertEquals(clock.nanoTime() / 1_000_000, scheduler.now(TimeUnit.MILLISECONDS));
        TestObserver<Timed<Long>> stamped = Observable.timer(3, TimeUnit.SECONDS, scheduler)
                .timestamp(TimeUnit.MILLISECONDS, scheduler)
                .test();
        runtime.runUntilIdle();
        long start = scheduler.now(TimeUnit.MILLISECONDS);
        advance(Duration.ofSeconds(3));
        stamped.assertValueCount(1);
        assertEquals(start + 3_000, stamped.values().get(0).time());
        Scheduler.Worker worker = scheduler.createWorker();
        assertEquals(scheduler.now(TimeUnit.NANOSECONDS), worker.now(TimeUnit.NANOSECONDS));
        worker.dispose();
    }

    @Test
    void disposingADelayedTaskClosesItsTimer() {
        AtomicInteger runs = new AtomicInteger();
        Disposable delayed = scheduler.scheduleDirect(runs::incrementAndGet, 1, TimeUnit.SECONDS);
        runtime.runUntilIdle();
        delayed.dispose();
        runtime.runUntilIdle();
        advance(Duration.ofSeconds(2));
        assertEquals(0, runs.get());
        assertTrue(delayed.isDisposed());
        assertFalse(((RuntimeScheduler) scheduler).liveTasks() > 0);
    }
}
