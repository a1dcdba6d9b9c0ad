package dev.pollbridge.runtime.time;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockTask;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Interval#reset()} and its variants, and the scheduled instant of each tick, ported from
 * Tokio's {@code tokio/tests/time_interval.rs} ({@code reset}, {@code reset_immediately},
 * {@code reset_after}, {@code reset_at}, {@code reset_at_bigger_than_interval}, and
 * {@code burst} with instants): the same period (300 ms), the same advances of virtual time, the
 * same instants. Tokio's {@code check_interval_poll!(i, start, deltas...)} is {@link #check}: a
 * ready tick at {@code start + delta} for each delta, then pending. As in Tokio, the clock first
 * moves 1 ms past the start so that every timer due "now" has fired at the 1 ms resolution, which
 * is why a reset lands on {@code ...1}: it counts from now.
 */
class IntervalResetTest {

    private final VirtualClock clock = new VirtualClock();
    private final PollRuntime runtime = PollRuntime.builder().workers(0).clock(clock).build();
    private final CountingWaker waker = new CountingWaker();
    private final long start = clock.nanoTime();

    @AfterEach
    void close() {
        runtime.close();
    }

    private Interval interval() {
        Interval interval = runtime.interval(ms(300));
        clock.advance(ms(1));
        return interval;
    }

    private static Duration ms(long millis) {
        return Duration.ofMillis(millis);
    }

    /** Tokio's {@code check_interval_poll!}: a tick at {@code start + delta} for each delta, then pending. */
    private void check(Interval interval, long... deltas) {
        for (long delta : deltas) {
            assertReady(interval.pollTick(Context.of(waker)), start + ms(delta).toNanos());
        }
        assertPending(interval.pollTick(Context.of(waker)));
    }

    /** Tokio: {@code burst}, with the instants: late ticks carry the instant they were due at. */
    @Test
    void burstTicksCarryTheirScheduledInstant() {
        Interval i = runtime.interval(ms(300), MissedTickBehavior.BURST);
        clock.advance(ms(1));
        check(i, 0);
        clock.advance(ms(100));
        check(i);
        clock.advance(ms(200));
        check(i, 300);
        clock.advance(ms(650));
        check(i, 600, 900);
        clock.advance(ms(200));
        check(i);
        clock.advance(ms(100));
        check(i, 1200);
        clock.advance(ms(250));
        check(i, 1500);
        clock.advance(ms(300));
        check(i, 1800);
    }

    /** Tokio: {@code reset}: the next tick one period from now, the grid from there. */
    @Test
    void reset() {
        Interval i = interval();
        check(i, 0);
        clock.advance(ms(100));
        check(i);
        clock.advance(ms(200));
        check(i, 300);
        clock.advance(ms(100));
        check(i);
        i.reset();
        clock.advance(ms(250));
        check(i);
        clock.advance(ms(50));
        check(i, 701);
        clock.advance(ms(300));
        check(i, 1001);
    }

    /** Tokio: {@code reset_immediately}. */
    @Test
    void resetImmediately() {
        Interval i = interval();
        check(i, 0);
        clock.advance(ms(100));
        check(i);
        clock.advance(ms(200));
        check(i, 300);
        clock.advance(ms(100));
        check(i);
        i.resetImmediately();
        check(i, 401);
        clock.advance(ms(100));
        check(i);
        clock.advance(ms(200));
        check(i, 701);
    }

    /** Tokio: {@code reset_after}. */
    @Test
    void resetAfter() {
        Interval i = interval();
        check(i, 0);
        clock.advance(ms(100));
        check(i);
        clock.advance(ms(200));
        check(i, 300);
        clock.advance(ms(100));
        check(i);
        i.resetAfter(ms(20));
        clock.advance(ms(20));
        check(i, 421);
        clock.advance(ms(100));
        check(i);
        clock.advance(ms(200));
        check(i, 721);
    }

    /** Tokio: {@code reset_at}. */
    @Test
    void resetAt() {
        Interval i = interval();
        check(i, 0);
        clock.advance(ms(100));
        check(i);
        clock.advance(ms(200));
        check(i, 300);
        clock.advance(ms(100));
        check(i);
        i.resetAt(clock.nanoTime() + ms(40).toNanos());
        clock.advance(ms(40));
        check(i, 441);
        clock.advance(ms(100));
        check(i);
        clock.advance(ms(200));
        check(i, 741);
    }

    /** Tokio: {@code reset_at_bigger_than_interval}: no tick until the reset instant. */
    @Test
    void resetAtBiggerThanInterval() {
        Interval i = interval();
        check(i, 0);
        clock.advance(ms(100));
        check(i);
        clock.advance(ms(200));
        check(i, 300);
        clock.advance(ms(100));
        check(i);
        i.resetAt(clock.nanoTime() + ms(1000).toNanos());
        clock.advance(ms(300));
        check(i);
        clock.advance(ms(300));
        check(i);
        clock.advance(ms(300));
        check(i);
        clock.advance(ms(100));
        check(i, 1401);
        clock.advance(ms(300));
        check(i, 1701);
    }

    @Test
    void aResetKeepsTheWaitingTaskRegistered() {
        Interval i = interval();
        check(i, 0);
        waker.markPolled();
        i.reset(); // while pending: woken at the new instant, no poll in between
        clock.advance(ms(299));
        assertFalse(waker.isWoken());
        clock.advance(ms(1));
        assertTrue(waker.isWoken());
        check(i, 301);

        waker.markPolled();
        i.resetImmediately(); // due now: woken at once
        assertTrue(waker.isWoken());
        check(i, 301);
    }

    @Test
    void ticksAndTickNumbersDrawFromTheSameTicks() {
        Interval i = interval();
        assertEquals(Poll.ready(0L), i.pollNext(Context.of(waker)));
        clock.advance(ms(300));
        try (MockTask<Long> tick = MockTask.spawn(i.tick())) {
            assertReady(tick.poll(), start + ms(300).toNanos());
            assertThrows(IllegalStateException.class, tick::poll, "ready is final for a tick future");
        }
        clock.advance(ms(300));
        assertEquals(Poll.ready(2L), i.pollNext(Context.of(waker)), "the tick taken by tick() counts");
    }

    @Test
    void droppingAPendingTickTakesNoTick() {
        Interval i = interval();
        check(i, 0);
        PollFuture<Long> tick = i.tick();
        try (MockTask<Long> task = MockTask.spawn(tick)) {
            assertPending(task.poll());
        }
        clock.advance(ms(300));
        check(i, 300);
    }

    @Test
    void accessorsAndMisuse() {
        Interval i = runtime.interval(ms(250), MissedTickBehavior.DELAY);
        assertEquals(ms(250), i.period());
        assertEquals(MissedTickBehavior.DELAY, i.missedTickBehavior());
        assertEquals(MissedTickBehavior.SKIP, runtime.interval(ms(1)).missedTickBehavior());
        i.close();
        assertThrows(IllegalStateException.class, i::reset);
        assertThrows(IllegalStateException.class, () -> i.pollTick(Context.of(waker)));
        assertThrows(NullPointerException.class, () -> runtime.interval(ms(1)).resetAfter(null));
    }
}
