package dev.pollbridge.completablefuture;

import static dev.pollbridge.completablefuture.CompletableFutureBridge.toPollFuture;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Time;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The claims of the method table in {@code docs/migration-completablefuture.md}: each
 * {@code CompletableFuture} method and its Pollbridge counterpart, over the same stages.
 */
class CounterpartsTest {

    private static PollRuntime runtime;
    private static ExecutorService pool;

    @BeforeAll
    static void start() {
        runtime = PollRuntime.builder().workers(1).build();
        pool = Executors.newFixedThreadPool(2);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        runtime.close();
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(5, TimeUnit.SECONDS));
    }

    private static CompletableFuture<Integer> later(int value) {
        return CompletableFuture.supplyAsync(() -> value, pool);
    }

    @Test
    void allOfAndJoinAllWaitForEveryStage() {
        List<CompletableFuture<Integer>> stages = List.of(later(1), later(2), later(3));
        CompletableFuture.allOf(stages.toArray(CompletableFuture[]::new)).join();
        List<Integer> viaAllOf = stages.stream().map(CompletableFuture::join).toList();

        List<PollFuture<Integer>> futures = List.of(toPollFuture(later(1)), toPollFuture(later(2)), toPollFuture(later(3)));
        List<Integer> viaJoinAll = runtime.blockOn(Futures.joinAll(futures));

        assertEquals(viaAllOf, viaJoinAll);
    }

    @Test
    void thenCombineAndJoinCombineTwoValues() {
        int viaThenCombine = later(20).thenCombine(later(22), Integer::sum).join();
        int viaJoin = runtime.blockOn(Futures.join(toPollFuture(later(20)), toPollFuture(later(22)), Integer::sum));
        assertEquals(viaThenCombine, viaJoin);
    }

    @Test
    void anyOfLeavesTheLosersRunningWhileSelectAllCancelsThem() {
        CompletableFuture<Integer> slowForAnyOf = new CompletableFuture<>();
        assertEquals(1, CompletableFuture.anyOf(slowForAnyOf, later(1)).join());
        assertFalse(slowForAnyOf.isDone(), "anyOf leaves the loser running");

        CompletableFuture<Integer> slowForSelect = new CompletableFuture<>();
        assertEquals(1, runtime.blockOn(Futures.selectAll(List.of(toPollFuture(slowForSelect), toPollFuture(later(1))))));
        assertTrue(slowForSelect.isCancelled(), "selectAll closed the loser, which cancelled its stage");
    }

    @Test
    void orTimeoutAndTimeoutFailWithTimeoutExceptionButOnlyTimeoutClosesTheWork() {
        CompletableFuture<Integer> slowForOrTimeout = new CompletableFuture<>();
        CompletionException viaOrTimeout = assertThrows(CompletionException.class,
                () -> slowForOrTimeout.orTimeout(20, TimeUnit.MILLISECONDS).join());
        assertInstanceOf(TimeoutException.class, viaOrTimeout.getCause());

        CompletableFuture<Integer> slowForTimeout = new CompletableFuture<>();
        CompletionException viaTimeout = assertThrows(CompletionException.class,
                () -> runtime.blockOn(runtime.timeout(toPollFuture(slowForTimeout), Duration.ofMillis(20))));
        assertInstanceOf(TimeoutException.class, viaTimeout.getCause());
        assertTrue(slowForTimeout.isCancelled(), "the timed-out future was closed, which cancelled its stage");
    }

    @Test
    void getWithATimeoutLeavesTheWorkRunningWhileBlockOnWithALimitClosesIt() {
        CompletableFuture<Integer> slowForGet = new CompletableFuture<>();
        assertThrows(TimeoutException.class, () -> slowForGet.get(20, TimeUnit.MILLISECONDS));
        assertFalse(slowForGet.isDone(), "get(timeout) leaves the stage alone");

        CompletableFuture<Integer> slowForBlockOn = new CompletableFuture<>();
        CompletionException viaBlockOn = assertThrows(CompletionException.class,
                () -> runtime.blockOn(toPollFuture(slowForBlockOn), Duration.ofMillis(20)));
        assertInstanceOf(TimeoutException.class, viaBlockOn.getCause());
        assertTrue(slowForBlockOn.isCancelled(), "the future was closed, which cancelled its stage");
    }

    @Test
    void completeOnTimeoutWithNullAndTimeoutOrNullBothAnswerNullButOnlyTimeoutOrNullClosesTheWork() {
        CompletableFuture<Integer> slowForCompleteOnTimeout = new CompletableFuture<>();
        assertNull(slowForCompleteOnTimeout.completeOnTimeout(null, 20, TimeUnit.MILLISECONDS).join());

        CompletableFuture<Integer> slowForTimeoutOrNull = new CompletableFuture<>();
        assertNull(runtime.blockOn(Time.timeoutOrNull(toPollFuture(slowForTimeoutOrNull), Duration.ofMillis(20))));
        assertTrue(slowForTimeoutOrNull.isCancelled());
    }

    @Test
    void straightLineJoinsBecomeAsyncAwaits() {
        int viaJoin = later(20).join() + later(22).join();
        int viaAwait = runtime.blockOn(Async.run(
                () -> Async.await(toPollFuture(later(20))) + Async.await(toPollFuture(later(22)))));
        assertEquals(viaJoin, viaAwait);
    }

    @Test
    void cancellingAnAsyncBodyCancelsTheStageItAwaits() {
        CompletableFuture<Integer> awaited = new CompletableFuture<>();
        AtomicReference<Boolean> reachedLaterCode = new AtomicReference<>(false);
        CompletableFuture<Integer> result = CompletableFutureBridge.toCompletableFuture(Async.run(() -> {
            int value = Async.await(toPollFuture(awaited));
            reachedLaterCode.set(true);
            return value;
        }), runtime);

        await().atMost(Duration.ofSeconds(10)).until(() -> awaited.getNumberOfDependents() > 0);
        result.cancel(false);

        await().atMost(Duration.ofSeconds(10)).until(awaited::isCancelled);
        assertFalse(reachedLaterCode.get());
    }

    @Test
    void exceptionallySeesTheWrapperWhileRecoverSeesTheRealCause() {
        IllegalArgumentException bad = new IllegalArgumentException("bad");
        AtomicReference<Throwable> seenByExceptionally = new AtomicReference<>();
        later(1).thenApply(v -> { throw bad; })
                .thenApply(v -> v)
                .exceptionally(e -> {
                    seenByExceptionally.set(e);
                    return -1;
                })
                .join();
        assertInstanceOf(CompletionException.class, seenByExceptionally.get());

        AtomicReference<Throwable> seenByRecover = new AtomicReference<>();
        PollFuture<Object> recovered = toPollFuture(later(1).thenApply(v -> { throw bad; }).thenApply(v -> v))
                .recover(e -> {
                    seenByRecover.set(e);
                    return -1;
                });
        assertEquals(-1, runtime.blockOn(recovered));
        assertEquals(bad, seenByRecover.get());
    }
}
