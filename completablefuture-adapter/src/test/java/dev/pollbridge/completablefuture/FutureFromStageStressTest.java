package dev.pollbridge.completablefuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.CountingWaker;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Completion racing the first poll, later polls and close, on real threads. Bounded by
 * iterations and by time, so a slow shared machine shortens the run instead of failing it.
 */
@Tag("stress")
class FutureFromStageStressTest {

    private static final int ITERATIONS = 5_000;
    private static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(3);
    private static final long LOST_WAKE_NANOS = TimeUnit.SECONDS.toNanos(5);

    private static ExecutorService completer;

    @BeforeAll
    static void startCompleter() {
        completer = Executors.newSingleThreadExecutor();
    }

    @AfterAll
    static void stopCompleter() throws InterruptedException {
        completer.shutdownNow();
        assertTrue(completer.awaitTermination(5, TimeUnit.SECONDS));
    }

    /** Written before the stage completes, never volatile: rule 10 must make it visible. */
    static final class Payload {
        int plainField;
    }

    @Test
    void noWakeIsLostAndWritesBeforeCompletionAreVisible() throws Exception {
        long start = System.nanoTime();
        int iterations = 0;
        while (iterations < ITERATIONS && System.nanoTime() - start < BUDGET_NANOS) {
            int expected = iterations + 1;
            Payload payload = new Payload();
            CompletableFuture<Payload> source = new CompletableFuture<>();
            PollFuture<Payload> future = CompletableFutureBridge.toPollFuture(source);
            CountingWaker waker = new CountingWaker();
            Context cx = Context.of(waker);
            CountDownLatch go = new CountDownLatch(1);
            completer.execute(() -> {
                awaitQuietly(go);
                payload.plainField = expected;
                source.complete(payload);
            });

            go.countDown();
            Poll<Payload> poll = pollUntilReady(future, waker, cx);
            assertEquals(expected, poll.value().plainField, "iteration " + iterations);
            future.close();
            iterations++;
        }
        assertTrue(iterations > 0);
    }

    @Test
    void closeRacingCompletionCancelsAtMostOnceAndNeverThrows() throws Exception {
        long start = System.nanoTime();
        int iterations = 0;
        while (iterations < ITERATIONS && System.nanoTime() - start < BUDGET_NANOS) {
            CompletableFuture<String> source = new CompletableFuture<>();
            AtomicInteger sourceCompletions = new AtomicInteger();
            source.whenComplete((v, e) -> sourceCompletions.incrementAndGet());
            PollFuture<String> future = CompletableFutureBridge.toPollFuture(source);
            CountingWaker waker = new CountingWaker();
            future.poll(Context.of(waker));
            CountDownLatch done = new CountDownLatch(1);
            completer.execute(() -> {
                source.complete("v");
                done.countDown();
            });
            future.close();
            assertTrue(done.await(5, TimeUnit.SECONDS));

            assertEquals(1, sourceCompletions.get());
            // Either the value or the cancellation won; the stage shows exactly one of them.
            assertTrue(source.isCancelled() || "v".equals(source.join()));
            iterations++;
        }
        assertTrue(iterations > 0);
    }

    /** Polls like an executor: after pending, waits for a wake (bounded), then polls again. */
    private static <T> Poll<T> pollUntilReady(PollFuture<T> future, CountingWaker waker, Context cx) {
        while (true) {
            waker.markPolled();
            Poll<T> poll = future.poll(cx);
            if (!poll.isPending()) {
                return poll;
            }
            long waitStart = System.nanoTime();
            while (!waker.isWoken()) {
                if (System.nanoTime() - waitStart > LOST_WAKE_NANOS) {
                    fail("pending without a wake: a lost wake-up");
                }
                Thread.yield();
            }
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
