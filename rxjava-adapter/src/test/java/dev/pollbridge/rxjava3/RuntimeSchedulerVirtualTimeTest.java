package dev.pollbridge.rxjava3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.test.SchedulerDriver;
import dev.pollbridge.test.VirtualTimeSchedulerContract;
import dev.pollbridge.test.runtime.TestRuntime;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.schedulers.Timed;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The scheduler's delays and periods are the runtime's timers (its timing wheel): on a
 * deterministic runtime with a {@link VirtualClock} nothing runs before its time, everything runs
 * once the clock gets there (the {@link VirtualTimeSchedulerContract}), and RxJava's time
 * operators follow the virtual clock.
 */
class RuntimeSchedulerVirtualTimeTest extends VirtualTimeSchedulerContract<Disposable, Scheduler.Worker> {

    private final VirtualClock clock = new VirtualClock(Duration.ofDays(1).toNanos());
    private final TestRuntime runtime = TestRuntime.wrap(PollRuntime.builder().workers(0).clock(clock).build());
    private final Scheduler scheduler = RxJavaBridge.scheduler(runtime.runtime());

    @AfterEach
    void stop() {
        scheduler.shutdown();
        runtime.close();
    }

    @Override
    protected void advance(Duration duration) {
        clock.advance(duration);
        runtime.runUntilIdle();
    }

    @Override
    protected SchedulerDriver<Disposable, Scheduler.Worker> scheduler() {
        return new RxJavaSchedulerDriver((RuntimeScheduler) scheduler);
    }

    @Override
    protected void runUntilIdle() {
        runtime.runUntilIdle();
    }

    @Test
    void rxJavaDelayKeepsItemOrder() {
        TestObserver<Integer> delayed = Observable.range(0, 100).delay(1, TimeUnit.SECONDS, scheduler).test();
        runtime.runUntilIdle();
        advance(Duration.ofSeconds(1));
        delayed.assertValueCount(100).assertComplete();
        assertEquals(IntStream.range(0, 100).boxed().toList(), delayed.values());
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
}
