package dev.pollbridge.tck.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.completablefuture.CompletableFutureBridge;
import dev.pollbridge.api.JoinHandle;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * {@code CompletionStage} to {@code PollFuture} ({@code CompletableFutureBridge.toPollFuture}): a
 * stage that breaks its contract, awaited by a runtime task. What no signal can carry goes to
 * the runtime's uncaught-failure handler.
 */
class StageToFutureFaultsTest extends FaultCatalogue {

    @Test
    void aWhenCompleteThatThrowsFailsTheFuture() {
        IllegalStateException broken = new IllegalStateException("whenComplete threw");
        CompletableFuture<String> stage = new CompletableFuture<>() {
            @Override
            public CompletableFuture<String> whenComplete(BiConsumer<? super String, ? super Throwable> action) {
                throw broken;
            }
        };
        assertSame(broken, assertThrows(IllegalStateException.class,
                () -> run(CompletableFutureBridge.toPollFuture(stage))));
    }

    @Test
    void aCancelThatThrowsIsReportedAndCloseReturnsNormally() {
        IllegalStateException broken = new IllegalStateException("cancel threw");
        AtomicInteger cancels = new AtomicInteger();
        CompletableFuture<String> stage = new CompletableFuture<>() {
            @Override
            public boolean cancel(boolean mayInterruptIfRunning) {
                cancels.incrementAndGet();
                throw broken;
            }
        };
        JoinHandle<String> owner = runtime.spawn(
                runtime.timeout(CompletableFutureBridge.toPollFuture(stage), Duration.ofMillis(100)));
        CompletionException timedOut = assertThrows(CompletionException.class, () -> join(owner));
        assertInstanceOf(TimeoutException.class, timedOut.getCause(), "the close inside timeout returned normally");
        uncaught.expect(broken);
        assertEquals(1, cancels.get());
    }

    @Test
    void aStageThatNeverCompletesIsPendingUntilItsOwnerGivesUpAndIsThenCancelled() {
        CompletableFuture<String> stage = new CompletableFuture<>();
        JoinHandle<String> owner = runtime.spawn(
                runtime.timeout(CompletableFutureBridge.toPollFuture(stage), Duration.ofMillis(100)));
        CompletionException timedOut = assertThrows(CompletionException.class, () -> join(owner));
        assertInstanceOf(TimeoutException.class, timedOut.getCause());
        assertTrue(stage.isCancelled());
    }

    @Test
    void aCallbackCalledTwiceCountsOnce() {
        CompletionStage<String> stage = new CompletableFuture<String>() {
            @Override
            public CompletableFuture<String> whenComplete(BiConsumer<? super String, ? super Throwable> action) {
                action.accept("first", null);
                action.accept("second", null);
                action.accept(null, new IllegalStateException("third"));
                return this;
            }
        };
        assertEquals("first", run(CompletableFutureBridge.toPollFuture(stage)));
    }

    @Test
    void aStageThatCannotBeCancelledIsDetachedSilently() {
        CompletableFuture<String> source = new CompletableFuture<>();
        CompletionStage<String> minimal = source.minimalCompletionStage();
        JoinHandle<String> owner = runtime.spawn(
                runtime.timeout(CompletableFutureBridge.toPollFuture(minimal), Duration.ofMillis(100)));
        assertThrows(CompletionException.class, () -> join(owner));
        assertTrue(!source.isDone(), "a minimal stage is detached, not cancelled");
    }
}
