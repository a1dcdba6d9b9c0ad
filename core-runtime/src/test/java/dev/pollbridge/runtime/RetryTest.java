package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Retry}: attempts, the delays between them on the runtime's virtual clock, the filter,
 * the final failure and its history, and closing it in every state.
 */
@Timeout(20)
class RetryTest {

    /** Builds attempts from a script, and records when each started and that each was closed. */
    private static final class Attempts {
        final VirtualTimeline time;
        final Function<Integer, ProbeFuture<String>> script;
        final List<ProbeFuture<String>> made = new ArrayList<>();
        final List<Long> startedAt = new ArrayList<>();

        Attempts(VirtualTimeline time, Function<Integer, ProbeFuture<String>> script) {
            this.time = time;
            this.script = script;
        }

        PollFuture<String> next() {
            startedAt.add(time.millis());
            ProbeFuture<String> attempt = script.apply(made.size());
            made.add(attempt);
            return attempt;
        }

        void assertEachClosedOnce() {
            for (int i = 0; i < made.size(); i++) {
                assertEquals(1, made.get(i).closes(), "attempt " + i + " closed once");
            }
        }
    }

    /** Advances virtual time 1 ms at a time, running the tasks, until the handle is finished. */
    private static void runToEnd(VirtualTimeline time, JoinHandle<?> handle, long limitMillis) {
        time.runUntilIdle();
        while (!handle.isFinished()) {
            assertTrue(time.millis() < limitMillis, "still running at " + time.millis() + " ms");
            time.advance(1);
        }
    }

    private static IOException failure(int attempt) {
        return new IOException("attempt " + attempt);
    }

    @Test
    void failedAttemptsAreClosedAndRetriedAfterExponentialDelays() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            Attempts attempts = new Attempts(time, n -> ProbeFuture.failedWith(failure(n)));
            JoinHandle<String> handle = time.runtime.spawn(
                    Retry.backoff(3, Duration.ofMillis(100)).jitter(0).run(attempts::next));
            runToEnd(time, handle, 10_000);
            assertEquals(List.of(0L, 100L, 300L, 700L), attempts.startedAt, "100, 200 and 400 ms between attempts");
            attempts.assertEachClosedOnce();
            CompletionException thrown = assertThrows(CompletionException.class, () -> time.runtime.blockOn(handle));
            IOException last = (IOException) thrown.getCause();
            assertEquals("attempt 3", last.getMessage(), "the last failure, the same instance");
            assertEquals(List.of("attempt 0", "attempt 1", "attempt 2"), messages(last.getSuppressed()),
                    "the earlier ones ride along, oldest first");
            assertEquals(0, RuntimeTimers.driverOf(time.runtime).timerCount());
        }
    }

    @Test
    void delaysStopGrowingAtTheMaximum() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            Attempts attempts = new Attempts(time, n -> ProbeFuture.failedWith(failure(n)));
            JoinHandle<String> handle = time.runtime.spawn(Retry.backoff(4, Duration.ofMillis(100))
                    .maxBackoff(Duration.ofMillis(250)).jitter(0).run(attempts::next));
            runToEnd(time, handle, 10_000);
            assertEquals(List.of(0L, 100L, 300L, 550L, 800L), attempts.startedAt);
        }
    }

    @Test
    void theJitterComesFromTheInjectedSourceWithinTheFirstAndTheLongestDelay() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            Attempts attempts = new Attempts(time, n -> ProbeFuture.failedWith(failure(n)));
            // () -> 0L: every draw is 0.0, the low end of each delay's jitter: 100 ± 50 -> 100 (the
            // first delay is the floor), 200 ± 100 -> 100, min(400, 250) ± 125 -> 125.
            JoinHandle<String> handle = time.runtime.spawn(Retry.backoff(3, Duration.ofMillis(100))
                    .maxBackoff(Duration.ofMillis(250)).jitter(0.5).random(() -> 0L).run(attempts::next));
            runToEnd(time, handle, 10_000);
            assertEquals(List.of(0L, 100L, 200L, 325L), attempts.startedAt);
        }
    }

    @Test
    void aSeededSourceGivesTheSameScheduleEveryTimeAndEveryDelayStaysInBounds() {
        List<Long> first = scheduleWithSeed(42);
        assertEquals(first, scheduleWithSeed(42), "deterministic under virtual time");
        for (int i = 1; i < first.size(); i++) {
            long delay = first.get(i) - first.get(i - 1);
            assertTrue(delay >= 50 && delay <= 400, "delay " + delay + " within [first, max]");
        }
    }

    private static List<Long> scheduleWithSeed(long seed) {
        try (VirtualTimeline time = new VirtualTimeline()) {
            Attempts attempts = new Attempts(time, n -> ProbeFuture.failedWith(failure(n)));
            JoinHandle<String> handle = time.runtime.spawn(Retry.backoff(6, Duration.ofMillis(50))
                    .maxBackoff(Duration.ofMillis(400)).jitter(1.0).random(new SplittableRandom(seed))
                    .run(attempts::next));
            runToEnd(time, handle, 10_000);
            return attempts.startedAt;
        }
    }

    @Test
    void theFirstSuccessGivesTheValueAndEveryAttemptIsClosed() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            Attempts attempts = new Attempts(time,
                    n -> n < 2 ? ProbeFuture.failedWith(failure(n)) : ProbeFuture.completed("attempt " + n));
            JoinHandle<String> handle = time.runtime.spawn(
                    Retry.fixedDelay(5, Duration.ofSeconds(1)).run(attempts::next));
            runToEnd(time, handle, 10_000);
            assertEquals("attempt 2", time.runtime.blockOn(handle));
            assertEquals(List.of(0L, 1_000L, 2_000L), attempts.startedAt, "a fixed delay");
            attempts.assertEachClosedOnce();
        }
    }

    @Test
    void theFilterStopsRetryingAtTheFirstFailureItRefuses() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            IllegalStateException fatal = new IllegalStateException("not worth retrying");
            Attempts attempts = new Attempts(time,
                    n -> ProbeFuture.failedWith(n == 0 ? failure(0) : fatal));
            JoinHandle<String> handle = time.runtime.spawn(Retry.backoff(5, Duration.ofMillis(10))
                    .filter(failure -> failure instanceof IOException).run(attempts::next));
            runToEnd(time, handle, 10_000);
            assertEquals(2, attempts.made.size());
            attempts.assertEachClosedOnce();
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> time.runtime.blockOn(handle));
            assertSame(fatal, thrown);
            assertEquals(List.of("attempt 0"), messages(thrown.getSuppressed()));
        }
    }

    @Test
    void theDefaultFilterDoesNotRetryAnError() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            Attempts attempts = new Attempts(time, n -> ProbeFuture.failedWith(new AssertionError("an Error")));
            JoinHandle<String> handle = time.runtime.spawn(Retry.backoff(5, Duration.ofMillis(10)).run(attempts::next));
            runToEnd(time, handle, 10_000);
            assertEquals(1, attempts.made.size());
            assertThrows(AssertionError.class, () -> time.runtime.blockOn(handle));
        }
    }

    @Test
    void closingDuringADelayRemovesItsTimerAndStartsNoOtherAttempt() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            Attempts attempts = new Attempts(time, n -> ProbeFuture.failedWith(failure(n)));
            JoinHandle<String> handle = time.runtime.spawn(
                    Retry.backoff(3, Duration.ofSeconds(1)).jitter(0).run(attempts::next));
            time.advance(500);
            assertEquals(1, attempts.made.size());
            assertEquals(1, RuntimeTimers.driverOf(time.runtime).timerCount(), "waiting out the first delay");
            handle.abort();
            time.runUntilIdle();
            assertEquals(0, RuntimeTimers.driverOf(time.runtime).timerCount(), "the delay's timer is removed");
            time.advance(10_000);
            assertEquals(1, attempts.made.size(), "no attempt after the close");
            attempts.assertEachClosedOnce();
            assertThrows(CancellationException.class, () -> time.runtime.blockOn(handle));
        }
    }

    @Test
    void closingDuringAnAttemptClosesTheAttemptOnce() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            Attempts attempts = new Attempts(time, n -> n == 0 ? ProbeFuture.failedWith(failure(0)) : new ProbeFuture<>());
            JoinHandle<String> handle = time.runtime.spawn(
                    Retry.backoff(3, Duration.ofSeconds(1)).jitter(0).run(attempts::next));
            time.advance(1_000);
            assertEquals(2, attempts.made.size(), "the second attempt is in flight");
            assertEquals(0, attempts.made.get(1).closes());
            handle.abort();
            time.runUntilIdle();
            attempts.assertEachClosedOnce();
            assertTrue(attempts.made.get(1).isCancelled(), "closed before it completed");
        }
    }

    @Test
    void aSupplierThatThrowsFailsThatAttemptWhichIsRetriedLikeAnyOther() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            int[] calls = {0};
            JoinHandle<String> handle = time.runtime.spawn(Retry.fixedDelay(2, Duration.ofMillis(10)).run(() -> {
                if (calls[0]++ == 0) {
                    throw new UncheckedIOException(failure(0));
                }
                return ProbeFuture.completed("second call");
            }));
            runToEnd(time, handle, 1_000);
            assertEquals("second call", time.runtime.blockOn(handle));
        }
    }

    @Test
    void theFinalFailureKeepsAtMostTheSixteenMostRecentAndNeverItselfOrOneInstanceTwice() {
        try (VirtualTimeline time = new VirtualTimeline()) {
            Attempts attempts = new Attempts(time, n -> ProbeFuture.failedWith(failure(n)));
            JoinHandle<String> many = time.runtime.spawn(Retry.fixedDelay(20, Duration.ZERO).run(attempts::next));
            runToEnd(time, many, 1_000);
            Throwable last = assertThrows(CompletionException.class, () -> time.runtime.blockOn(many)).getCause();
            assertEquals("attempt 20", last.getMessage());
            List<String> kept = messages(last.getSuppressed());
            assertEquals(16, kept.size());
            assertEquals("attempt 4", kept.get(0));
            assertEquals("attempt 19", kept.get(15));

            IOException shared = new IOException("the same instance every time");
            JoinHandle<String> same = time.runtime.spawn(
                    Retry.fixedDelay(3, Duration.ZERO).run(() -> ProbeFuture.failedWith(shared)));
            runToEnd(time, same, 1_000);
            assertSame(shared, assertThrows(CompletionException.class, () -> time.runtime.blockOn(same)).getCause());
            assertArrayEquals(new Throwable[0], shared.getSuppressed(), "never suppressed by itself");
        }
    }

    @Test
    void outsideARuntimeTheRetryFailsAtItsFirstPollAndStartsNoAttempt() {
        int[] calls = {0};
        try (MockTask<String> task = MockTask.spawn(Retry.backoff(3, Duration.ofMillis(1)).run(() -> {
            calls[0]++;
            return ProbeFuture.completed("never asked for");
        }))) {
            String message = assertFailed(task.poll(), IllegalStateException.class).getMessage();
            assertTrue(message.startsWith("Retry.run(attempts) was polled outside a Pollbridge runtime"), message);
            assertEquals(0, calls[0]);
        }
    }

    @Test
    void badSettingsAreRefusedWhenGiven() {
        assertThrows(IllegalArgumentException.class, () -> Retry.backoff(-1, Duration.ofMillis(1)));
        assertThrows(IllegalArgumentException.class, () -> Retry.backoff(1, Duration.ofMillis(-1)));
        assertThrows(IllegalArgumentException.class, () -> Retry.fixedDelay(1, Duration.ofMillis(-1)));
        assertThrows(IllegalArgumentException.class, () -> Retry.backoff(1, Duration.ofSeconds(2)).maxBackoff(Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> Retry.backoff(1, Duration.ZERO).jitter(1.5));
        assertThrows(IllegalArgumentException.class, () -> Retry.backoff(1, Duration.ZERO).jitter(Double.NaN));
        assertThrows(NullPointerException.class, () -> Retry.backoff(1, Duration.ZERO).filter(null));
        assertThrows(NullPointerException.class, () -> Retry.backoff(1, Duration.ZERO).run(null));
        assertFalse(Retry.backoff(Long.MAX_VALUE, Duration.ofDays(365)).toString().isEmpty(), "no overflow on huge settings");
    }

    private static List<String> messages(Throwable[] failures) {
        List<String> messages = new ArrayList<>();
        for (Throwable failure : failures) {
            messages.add(failure.getMessage());
        }
        return messages;
    }
}
