package dev.pollbridge.runtime.async;

import dev.pollbridge.runtime.Async;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.internal.async.AsyncEngine;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Rule A9 under load: bodies that suspended on a thread that is busy running another body are
 * closed on this thread, so they unwind away from their live home while compiled code of theirs
 * may still hold the home thread's identity. An await in their cleanup must throw
 * {@code CancellationException} for that body, and never reach the body the home thread runs.
 * Bounded in rounds and in time.
 */
@Timeout(120)
class AsyncHomeThreadStressTest {

    private static final int ROUNDS = 20_000;
    private static final long MAX_NANOS = TimeUnit.SECONDS.toNanos(20);
    private static final Context CX = Context.of(() -> {});

    /** Pending at its first poll (waking at once), ready at the second. */
    private static final class YieldOnce implements PollFuture<Integer> {
        private boolean polled;

        @Override
        public Poll<Integer> poll(Context cx) {
            if (polled) {
                return Poll.ready(0);
            }
            polled = true;
            cx.waker().wake();
            return Poll.pending();
        }
    }

    private static PollFuture<Integer> closedAwayFromHome(AtomicInteger handedOver, AtomicReference<Throwable> wrong) {
        PollFuture<Integer> pending = Futures.pending();
        return AsyncEngine.continuationFuture(() -> {
            try {
                return Async.await(pending);
            } finally {
                try {
                    Async.await(Futures.ready(1)); // cleanup cannot wait: must throw, for this body
                    handedOver.incrementAndGet();
                } catch (CancellationException expected) {
                    // the rule
                } catch (Throwable other) {
                    wrong.compareAndSet(null, other);
                }
            }
        });
    }

    @Test
    void anAwaitInTheCleanupOfABodyClosedAwayFromItsBusyHomeThrowsForThatBodyOnly() throws Exception {
        assumeTrue(AsyncEngine.continuationsUnavailable() == null, "continuation mode is available");
        AtomicInteger handedOver = new AtomicInteger();
        AtomicReference<Throwable> wrong = new AtomicReference<>();
        AtomicReference<Throwable> homeFailure = new AtomicReference<>();
        AtomicInteger tickerAwaits = new AtomicInteger();
        ConcurrentLinkedQueue<Runnable> jobs = new ConcurrentLinkedQueue<>();
        PollFuture<Void> ticker = AsyncEngine.continuationFuture(() -> {
            for (;;) {
                for (int i = 0; i < 200; i++) {
                    tickerAwaits.addAndGet(Async.await(Futures.ready(1)));
                }
                Async.await(new YieldOnce());
            }
        });
        AtomicReference<Boolean> stop = new AtomicReference<>(false);
        Thread home = new Thread(() -> {
            try {
                while (!stop.get()) {
                    Runnable job = jobs.poll();
                    if (job != null) {
                        job.run();
                    }
                    ticker.poll(CX); // the home thread runs another body most of the time
                }
            } catch (Throwable failure) {
                homeFailure.set(failure);
            } finally {
                ticker.close();
            }
        }, "busy-home");
        home.start();
        int rounds = 0;
        try {
            long deadline = System.nanoTime() + MAX_NANOS;
            for (; rounds < ROUNDS && System.nanoTime() - deadline < 0 && homeFailure.get() == null; rounds++) {
                PollFuture<Integer> body = closedAwayFromHome(handedOver, wrong);
                CompletableFuture<Poll<Integer>> first = new CompletableFuture<>();
                jobs.add(() -> first.complete(body.poll(CX)));
                assertTrue(first.get(10, TimeUnit.SECONDS).isPending());
                body.close(); // away from its home, which is busy with the ticker
            }
        } finally {
            stop.set(true);
            home.join();
        }
        assertNull(homeFailure.get(), "the home thread's own body was never touched from here");
        assertNull(wrong.get(), "an await in the cleanup failed otherwise than with CancellationException");
        assertEquals(0, handedOver.get(), "an await in the cleanup returned a value (it reached another body)");
        assertTrue(rounds > 100, "rounds: " + rounds);
        assertTrue(tickerAwaits.get() > 0);
    }
}
