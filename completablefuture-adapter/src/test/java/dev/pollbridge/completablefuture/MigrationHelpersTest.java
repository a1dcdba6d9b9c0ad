package dev.pollbridge.completablefuture;

import static dev.pollbridge.completablefuture.CompletableFutureBridge.toPollFutureFunction;
import static dev.pollbridge.completablefuture.CompletableFutureBridge.toCompletableFutureFunction;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class MigrationHelpersTest {

    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static PollRuntime runtime;

    @BeforeAll
    static void start() {
        runtime = PollRuntime.builder().workers(1).build();
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    @Test
    void stageMakesOneThenComposeStageAPollFuture() {
        CompletableFuture<Integer> chain = CompletableFuture.completedFuture("21")
                .thenApply(Integer::parseInt)
                .thenCompose(toCompletableFutureFunction(n -> ProbeFuture.completed(n * 2), runtime))
                .thenApply(n -> n + 0);
        assertEquals(42, chain.join());

        CompletableFuture<Integer> onShared = CompletableFuture.completedFuture(1)
                .thenCompose(toCompletableFutureFunction(n -> ProbeFuture.completed(n + 1)));
        assertEquals(2, onShared.join());
    }

    @Test
    void cancellingTheStageReturnedByStageAbortsItsFuture() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        CompletableFuture<String> started = toCompletableFutureFunction((String s) -> probe, runtime).apply("x");
        await().atMost(PATIENCE).until(() -> probe.polls() > 0);
        started.cancel(false);
        await().atMost(PATIENCE).until(probe::isClosed);
        assertTrue(probe.isCancelled());
        assertEquals(1, probe.closes());
    }

    @Test
    void aFailureInsideTheStageFailsTheChainWithTheSameCause() {
        IllegalArgumentException bad = new IllegalArgumentException("bad");
        CompletableFuture<String> chain = CompletableFuture.completedFuture("x")
                .thenCompose(toCompletableFutureFunction(s -> ProbeFuture.<String>failedWith(bad), runtime));
        CompletionException thrown = assertThrows(CompletionException.class, chain::join);
        assertEquals(bad, thrown.getCause());
    }

    @Test
    void aFunctionReturningNullFailsTheChainWithNullPointerException() {
        CompletableFuture<String> chain = CompletableFuture.completedFuture("x")
                .thenCompose(toCompletableFutureFunction(s -> (PollFuture<String>) null, runtime));
        CompletionException thrown = assertThrows(CompletionException.class, chain::join);
        assertInstanceOf(NullPointerException.class, thrown.getCause());
    }

    @Test
    void awaitingTurnsALegacyServiceIntoAPollFuture() {
        CompletableFuture<Integer> legacy = new CompletableFuture<>();
        AtomicReference<String> asked = new AtomicReference<>();
        Function<String, PollFuture<Integer>> fetch = toPollFutureFunction(key -> {
            asked.set(key);
            return legacy;
        });

        try (MockTask<Integer> task = MockTask.spawn(fetch.apply("orders"))) {
            assertEquals("orders", asked.get());
            assertPending(task.poll());
            legacy.complete(3);
            assertReady(task.poll(), 3);
        }
    }

    @Test
    void closingAnAwaitedLegacyStageCancelsIt() {
        CompletableFuture<Integer> legacy = new CompletableFuture<>();
        MockTask<Integer> task = MockTask.spawn(toPollFutureFunction((String key) -> legacy).apply("orders"));
        assertPending(task.poll());
        task.close();
        assertTrue(legacy.isCancelled());
    }

    @Test
    void helpersRejectNullFunctions() {
        assertThrows(NullPointerException.class, () -> toCompletableFutureFunction(null));
        assertThrows(NullPointerException.class, () -> toCompletableFutureFunction(null, runtime));
        assertThrows(NullPointerException.class, () -> toCompletableFutureFunction(s -> ProbeFuture.completed(s), null));
        assertThrows(NullPointerException.class, () -> toPollFutureFunction(null));
    }
}
