package dev.pollbridge.runtime.internal.time;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockTask;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Sleeps on virtual time: no real waiting anywhere. */
class TimeDriverTest {

    private final VirtualClock clock = new VirtualClock();
    private final TimeDriver driver = new TimeDriver(clock);

    @AfterEach
    void closeDriver() {
        driver.close();
    }

    @Test
    void sleepIsLazyAndFiresExactlyAtItsMillisecond() {
        try (MockTask<Void> task = MockTask.spawn(driver.sleep(Duration.ofMillis(10)))) {
            assertEquals(0, driver.timerCount(), "nothing registered before the first poll");
            assertPending(task.poll());
            assertEquals(1, driver.timerCount());
            clock.advance(Duration.ofMillis(9));
            assertFalse(task.isWoken(), "not before the deadline");
            assertPending(task.poll());
            clock.advance(Duration.ofMillis(1));
            assertTrue(task.isWoken(), "at the deadline");
            assertReady(task.poll(), null);
            assertEquals(0, driver.timerCount());
        }
    }

    @Test
    void aDeadlineBetweenMillisecondsFiresAtTheNextMillisecondNeverBefore() {
        try (MockTask<Void> task = MockTask.spawn(driver.sleep(Duration.ofNanos(10_500_000)))) {
            assertPending(task.poll());
            clock.advance(Duration.ofNanos(10_500_000));
            assertFalse(task.isWoken(), "rounded up to the 11th millisecond");
            clock.advance(Duration.ofNanos(500_000));
            assertTrue(task.isWoken(), "no more than 1 ms late");
            assertReady(task.poll(), null);
        }
    }

    @Test
    void zeroAndNegativeSleepsAreReadyOnTheFirstPoll() {
        try (MockTask<Void> zero = MockTask.spawn(driver.sleep(Duration.ZERO));
                MockTask<Void> negative = MockTask.spawn(driver.sleep(Duration.ofSeconds(-1)))) {
            assertReady(zero.poll(), null);
            assertReady(negative.poll(), null);
            assertEquals(0, driver.timerCount());
        }
    }

    @Test
    void zeroAndNegativeSleepsAreReadyOnTheFirstPollBetweenMilliseconds() {
        clock.advance(Duration.ofNanos(500_000)); // the driver's clock is now mid-millisecond
        try (MockTask<Void> zero = MockTask.spawn(driver.sleep(Duration.ZERO));
                MockTask<Void> negative = MockTask.spawn(driver.sleep(Duration.ofSeconds(-1)));
                MockTask<Void> until = MockTask.spawn(driver.sleepUntil(clock.nanoTime()))) {
            assertReady(zero.poll(), null);
            assertReady(negative.poll(), null);
            assertReady(until.poll(), null);
            assertEquals(0, driver.timerCount());
        }
    }

    @Test
    void aPollAfterTheExactDeadlineIsReadyEvenBetweenMilliseconds() {
        try (MockTask<Void> task = MockTask.spawn(driver.sleep(Duration.ofNanos(10_500_000)))) {
            assertPending(task.poll());
            clock.advance(Duration.ofNanos(10_499_999));
            assertPending(task.poll());
            clock.advance(Duration.ofNanos(1));
            assertReady(task.poll(), null); // the deadline has passed: never early, and not late either
            assertEquals(0, driver.timerCount());
        }
    }

    @Test
    void sleepsAtDistinctInstantsFireInDeadlineOrderEachAtItsOwnInstant() {
        Random random = new Random(42);
        int count = 2_000;
        List<Long> deadlines = new ArrayList<>();
        List<long[]> fired = Collections.synchronizedList(new ArrayList<>());
        List<PollFuture<Void>> sleeps = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            // Spread over every level up to ~5 hours.
            long millis = 1 + (long) Math.pow(random.nextDouble(), 4) * 18_000_000L;
            deadlines.add(millis);
            PollFuture<Void> sleep = driver.sleep(Duration.ofMillis(millis));
            sleeps.add(sleep);
            long expected = millis;
            assertPending(sleep.poll(Context.of(() -> fired.add(new long[] {expected, clock.nanoTime()}))));
        }
        clock.advance(Duration.ofHours(6));
        assertEquals(count, fired.size(), "every sleep fired once");
        long previous = 0;
        for (long[] firing : fired) {
            assertTrue(firing[0] >= previous, "deadline order");
            assertEquals(Duration.ofMillis(firing[0]).toNanos(), firing[1], "fired at its own instant");
            previous = firing[0];
        }
        for (PollFuture<Void> sleep : sleeps) {
            assertReady(sleep.poll(Context.of(() -> {})), null);
            sleep.close();
        }
        assertEquals(0, driver.timerCount());
    }

    @Test
    void hundredThousandTimersHalfCancelledLeaveNoEntryBehind() {
        Random random = new Random(7);
        int count = 100_000;
        List<PollFuture<Void>> sleeps = new ArrayList<>(count);
        CountingWaker waker = new CountingWaker();
        Context cx = Context.of(waker);
        for (int i = 0; i < count; i++) {
            PollFuture<Void> sleep = driver.sleep(Duration.ofMillis(1 + random.nextInt(100_000)));
            assertPending(sleep.poll(cx));
            sleeps.add(sleep);
        }
        assertEquals(count, driver.timerCount());
        for (int i = 0; i < count; i += 2) {
            sleeps.get(i).close();
        }
        assertEquals(count / 2, driver.timerCount(), "a closed sleep leaves the wheel at once");
        clock.advance(Duration.ofSeconds(101));
        assertEquals(count / 2, waker.count(), "only the live half fired");
        assertEquals(0, driver.timerCount());
        for (int i = 1; i < count; i += 2) {
            assertReady(sleeps.get(i).poll(cx), null);
            sleeps.get(i).close();
        }
    }

    @Test
    void closingASleepBeforeItsDeadlineNeverWakes() {
        MockTask<Void> task = MockTask.spawn(driver.sleep(Duration.ofMillis(5)));
        assertPending(task.poll());
        task.close();
        clock.advance(Duration.ofMillis(10));
        assertEquals(0, task.wakeCount());
        assertEquals(0, driver.timerCount());
    }

    @Test
    void theLatestWakerIsWoken() {
        PollFuture<Void> sleep = driver.sleep(Duration.ofMillis(3));
        CountingWaker first = new CountingWaker();
        CountingWaker second = new CountingWaker();
        assertPending(sleep.poll(Context.of(first)));
        assertPending(sleep.poll(Context.of(second)));
        assertEquals(1, driver.timerCount(), "re-polling does not register twice");
        clock.advance(Duration.ofMillis(3));
        assertEquals(0, first.count());
        assertEquals(1, second.count());
        assertReady(sleep.poll(Context.of(second)), null);
        sleep.close();
    }

    @Test
    void pollingAfterReadyThrows() {
        try (MockTask<Void> task = MockTask.spawn(driver.sleep(Duration.ZERO))) {
            assertReady(task.poll(), null);
            assertThrows(IllegalStateException.class, task::poll);
        }
    }

    @Test
    void deadlinesBeyondTheWheelsRangeFireOnTime() {
        long beyond = (1L << 36) + 12_345;
        long farBeyond = 1L << 40;
        try (MockTask<Void> near = MockTask.spawn(driver.sleep(Duration.ofMillis(beyond)));
                MockTask<Void> far = MockTask.spawn(driver.sleep(Duration.ofMillis(farBeyond)))) {
            assertPending(near.poll());
            assertPending(far.poll());
            clock.advance(Duration.ofMillis(beyond - 1));
            assertFalse(near.isWoken());
            clock.advance(Duration.ofMillis(1));
            assertTrue(near.isWoken());
            assertReady(near.poll(), null);
            clock.advance(Duration.ofMillis(farBeyond - beyond - 1));
            assertFalse(far.isWoken());
            assertPending(far.poll());
            clock.advance(Duration.ofMillis(1));
            assertTrue(far.isWoken());
            assertReady(far.poll(), null);
        }
    }

    @Test
    void anEndlessSleepStaysPendingAndLeavesOnClose() {
        MockTask<Void> task = MockTask.spawn(driver.sleep(Duration.ofSeconds(Long.MAX_VALUE)));
        assertPending(task.poll());
        clock.advance(Duration.ofDays(365L * 100));
        assertFalse(task.isWoken());
        assertPending(task.poll());
        task.close();
        assertEquals(0, driver.timerCount());
    }

    @Test
    void sleepUntilUsesTheClocksTimeline() {
        clock.advance(Duration.ofMillis(100));
        try (MockTask<Void> past = MockTask.spawn(driver.sleepUntil(Duration.ofMillis(50).toNanos()));
                MockTask<Void> future = MockTask.spawn(driver.sleepUntil(Duration.ofMillis(150).toNanos()))) {
            assertReady(past.poll(), null);
            assertPending(future.poll());
            clock.advance(Duration.ofMillis(49));
            assertFalse(future.isWoken());
            clock.advance(Duration.ofMillis(1));
            assertReady(future.poll(), null);
        }
    }

    @Test
    void closingTheDriverWakesOutstandingSleepsWhichThenFail() {
        MockTask<Void> fired = MockTask.spawn(driver.sleep(Duration.ofMillis(1)));
        MockTask<Void> outstanding = MockTask.spawn(driver.sleep(Duration.ofMillis(10)));
        assertPending(fired.poll());
        assertPending(outstanding.poll());
        clock.advance(Duration.ofMillis(1));
        driver.close();
        assertTrue(outstanding.isWoken());
        assertEquals(0, driver.timerCount());
        assertFailed(outstanding.poll(), CancellationException.class);
        assertReady(fired.poll(), null);
        try (MockTask<Void> late = MockTask.spawn(driver.sleep(Duration.ofMillis(1)))) {
            assertFailed(late.poll(), CancellationException.class);
        }
        clock.advance(Duration.ofMillis(20)); // a closed driver is no longer driven
        fired.close();
        outstanding.close();
    }

    @Test
    void aDriverOnAVirtualClockNeverMakesAThread() {
        try (TimeDriver noThreads = new TimeDriver(clock, task -> {
                    throw new AssertionError("a virtual clock needs no timer thread");
                });
                MockTask<Void> task = MockTask.spawn(noThreads.sleep(Duration.ofMillis(2)))) {
            assertPending(task.poll());
            clock.advance(Duration.ofMillis(2));
            assertReady(task.poll(), null);
        }
    }

    @Test
    void twoDriversOnOneVirtualClockAreBothDriven() {
        try (TimeDriver other = new TimeDriver(clock);
                MockTask<Void> first = MockTask.spawn(driver.sleep(Duration.ofMillis(5)));
                MockTask<Void> second = MockTask.spawn(other.sleep(Duration.ofMillis(7)))) {
            assertPending(first.poll());
            assertPending(second.poll());
            clock.advance(Duration.ofMillis(7));
            assertReady(first.poll(), null);
            assertReady(second.poll(), null);
        }
    }
}
