package dev.pollbridge.test.runtime;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Retry;
import dev.pollbridge.runtime.Time;
import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class TestRuntimeVirtualTimeTest {

    @Test
    void timersFireOnlyWhenTheTestAdvancesTheClock() {
        try (TestRuntime rt = TestRuntime.withVirtualTime()) {
            JoinHandle<Void> nap = rt.spawn(rt.runtime().sleep(Duration.ofHours(1)));
            rt.advance(Duration.ofMinutes(59));
            assertFalse(nap.isFinished());
            rt.advance(Duration.ofMinutes(1));
            assertTrue(nap.isFinished());
            assertEquals(Duration.ofHours(1).toNanos(), rt.clock().nanoTime());
            assertEquals(List.of(), rt.uncaughtFailures());
        }
    }

    /** The spawned task had not been polled: advance runs it first, so its timer starts at 0. */
    @Test
    void advanceRunsQueuedTasksBeforeMovingTheClock() {
        try (TestRuntime rt = TestRuntime.withVirtualTime()) {
            JoinHandle<Void> sleep = rt.spawn(rt.runtime().sleep(Duration.ofSeconds(5)));
            rt.advance(Duration.ofSeconds(5));
            assertTrue(sleep.isFinished());
        }
    }

    /** The timers of the current runtime: its tasks and its mock tasks carry it, a plain MockTask does not. */
    @Test
    void timeAndRetryWithoutARuntimeArgumentUseTheTestRuntimesVirtualClock() {
        try (TestRuntime rt = TestRuntime.withVirtualTime()) {
            ProbeFuture<String> neverAnswers = new ProbeFuture<>();
            JoinHandle<String> reply = rt.spawn(Time.timeout(neverAnswers, Duration.ofSeconds(30)));
            int[] attempts = {0};
            JoinHandle<String> retried = rt.spawn(Retry.fixedDelay(2, Duration.ofSeconds(10)).run(() -> {
                attempts[0]++;
                return ProbeFuture.failedWith(new IllegalStateException("attempt " + attempts[0]));
            }));
            rt.advance(Duration.ofMillis(9_999));
            assertEquals(1, attempts[0]);
            rt.advance(Duration.ofMillis(1));
            assertEquals(2, attempts[0]);
            rt.advance(Duration.ofSeconds(10)); // one jump per delay: a task woken by a jump runs after it
            assertEquals(3, attempts[0]);
            assertTrue(retried.isFinished());
            rt.advance(Duration.ofMillis(9_999));
            assertFalse(reply.isFinished());
            rt.advance(Duration.ofMillis(1));
            assertTrue(reply.isFinished());
            assertEquals(1, neverAnswers.closes());
            assertInstanceOf(TimeoutException.class, assertThrows(CompletionException.class, () -> rt.blockOn(reply)).getCause());

            try (MockTask<Void> byHand = rt.mockTask(Time.sleep(Duration.ofSeconds(1)));
                 MockTask<Void> plain = MockTask.spawn(Time.sleep(Duration.ofSeconds(1)))) {
                assertPending(byHand.poll());
                rt.advance(Duration.ofSeconds(1));
                assertTrue(byHand.isWoken());
                assertReady(byHand.poll(), null);
                assertFailed(plain.poll(), IllegalStateException.class);
            }
        }
    }

    @Test
    void aTimeoutFailsAtItsDeadlineAndClosesWhatItWaitedOn() {
        try (TestRuntime rt = TestRuntime.withVirtualTime()) {
            ProbeFuture<String> neverAnswers = new ProbeFuture<>();
            JoinHandle<String> reply = rt.spawn(rt.runtime().timeout(neverAnswers, Duration.ofSeconds(30)));
            rt.advance(Duration.ofMillis(29_999));
            assertFalse(reply.isFinished());
            assertEquals(0, neverAnswers.closes());
            rt.advance(Duration.ofMillis(1));
            assertTrue(reply.isFinished());
            assertEquals(1, neverAnswers.closes());
            CompletionException failure = assertThrows(CompletionException.class, () -> rt.blockOn(reply));
            assertInstanceOf(TimeoutException.class, failure.getCause());
        }
    }

    /**
     * One jump: the timers due by the new time fire in deadline order, and the tasks they woke run
     * after the jump, at the new time (Tokio's advance does the same).
     */
    @Test
    void oneAdvanceFiresEveryDueTimerAndRunsTheWokenTasksAtTheNewTime() {
        try (TestRuntime rt = TestRuntime.withVirtualTime()) {
            List<String> order = new ArrayList<>();
            List<Long> seenAt = new ArrayList<>();
            for (int seconds : new int[] {3, 1, 2}) {
                rt.spawn(rt.runtime().sleep(Duration.ofSeconds(seconds)).map(ignored -> {
                    order.add(seconds + " s");
                    seenAt.add(rt.clock().nanoTime());
                    return null;
                }));
            }
            rt.advance(Duration.ofSeconds(10));
            assertEquals(List.of("1 s", "2 s", "3 s"), order);
            long now = Duration.ofSeconds(10).toNanos();
            assertEquals(List.of(now, now, now), seenAt);
        }
    }

    @Test
    void anIntervalTicksOncePerPeriodAdvancedThrough() {
        try (TestRuntime rt = TestRuntime.withVirtualTime()) {
            PollStream<Long> ticks = rt.runtime().interval(Duration.ofSeconds(1));
            List<Long> seen = new ArrayList<>();
            JoinHandle<Void> reader = rt.spawn(ticks.take(4).forEach(seen::add));
            rt.runUntilIdle();
            assertEquals(1, seen.size(), "the first tick is due at once");
            for (int second = 1; second <= 3; second++) {
                rt.advance(Duration.ofSeconds(1));
                assertEquals(second + 1, seen.size(), "ticks after " + second + " s");
            }
            assertTrue(reader.isFinished());
        }
    }

    @Test
    void badInputIsRejectedBeforeAnythingRuns() {
        try (TestRuntime rt = TestRuntime.withVirtualTime()) {
            List<String> ran = new ArrayList<>();
            rt.spawn(cx -> {
                ran.add("task");
                return dev.pollbridge.api.Poll.ready(null);
            });
            assertThrows(IllegalArgumentException.class, () -> rt.advance(Duration.ofSeconds(-1)));
            assertThrows(NullPointerException.class, () -> rt.advance(null));
            assertEquals(List.of(), ran);
            assertEquals(0, rt.clock().nanoTime());
        }
    }

    @Test
    void aTestRuntimeOnTheSystemClockHasNoVirtualClock() {
        try (TestRuntime rt = TestRuntime.create()) {
            IllegalStateException error = assertThrows(IllegalStateException.class, rt::clock);
            assertTrue(error.getMessage().contains("withVirtualTime"), error.getMessage());
            assertThrows(IllegalStateException.class, () -> rt.advance(Duration.ofSeconds(1)));
        }
    }

    @Test
    void aWrappedRuntimeOnAVirtualClockAdvancesToo() {
        VirtualClock clock = new VirtualClock();
        try (TestRuntime rt = TestRuntime.wrap(PollRuntime.builder().workers(0).clock(clock).build())) {
            assertSame(clock, rt.clock());
            JoinHandle<Void> sleep = rt.spawn(rt.runtime().sleep(Duration.ofSeconds(2)));
            rt.advance(Duration.ofSeconds(2));
            assertTrue(sleep.isFinished());
        }
    }
}
