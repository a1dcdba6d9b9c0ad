package dev.pollbridge.completablefuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.ProbeFuture;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A caller completes (or cancels) the {@code CompletableFuture} of
 * {@link CompletableFutureBridge#toCompletableFuture}; the task behind it is aborted and the
 * future it drives is closed; that future's cleanup then fails. Nobody waits for that failure,
 * so it must reach the runtime's uncaught-failure handler, exactly once, every time.
 *
 * <p>Issue 24, item 13: with an {@code Async} body whose {@code finally} throws, the failure
 * reached the handler in about 1 of 30 rounds. The task that forwards the outcome kept its join
 * handle without ever joining it, so the runtime attached the cleanup failure to the cancellation
 * that handle would have returned, which nobody read; only when the forwarding task saw the
 * completed result first (and ended with a value) was the failure reported.
 */
@Tag("stress")
class CleanupAfterTheCallerCompletedStressTest {

    private static final int ROUNDS = 2_000;
    private static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(15);
    private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("cf-cleanup-").uncaughtFailureHandler(uncaught::add).build();
    }

    @AfterEach
    void stop() {
        runtime.close();
    }

    /** A body suspended on {@code child} whose cleanup throws {@code cleanupFailure}. */
    private static PollFuture<String> failingCleanup(ProbeFuture<String> child, RuntimeException cleanupFailure) {
        return Async.run(() -> {
            try {
                return Async.await(child);
            } finally {
                if (cleanupFailure != null) {
                    throw cleanupFailure; // raised by the cleanup of a cancelled body
                }
            }
        });
    }

    @Test
    void theCleanupFailureOfAFutureWhoseCompletableFutureTheCallerCompletedIsReportedEveryTime() {
        long start = System.nanoTime();
        int round = 0;
        while (round < ROUNDS && System.nanoTime() - start < BUDGET_NANOS) {
            ProbeFuture<String> child = new ProbeFuture<>();
            IllegalStateException cleanup = new IllegalStateException("cleanup failed, round " + round);
            CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(failingCleanup(child, cleanup), runtime);
            spinUntil(child::hasWaker, "the body to suspend", round);
            switch (round % 3) {
                case 0 -> result.complete("completed by the caller");
                case 1 -> result.cancel(false);
                default -> result.completeExceptionally(new IllegalArgumentException("failed by the caller"));
            }
            spinUntil(() -> uncaught.contains(cleanup), "the cleanup failure to reach the handler", round);
            spinUntil(() -> runtime.metrics().tasksAlive() == 0, "the forwarding task to end", round);
            assertEquals(List.of(cleanup), uncaught, "round " + round + ": reported exactly once, nothing else");
            assertEquals(1, child.closes(), "round " + round);
            uncaught.clear();
            round++;
        }
        assertTrue(round >= ROUNDS || System.nanoTime() - start >= BUDGET_NANOS, "rounds: " + round);
        assertTrue(round >= 100, "too few rounds to mean anything: " + round);
    }

    private static void spinUntil(BooleanSupplier condition, String what, int round) {
        long waitStart = System.nanoTime();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - waitStart > PATIENCE_NANOS) {
                throw new AssertionError("round " + round + ": waited 10 s for " + what);
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
