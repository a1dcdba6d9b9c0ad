package dev.pollbridge.test;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ProbeFutureTest {

    @Test
    void pendingUntilCompletedAndCompletingWakesThePoller() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        CountingWaker waker = new CountingWaker();
        assertPending(probe.poll(Context.of(waker)));
        assertTrue(probe.hasWaker());
        assertTrue(probe.complete("x"));
        assertEquals(1, waker.count());
        assertFalse(probe.hasWaker(), "the waker is released once used");
        assertReady(probe.poll(Context.of(waker)), "x");
        assertEquals(2, probe.polls());
    }

    @Test
    void onlyTheLatestWakerIsWoken() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        CountingWaker first = new CountingWaker();
        CountingWaker latest = new CountingWaker();
        probe.poll(Context.of(first));
        probe.poll(Context.of(latest));
        probe.complete("x");
        assertEquals(0, first.count());
        assertEquals(1, latest.count());
    }

    @Test
    void theFirstCompletionWins() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        assertTrue(probe.complete("a"));
        assertFalse(probe.complete("b"));
        assertFalse(probe.fail(new RuntimeException()));
        assertReady(probe.poll(Context.of(new CountingWaker())), "a");
    }

    @Test
    void pollAfterReadyThrowsAndIsCounted() {
        ProbeFuture<String> probe = ProbeFuture.completed("x");
        Context cx = Context.of(new CountingWaker());
        assertReady(probe.poll(cx), "x");
        assertThrows(IllegalStateException.class, () -> probe.poll(cx));
        assertEquals(1, probe.pollsAfterReady());
        RuntimeException error = new RuntimeException("boom");
        ProbeFuture<String> failed = ProbeFuture.failedWith(error);
        assertSame(error, assertFailed(failed.poll(cx), RuntimeException.class));
        assertThrows(IllegalStateException.class, () -> failed.poll(cx));
    }

    @Test
    void closesAreCountedAndCancellationIsCloseBeforeCompletion() {
        ProbeFuture<String> cancelled = new ProbeFuture<>();
        cancelled.poll(Context.of(new CountingWaker()));
        cancelled.close();
        cancelled.close();
        assertEquals(2, cancelled.closes(), "counts every close so tests can catch double closes");
        assertTrue(cancelled.isCancelled());
        assertFalse(cancelled.hasWaker());
        assertThrows(IllegalStateException.class, () -> cancelled.poll(Context.of(new CountingWaker())));

        ProbeFuture<String> finished = ProbeFuture.completed("x");
        finished.close();
        assertTrue(finished.isClosed());
        assertFalse(finished.isCancelled());
    }

    /**
     * Completion racing a poll from another thread is never lost: either the poll sees the value
     * or the waker it registered is woken. Bounded in iterations and time.
     */
    @Test
    void completionRacingAPollNeverLosesTheWake() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        for (int i = 0; i < 2_000 && System.nanoTime() < deadline; i++) {
            ProbeFuture<Integer> probe = new ProbeFuture<>();
            CountingWaker waker = new CountingWaker();
            CountDownLatch start = new CountDownLatch(1);
            Thread completer = new Thread(() -> {
                awaitQuietly(start);
                probe.complete(1);
            });
            completer.start();
            start.countDown();
            Poll<Integer> poll = probe.poll(Context.of(waker));
            completer.join(5_000);
            assertTrue(poll.isReady() || waker.count() == 1, "iteration " + i + ": lost wake");
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
