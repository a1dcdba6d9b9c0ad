package dev.pollbridge.tck.faults;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.completablefuture.CompletableFutureBridge;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code PollFuture} to {@code CompletableFuture} ({@code CompletableFutureBridge
 * .toCompletableFuture}): a future that breaks its contract, and dependent stages that throw.
 * What no signal can carry goes to the runtime's uncaught-failure handler.
 */
class FutureToCompletableFutureFaultsTest extends FaultCatalogue {

    private static Throwable failureOf(CompletableFuture<?> result) {
        ExecutionException failed = assertThrows(ExecutionException.class,
                () -> result.get(WAIT.toMillis(), TimeUnit.MILLISECONDS));
        return failed.getCause();
    }

    @Test
    void aPollThatThrowsCompletesExceptionally() {
        IllegalStateException broken = new IllegalStateException("poll threw");
        ScriptedFuture<String> future = ScriptedFuture.throwing(broken);
        assertSame(broken, failureOf(CompletableFutureBridge.toCompletableFuture(future, runtime)));
        await().atMost(WAIT).until(() -> future.closes() == 1);
    }

    @Test
    void aPollThatReturnsNullCompletesWithNullPointerException() {
        ScriptedFuture<String> future = ScriptedFuture.returningNull();
        assertInstanceOf(NullPointerException.class, failureOf(CompletableFutureBridge.toCompletableFuture(future, runtime)));
        await().atMost(WAIT).until(() -> future.closes() == 1);
    }

    @Test
    void aCloseThatThrowsAfterTheValueKeepsTheValueAndIsReported() throws Exception {
        IllegalStateException broken = new IllegalStateException("close threw");
        ScriptedFuture<String> future = ScriptedFuture.ready("v").closeThrows(broken);
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(future, runtime);
        assertEquals("v", result.get(WAIT.toMillis(), TimeUnit.MILLISECONDS));
        uncaught.expect(broken);
        assertEquals(1, future.closes());
    }

    @Test
    void aCloseThatThrowsOnCancelIsReported() {
        IllegalStateException broken = new IllegalStateException("close threw");
        ScriptedFuture<String> future = ScriptedFuture.<String>pending().closeThrows(broken);
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(future, runtime);
        await().atMost(WAIT).until(() -> future.polls() > 0);
        assertTrue(result.cancel(false));
        uncaught.expect(broken);
        assertEquals(1, future.closes());
    }

    @Test
    void dependentStagesThatThrowDoNotReachTheRuntime() throws Exception {
        IllegalStateException broken = new IllegalStateException("a dependent stage threw");
        ScriptedFuture<String> future = ScriptedFuture.pending();
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(future, runtime);
        AtomicInteger ran = new AtomicInteger();
        CompletableFuture<Object> dependent = result.thenApply(value -> {
            ran.incrementAndGet();
            throw broken; // runs on the worker that completes the result, or on a thread in get()
        });
        result.whenComplete((value, error) -> {
            ran.incrementAndGet();
            throw broken;
        });
        future.complete("v");
        assertEquals("v", result.get(WAIT.toMillis(), TimeUnit.MILLISECONDS));
        assertSame(broken, failureOf(dependent));
        // CompletableFuture.get() helps run dependents: the test thread may finish `dependent`
        // while the worker still runs the other stage, so wait for both.
        await().atMost(WAIT).until(() -> ran.get() == 2);
        await().atMost(WAIT).until(() -> future.closes() == 1);
    }
}
