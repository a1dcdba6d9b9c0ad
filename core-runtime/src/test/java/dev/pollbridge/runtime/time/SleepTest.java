package dev.pollbridge.runtime.time;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code sleepUntil}, {@code timeoutAt} and the resettable {@link Sleep} (issue 17, item 1), on
 * virtual time. Each test names the test of Tokio's {@code tests/time_sleep.rs} it follows; where
 * Tokio awaits and then checks the elapsed time, these advance the clock to just before the
 * deadline (pending, not woken) and then to it (woken, ready).
 */
class SleepTest {

    private final VirtualClock clock = new VirtualClock();
    private final PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("sleep-test-").clock(clock).build();

    @AfterEach
    void close() {
        runtime.close();
    }

    private long now() {
        return clock.nanoTime();
    }

    private static long ms(long millis) {
        return Duration.ofMillis(millis).toNanos();
    }

    private void advanceMs(long millis) {
        clock.advance(Duration.ofMillis(millis));
    }

    /** Advances to one millisecond before {@code deadline}: pending and not woken; then to it: woken and ready. */
    private void assertFiresAt(MockTask<Void> task, long deadline) {
        assertPending(task.poll());
        clock.advance(Duration.ofNanos(deadline - now() - ms(1)));
        assertFalse(task.isWoken(), "woken 1 ms early");
        advanceMs(1);
        assertTrue(task.isWoken(), "not woken at the deadline");
        assertReady(task.poll(), null);
    }

    /** Tokio: {@code immediate_sleep}. */
    @Test
    void aSleepUntilNowIsReadyOnTheFirstPoll() {
        try (MockTask<Void> sleep = MockTask.spawn(runtime.sleepUntil(now()))) {
            assertReady(sleep.poll(), null);
        }
    }

    /** Tokio: {@code delayed_sleep_level_0} and {@code delayed_sleep_wrapping_level_0}. */
    @Test
    void sleepUntilFiresAtItsDeadlineOnThePlainGrid() {
        for (long millis : new long[] {1, 10, 60, 5, 60}) {
            long deadline = now() + ms(millis);
            try (MockTask<Void> sleep = MockTask.spawn(runtime.sleepUntil(deadline))) {
                assertFiresAt(sleep, deadline);
            }
        }
    }

    /** Tokio: {@code sub_ms_delayed_sleep}: never before the deadline, at 1 ms resolution. */
    @Test
    void aSubMillisecondDeadlineFiresNotBeforeIt() {
        long deadline = now() + ms(1) + 1;
        try (MockTask<Void> sleep = MockTask.spawn(runtime.sleepUntil(deadline))) {
            assertPending(sleep.poll());
            advanceMs(1);
            assertFalse(sleep.isWoken());
            assertPending(sleep.poll());
            advanceMs(1);
            assertReady(sleep.poll(), null);
        }
    }

    /** Tokio: {@code is_elapsed}. */
    @Test
    void isElapsedTurnsTrueAtTheDeadline() {
        Sleep sleep = runtime.sleep(Duration.ofMillis(10));
        try (MockTask<Void> task = MockTask.spawn(sleep)) {
            assertFalse(sleep.isElapsed());
            assertPending(task.poll());
            assertFalse(sleep.isElapsed());
            advanceMs(10);
            assertTrue(sleep.isElapsed());
            assertReady(task.poll(), null);
            assertTrue(sleep.isElapsed());
        }
    }

    @Test
    void deadlineIsTheClockValueOfTheDeadline() {
        long start = now();
        assertEquals(start + ms(250), runtime.sleep(Duration.ofMillis(250)).deadline());
        assertEquals(12_345L, runtime.sleepUntil(12_345L).deadline());
    }

    /** Tokio: {@code reset_future_sleep_before_fire}. */
    @Test
    void resetToALaterDeadlineBeforeItFired() {
        long start = now();
        Sleep sleep = runtime.sleepUntil(start + ms(100));
        try (MockTask<Void> task = MockTask.spawn(sleep)) {
            assertPending(task.poll());
            sleep.reset(start + ms(200));
            assertEquals(start + ms(200), sleep.deadline());
            advanceMs(100);
            assertFalse(task.isWoken(), "the old deadline is gone");
            assertFiresAt(task, start + ms(200));
        }
    }

    /** Tokio: {@code reset_past_sleep_before_turn} and {@code reset_past_sleep_before_fire}. */
    @Test
    void resetToAnEarlierDeadlineBeforeItFired() {
        long start = now();
        Sleep sleep = runtime.sleepUntil(start + ms(100));
        try (MockTask<Void> task = MockTask.spawn(sleep)) {
            assertPending(task.poll());
            advanceMs(10);
            sleep.reset(start + ms(80));
            assertFiresAt(task, start + ms(80));
        }
    }

    /**
     * A reset keeps the registered waker: the task waiting on the sleep is woken at the new
     * deadline although it did not poll again after the reset (a loop that resets its idle timer
     * and goes back to waiting on something else).
     */
    @Test
    void resetKeepsTheWaitingTasksWaker() {
        long start = now();
        Sleep sleep = runtime.sleepUntil(start + ms(100));
        try (MockTask<Void> task = MockTask.spawn(sleep)) {
            assertPending(task.poll());
            sleep.reset(start + ms(30));
            advanceMs(30);
            assertTrue(task.isWoken(), "woken at the new deadline without a poll in between");
            assertReady(task.poll(), null);
        }
    }

    /** Tokio: {@code reset_sleep_to_past} (here the wake happens, which Tokio leaves open). */
    @Test
    void resetIntoThePastWakesAndIsReady() {
        long start = now();
        Sleep sleep = runtime.sleepUntil(start + ms(100));
        try (MockTask<Void> task = MockTask.spawn(sleep)) {
            assertPending(task.poll());
            advanceMs(50);
            assertFalse(task.isWoken());
            sleep.reset(start + ms(40));
            assertTrue(task.isWoken());
            assertReady(task.poll(), null);
        }
    }

    /**
     * Tokio: {@code reset_future_sleep_after_fire} and {@code reset_after_firing}. Unlike Tokio, a
     * completed sleep that was not reset may not be polled again (rule 9); a reset re-arms it.
     */
    @Test
    void resetAfterItFiredReArmsIt() {
        long start = now();
        Sleep sleep = runtime.sleepUntil(start + ms(100));
        try (MockTask<Void> task = MockTask.spawn(sleep)) {
            assertFiresAt(task, start + ms(100));
            assertThrows(IllegalStateException.class, task::poll, "ready is final until a reset");
            long first = sleep.deadline();
            sleep.reset(start + ms(110));
            assertNotEquals(first, sleep.deadline());
            assertFalse(sleep.isElapsed());
            assertPending(task.poll());
            assertPending(task.poll());
            assertFiresAt(task, start + ms(110));
        }
    }

    /** Tokio: {@code long_sleeps}: ten years ahead, fired within a millisecond of it. */
    @Test
    void aDeadlineTenYearsAheadFiresThen() {
        long deadline = now() + Duration.ofDays(3650).toNanos();
        try (MockTask<Void> sleep = MockTask.spawn(runtime.sleepUntil(deadline))) {
            assertFiresAt(sleep, deadline);
        }
    }

    /** Tokio: {@code drop_after_reschedule_at_new_scheduled_time}. */
    @Test
    void closingASleepAfterItWasResetUnlinksItsTimer() {
        long start = now();
        Sleep a = runtime.sleep(Duration.ofMillis(5));
        Sleep b = runtime.sleep(Duration.ofMillis(5));
        try (MockTask<Void> taskA = MockTask.spawn(a); MockTask<Void> taskB = MockTask.spawn(b)) {
            assertPending(taskA.poll());
            assertPending(taskB.poll());
            b.reset(start + ms(10));
            advanceMs(5);
            assertReady(taskA.poll(), null);
        }
        advanceMs(10); // b's timer is gone: nothing fires, nothing throws
        assertThrows(IllegalStateException.class, () -> b.reset(now()), "reset after close");
    }

    @Test
    void timeoutAtFailsAtTheDeadlineAndClosesTheWork() {
        long deadline = now() + ms(50);
        ProbeFuture<String> work = new ProbeFuture<>();
        try (MockTask<String> task = MockTask.spawn(runtime.timeoutAt(work, deadline))) {
            assertPending(task.poll());
            advanceMs(49);
            assertFalse(task.isWoken());
            advanceMs(1);
            assertTrue(task.isWoken());
            TimeoutException timeout = assertFailed(task.poll(), TimeoutException.class);
            assertTrue(timeout.getMessage().contains("deadline"), timeout.getMessage());
        }
        assertEquals(1, work.closes());
        assertTrue(work.isCancelled());
    }

    @Test
    void timeoutAtReturnsTheWorkIfItFinishesFirstAndAPastDeadlineTimesOutAtOnce() {
        ProbeFuture<String> work = new ProbeFuture<>();
        try (MockTask<String> task = MockTask.spawn(runtime.timeoutAt(work, now() + ms(50)))) {
            assertPending(task.poll());
            work.complete("done");
            assertReady(task.poll(), "done");
        }
        PollFuture<String> late = runtime.timeoutAt(new ProbeFuture<>(), now() - 1);
        try (MockTask<String> task = MockTask.spawn(late)) {
            assertFailed(task.poll(), TimeoutException.class);
        }
        PollFuture<String> readyAnyway = runtime.timeoutAt(ProbeFuture.completed("in time"), now() - 1);
        try (MockTask<String> task = MockTask.spawn(readyAnyway)) {
            assertReady(task.poll(), "in time"); // the work is polled first
        }
    }
}
