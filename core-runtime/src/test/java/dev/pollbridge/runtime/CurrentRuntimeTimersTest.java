package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Time#timeout}, {@link Time#timeoutOrNull} and {@link Time#sleep}: the timers of the
 * runtime whose poll it is, found through the poll's context (a task's, or {@code blockOn}'s),
 * never through the thread; a clear failure outside a runtime.
 */
@Timeout(20)
class CurrentRuntimeTimersTest {

    private static final Duration FIVE_SECONDS = Duration.ofSeconds(5);

    @Test
    void aTimeoutAwaitedInATaskUsesItsRuntimesVirtualClockAndClosesTheWork() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            ProbeFuture<String> work = new ProbeFuture<>();
            JoinHandle<String> handle = time.runtime.spawn(Time.timeout(work, FIVE_SECONDS));
            time.advance(4_999);
            assertFalse(handle.isFinished(), "not before the limit");
            assertEquals(0, work.closes());
            time.advance(1);
            assertTrue(handle.isFinished());
            CompletionException failure = assertThrows(CompletionException.class, () -> time.runtime.blockOn(handle));
            assertInstanceOf(TimeoutException.class, failure.getCause());
            assertEquals(1, work.closes(), "the work is closed once, on expiry");
            assertEquals(0, RuntimeTimers.driverOf(time.runtime).timerCount());
        }
    }

    @Test
    void workThatFinishesInTimeGivesItsValueAndRemovesTheTimer() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            ProbeFuture<String> work = new ProbeFuture<>();
            JoinHandle<String> handle = time.runtime.spawn(Time.timeout(work, FIVE_SECONDS));
            time.runUntilIdle();
            assertEquals(1, RuntimeTimers.driverOf(time.runtime).timerCount(), "the timer is linked while pending");
            work.complete("in time");
            time.runUntilIdle();
            assertEquals("in time", time.runtime.blockOn(handle));
            assertEquals(0, RuntimeTimers.driverOf(time.runtime).timerCount(), "removed at once");
        }
    }

    @Test
    void theLimitCountsFromTheFirstPollNotFromTheCall() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            PollFuture<String> bounded = Time.timeout(new ProbeFuture<>(), FIVE_SECONDS); // built at 0
            time.advance(3_000);
            JoinHandle<String> handle = time.runtime.spawn(bounded);                      // first polled at 3 s
            time.advance(4_999);
            assertFalse(handle.isFinished(), "5 s after the first poll, not after the call");
            time.advance(1);
            assertTrue(handle.isFinished());
        }
    }

    @Test
    void childrenOfCombinatorsFindTheRuntimeThroughTheContextTheyArePassed() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            PollFuture<String> both = Futures.join(Time.sleep(Duration.ofSeconds(1)),
                    Time.timeout(Futures.ready("a"), FIVE_SECONDS).map(String::toUpperCase), (slept, value) -> value);
            JoinHandle<String> handle = time.runtime.spawn(both.flatMap(value -> Time.sleep(Duration.ofSeconds(2))
                    .map(slept -> value + "!")));
            time.advance(1_000);
            assertFalse(handle.isFinished());
            time.advance(2_000);
            assertTrue(handle.isFinished());
            assertEquals("A!", time.runtime.blockOn(handle));
        }
    }

    @Test
    void blockOnCarriesItsRuntimeToo() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            CompletionException failure = assertThrows(CompletionException.class,
                    () -> runtime.blockOn(Time.timeout(new ProbeFuture<String>(), Duration.ofMillis(20))));
            assertInstanceOf(TimeoutException.class, failure.getCause());
            assertNull(runtime.blockOn(Time.sleep(Duration.ofMillis(1))));
        }
    }

    @Test
    void outsideARuntimeTheFirstPollFailsSayingWhyAndTheWorkIsClosed() {
        ProbeFuture<String> work = new ProbeFuture<>();
        try (MockTask<String> task = MockTask.spawn(Time.timeout(work, FIVE_SECONDS))) {
            IllegalStateException failure = assertFailed(task.poll(), IllegalStateException.class);
            String message = failure.getMessage();
            assertTrue(message.startsWith("Time.timeout(future, PT5S) was polled outside a Pollbridge runtime"), message);
            assertTrue(message.contains("runtime.blockOn") && message.contains("TestRuntime"), message);
            assertTrue(message.contains("or name the runtime: runtime.timeout(future, PT5S)"), message);
            assertEquals(0, work.polls(), "the work is not started without a timer to bound it");
            assertEquals(1, work.closes(), "the work is closed with the failure");
            assertThrows(IllegalStateException.class, task::poll, "failed is final");
        }
        assertEquals(1, work.closes(), "and only once");
        try (MockTask<Void> task = MockTask.spawn(Time.sleep(FIVE_SECONDS))) {
            String message = assertFailed(task.poll(), IllegalStateException.class).getMessage();
            assertTrue(message.contains("or name the runtime: runtime.sleep(PT5S)"), message);
        }
    }

    @Test
    void aFutureClosedBeforeItsFirstPollClosesItsWork() {
        ProbeFuture<String> work = new ProbeFuture<>();
        PollFuture<String> bounded = Time.timeoutOrNull(work, FIVE_SECONDS);
        bounded.close();
        bounded.close();
        assertEquals(1, work.closes());
        assertThrows(IllegalStateException.class, () -> bounded.poll(Context.of(Waker.noop())));
    }

    @Test
    void theThreadDoesNotCountOnlyThePollerAHandMadeContextOnAWorkerHasNoRuntime() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            PollFuture<Void> sleep = Time.sleep(Duration.ofMillis(1));
            Poll<Void> byHand = runtime.blockOn(runtime.spawn(cx -> Poll.ready(sleep.poll(Context.of(Waker.noop())))));
            sleep.close();
            assertInstanceOf(IllegalStateException.class, byHand.error());
        }
    }

    @Test
    void timeoutOrNullGivesNullWhenTheTimeRunsOutAndClosesTheWork() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            ProbeFuture<String> work = new ProbeFuture<>();
            JoinHandle<String> handle = time.runtime.spawn(Time.timeoutOrNull(work, FIVE_SECONDS));
            time.advance(5_000);
            assertTrue(handle.isFinished());
            assertNull(time.runtime.blockOn(handle));
            assertEquals(1, work.closes());
        }
    }

    @Test
    void timeoutOrNullGivesTheValueInTimeAndPassesOnTheWorksOwnTimeoutException() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            JoinHandle<String> inTime = time.runtime.spawn(Time.timeoutOrNull(Futures.ready("value"), FIVE_SECONDS));
            time.runUntilIdle();
            assertEquals("value", time.runtime.blockOn(inTime));

            TimeoutException own = new TimeoutException("the work's own");
            ProbeFuture<String> work = new ProbeFuture<>();
            JoinHandle<String> failing = time.runtime.spawn(Time.timeoutOrNull(work, FIVE_SECONDS));
            time.runUntilIdle();
            work.fail(own);
            time.runUntilIdle();
            CompletionException failure = assertThrows(CompletionException.class, () -> time.runtime.blockOn(failing));
            assertSame(own, failure.getCause(), "only this limit gives null");
        }
    }

    @Test
    void aTestRuntimesMockTaskCarriesItsRuntimeAsATaskDoes() {
        try (VirtualTimeline time = new VirtualTimeline();
             MockTask<String> task = MockTask.spawn(Time.timeout(new ProbeFuture<String>(), FIVE_SECONDS),
                     time.runtime.engine())) {
            assertPending(task.poll());
            time.clock.advance(FIVE_SECONDS.minusMillis(1));
            assertFalse(task.isWoken());
            time.clock.advance(Duration.ofMillis(1));
            assertTrue(task.isWoken(), "the runtime's timer wakes the hand-driven poller");
            assertFailed(task.poll(), TimeoutException.class);
        }
    }

    @Test
    void aSleepOfARuntimeThatClosedFailsWithCancellation() {
        VirtualTimeline time = new VirtualTimeline();
        try (MockTask<Void> task = MockTask.spawn(Time.sleep(FIVE_SECONDS), time.runtime.engine())) {
            assertPending(task.poll());
            time.close();
            assertTrue(task.isWoken());
            assertFailed(task.poll(), CancellationException.class);
        }
    }

    @Test
    void aZeroLimitTimesOutAtTheFirstPollUnlessTheWorkIsReady() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            Object engine = time.runtime.engine();
            try (MockTask<String> ready = MockTask.spawn(Time.timeout(Futures.ready("now"), Duration.ZERO), engine);
                 MockTask<String> pending = MockTask.spawn(Time.timeout(new ProbeFuture<>(), Duration.ZERO), engine)) {
                assertReady(ready.poll(), "now");
                assertFailed(pending.poll(), TimeoutException.class);
            }
        }
    }
}
