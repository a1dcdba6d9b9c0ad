package dev.pollbridge.completablefuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Races on the pull-to-push direction: cancel racing completion, and visibility of plain writes
 * made before completion. Bounded by iterations and by time.
 */
@Tag("stress")
class CompletableFutureFromFutureStressTest {

    private static final int ITERATIONS = 2_000;
    private static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(3);
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    private static PollRuntime runtime;
    private static ExecutorService completer;

    @BeforeAll
    static void start() {
        runtime = PollRuntime.builder().workers(2).build();
        completer = Executors.newSingleThreadExecutor();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        runtime.close();
        completer.shutdownNow();
        assertTrue(completer.awaitTermination(5, TimeUnit.SECONDS));
    }

    /** Written before the future completes, never volatile: rule 10 must make it visible. */
    static final class Payload {
        long plainField;
    }

    @Test
    void writesBeforeCompletionAreVisibleToTheCompletableFutureReader() {
        long start = System.nanoTime();
        int iterations = 0;
        while (iterations < ITERATIONS && System.nanoTime() - start < BUDGET_NANOS) {
            long expected = iterations + 1;
            Payload payload = new Payload();
            ProbeFuture<Payload> probe = new ProbeFuture<>();
            CompletableFuture<Payload> result = CompletableFutureBridge.toCompletableFuture(probe, runtime);
            completer.execute(() -> {
                payload.plainField = expected;
                probe.complete(payload);
            });
            assertEquals(expected, result.orTimeout(PATIENCE.toSeconds(), TimeUnit.SECONDS).join().plainField);
            iterations++;
        }
        assertTrue(iterations > 0);
    }

    @Test
    void cancelRacingCompletionClosesTheFutureExactlyOnce() throws Exception {
        long start = System.nanoTime();
        int iterations = 0;
        while (iterations < ITERATIONS && System.nanoTime() - start < BUDGET_NANOS) {
            ProbeFuture<String> probe = new ProbeFuture<>();
            CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(probe, runtime);
            AtomicInteger completions = new AtomicInteger();
            result.whenComplete((v, e) -> completions.incrementAndGet());
            completer.execute(() -> probe.complete("v"));
            boolean cancelWon = result.cancel(false);

            long waitStart = System.nanoTime();
            while (probe.closes() == 0) {
                if (System.nanoTime() - waitStart > PATIENCE.toNanos()) {
                    throw new AssertionError("the future was never closed (iteration " + iterations + ")");
                }
                Thread.yield();
            }
            assertEquals(1, probe.closes(), "iteration " + iterations);
            assertEquals(1, completions.get());
            // Either the cancel or the task's value won; the result shows exactly that one.
            assertEquals(cancelWon, result.isCancelled(), "iteration " + iterations);
            if (!cancelWon) {
                assertEquals("v", result.join());
            }
            iterations++;
        }
        assertTrue(iterations > 0);
    }
}
