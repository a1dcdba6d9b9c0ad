package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link PollRuntime#blockOn(dev.pollbridge.api.PollFuture, Duration)}: the value in time, or the
 * future closed and a {@code TimeoutException} (wrapped by the failure rule) once the real-time
 * limit passed, on both scheduler flavours; the same rules as {@code blockOn} otherwise.
 */
@Timeout(30)
class BlockOnTimeoutTest {

    private static final Duration SHORT = Duration.ofMillis(50);

    @Test
    void aFutureNotReadyInTimeIsClosedAndTheFailureNamesTheLimit() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            ProbeFuture<String> never = new ProbeFuture<>();
            long start = System.nanoTime();
            CompletionException thrown = assertThrows(CompletionException.class, () -> runtime.blockOn(never, SHORT));
            assertTrue(System.nanoTime() - start >= SHORT.toNanos(), "not before the limit");
            TimeoutException timeout = assertInstanceOf(TimeoutException.class, thrown.getCause());
            assertTrue(timeout.getMessage().contains("blockOn(future, PT0.05S)"), timeout.getMessage());
            assertEquals(1, never.closes());
            assertTrue(never.isCancelled(), "closed unfinished: cancelled");
        }
    }

    @Test
    void aValueThatArrivesInTimeIsReturned() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            ProbeFuture<String> later = new ProbeFuture<>();
            Thread completer = new Thread(() -> {
                await().atMost(Duration.ofSeconds(10)).until(later::hasWaker);
                later.complete("in time");
            });
            completer.start();
            assertEquals("in time", runtime.blockOn(later, Duration.ofSeconds(20)));
            assertEquals(1, later.closes());
        }
    }

    @Test
    void aFailureInTimeFollowsTheFailureRule() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            IllegalStateException failure = new IllegalStateException("its own");
            assertEquals(failure, assertThrows(IllegalStateException.class,
                    () -> runtime.blockOn(ProbeFuture.failedWith(failure), Duration.ofSeconds(10))));
        }
    }

    @Test
    void zeroOrANegativeLimitPollsOnce() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            assertEquals("now", runtime.blockOn(Futures.ready("now"), Duration.ZERO));
            ProbeFuture<String> pending = new ProbeFuture<>();
            assertThrows(CompletionException.class, () -> runtime.blockOn(pending, Duration.ofSeconds(-1)));
            assertEquals(1, pending.polls());
            assertEquals(1, pending.closes());
        }
    }

    @Test
    void theLimitIsRealTimeAVirtualClockNeitherStretchesNorShrinksIt() {
        try (PollRuntime runtime = PollRuntime.builder().workers(0).clock(new VirtualClock()).build()) {
            // The runtime's sleep never fires (nobody advances the clock); the wait still ends.
            assertThrows(CompletionException.class, () -> runtime.blockOn(runtime.sleep(Duration.ofHours(1)), SHORT));
            // And the runtime's own timers inside it count virtual time: an hour is not 50 ms.
            assertThrows(CompletionException.class,
                    () -> runtime.blockOn(Time.timeout(new ProbeFuture<String>(), Duration.ofHours(1)), SHORT));
        }
    }

    @Test
    void onTheCurrentThreadFlavourTheWaitingThreadRunsTheTasks() {
        try (PollRuntime runtime = PollRuntime.builder().workers(0).build()) {
            AtomicInteger turns = new AtomicInteger();
            JoinHandle<Void> busy = runtime.spawn(cx -> {
                turns.incrementAndGet();
                cx.waker().wake(); // always runnable: the blockOn thread runs it between looks at its future
                return Poll.pending();
            });
            assertThrows(CompletionException.class, () -> runtime.blockOn(new ProbeFuture<String>(), SHORT));
            assertTrue(turns.get() > 1, "the task ran while blockOn waited: " + turns.get());
            busy.abort();
            assertEquals("done", runtime.blockOn(runtime.spawn(Futures.ready("done")), Duration.ofSeconds(10)));
        }
    }

    @Test
    void insideATaskItFailsFastAndClosesTheFuture() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            ProbeFuture<String> inner = new ProbeFuture<>();
            JoinHandle<String> handle = runtime.spawn(cx -> Poll.ready(runtime.blockOn(inner, Duration.ofSeconds(10))));
            assertThrows(IllegalStateException.class, () -> runtime.blockOn(handle));
            assertEquals(1, inner.closes());
        }
    }

    @Test
    void badArgumentsLeaveTheFutureToItsCallerAndAClosedRuntimeRejects() {
        PollRuntime runtime = PollRuntime.builder().workers(1).build();
        ProbeFuture<String> future = new ProbeFuture<>();
        assertThrows(NullPointerException.class, () -> runtime.blockOn(future, null));
        assertEquals(0, future.closes(), "still the caller's");
        runtime.close();
        assertThrows(RejectedExecutionException.class, () -> runtime.blockOn(future, SHORT));
        assertEquals(1, future.closes());
    }
}
