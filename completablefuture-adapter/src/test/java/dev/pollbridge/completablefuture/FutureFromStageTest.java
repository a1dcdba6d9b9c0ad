package dev.pollbridge.completablefuture;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.completablefuture.TestStages.CountingStage;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockTask;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FutureFromStageTest {

    @Test
    void registersOnTheStageOnlyOnTheFirstPoll() {
        CountingStage<String> source = new CountingStage<>();
        PollFuture<String> future = CompletableFutureBridge.toPollFuture(source);
        assertEquals(0, source.whenCompleteCalls.get(), "building the future registers nothing");

        try (MockTask<String> task = MockTask.spawn(future)) {
            assertPending(task.poll());
            assertEquals(1, source.whenCompleteCalls.get());
            assertPending(task.poll());
            assertEquals(1, source.whenCompleteCalls.get(), "later polls only swap the waker");

            source.complete("value");
            assertTrue(task.isWoken());
            assertReady(task.poll(), "value");
        }
    }

    @Test
    void anAlreadyCompleteStageIsReadyOnTheFirstPoll() {
        try (MockTask<String> task = MockTask.spawn(CompletableFutureBridge.toPollFuture(CompletableFuture.completedFuture("done")))) {
            assertReady(task.poll(), "done");
        }
    }

    @Test
    void aNullValueIsReadyNull() {
        CompletableFuture<Void> source = new CompletableFuture<>();
        try (MockTask<Void> task = MockTask.spawn(CompletableFutureBridge.toPollFuture(source))) {
            assertPending(task.poll());
            source.complete(null);
            assertReady(task.poll(), null);
        }
    }

    @Test
    void wakesOnlyTheLatestWaker() {
        CompletableFuture<Integer> source = new CompletableFuture<>();
        PollFuture<Integer> future = CompletableFutureBridge.toPollFuture(source);
        CountingWaker first = new CountingWaker();
        CountingWaker second = new CountingWaker();

        assertPending(future.poll(Context.of(first)));
        assertPending(future.poll(Context.of(second)));
        source.complete(7);

        assertEquals(0, first.count());
        assertEquals(1, second.count());
        assertReady(future.poll(Context.of(second)), 7);
        future.close();
    }

    @Test
    void pollingAfterReadyOrAfterCloseFailsFast() {
        PollFuture<String> future = CompletableFutureBridge.toPollFuture(CompletableFuture.completedFuture("x"));
        Context cx = Context.of(new CountingWaker());
        assertReady(future.poll(cx), "x");
        assertThrows(IllegalStateException.class, () -> future.poll(cx));

        PollFuture<String> closed = CompletableFutureBridge.toPollFuture(new CompletableFuture<>());
        closed.close();
        assertThrows(IllegalStateException.class, () -> closed.poll(cx));
    }

    @Test
    void rejectsNullArguments() {
        assertThrows(NullPointerException.class, () -> CompletableFutureBridge.toPollFuture(null));
        assertThrows(NullPointerException.class,
                () -> CompletableFutureBridge.toPollFuture(new CompletableFuture<>(), null));
    }

    @Test
    void aCancelledSourceFailsWithCancellationException() {
        CompletableFuture<String> source = new CompletableFuture<>();
        try (MockTask<String> task = MockTask.spawn(CompletableFutureBridge.toPollFuture(source))) {
            assertPending(task.poll());
            source.cancel(true);
            source.cancel(true);
            assertEquals(1, task.wakeCount(), "the cancellation reached the task once");
            assertFailed(task.poll(), CancellationException.class);
        }
    }

    @Test
    void closeBeforeCompletionCancelsTheSourceOnce() {
        CompletableFuture<String> source = new CompletableFuture<>();
        AtomicInteger sourceCompletions = new AtomicInteger();
        source.whenComplete((value, error) -> sourceCompletions.incrementAndGet());
        MockTask<String> task = MockTask.spawn(CompletableFutureBridge.toPollFuture(source, CancelPolicy.CANCEL_SOURCE));

        assertPending(task.poll());
        task.close();
        task.close();

        assertTrue(source.isCancelled());
        assertEquals(1, sourceCompletions.get());
        assertEquals(0, task.wakeCount(), "a closed future's waker is dropped, not woken");
    }

    @Test
    void closeBeforeTheFirstPollStillCancelsTheSource() {
        CountingStage<String> source = new CountingStage<>();
        PollFuture<String> future = CompletableFutureBridge.toPollFuture(source);
        future.close();
        assertTrue(source.isCancelled(), "the future owned the stage; dropping it drops the work");
        assertEquals(0, source.whenCompleteCalls.get(), "never polled, so never registered");
    }

    @Test
    void detachLeavesTheSourceRunningAndDropsItsValue() {
        CompletableFuture<String> source = new CompletableFuture<>();
        MockTask<String> task = MockTask.spawn(CompletableFutureBridge.toPollFuture(source, CancelPolicy.DETACH));
        assertPending(task.poll());
        task.close();

        assertFalse(source.isDone());
        CompletableFuture<String> otherConsumer = source.thenApply(String::toUpperCase);
        assertTrue(source.complete("still wanted"));
        assertEquals("STILL WANTED", otherConsumer.join());
        assertEquals(0, task.wakeCount(), "the detached future is not woken");
    }

    @Test
    void closeAfterCompletionLeavesTheSourceAlone() {
        CompletableFuture<String> source = new CompletableFuture<>();
        MockTask<String> task = MockTask.spawn(CompletableFutureBridge.toPollFuture(source));
        assertPending(task.poll());
        source.complete("v");
        task.close(); // completed but never read: nothing to cancel
        assertFalse(source.isCancelled());
        assertEquals("v", source.join());
    }

    @Test
    void aStageThatRefusesToCompletableFutureWorksAndIsDetachedOnClose() {
        CompletableFuture<String> source = new CompletableFuture<>();
        CompletionStage<String> minimal = TestStages.refusingStage(source);
        assertThrows(UnsupportedOperationException.class, minimal::toCompletableFuture);

        try (MockTask<String> task = MockTask.spawn(CompletableFutureBridge.toPollFuture(minimal))) {
            assertPending(task.poll());
            source.complete("through a minimal stage");
            assertTrue(task.isWoken());
            assertReady(task.poll(), "through a minimal stage");
        }

        CompletableFuture<String> second = new CompletableFuture<>();
        MockTask<String> cancelled = MockTask.spawn(CompletableFutureBridge.toPollFuture(TestStages.refusingStage(second)));
        assertPending(cancelled.poll());
        cancelled.close(); // CANCEL_SOURCE cannot reach it: detached, and close() does not throw
        assertFalse(second.isCancelled());
        assertTrue(second.complete("late"));
        assertEquals(0, cancelled.wakeCount());
    }

    @Test
    void theJdkMinimalStageDeliversItsValue() {
        CompletableFuture<Integer> source = new CompletableFuture<>();
        try (MockTask<Integer> task = MockTask.spawn(CompletableFutureBridge.toPollFuture(source.minimalCompletionStage()))) {
            assertPending(task.poll());
            source.complete(42);
            assertReady(task.poll(), 42);
        }
    }

    @Test
    void aFailedSourceIsDeliveredOnceAndTheFutureIsThenOver() {
        CompletableFuture<String> source = new CompletableFuture<>();
        IllegalStateException boom = new IllegalStateException("boom");
        PollFuture<String> future = CompletableFutureBridge.toPollFuture(source);
        Context cx = Context.of(new CountingWaker());
        assertPending(future.poll(cx));
        source.completeExceptionally(boom);
        assertSame(boom, assertFailed(future.poll(cx), IllegalStateException.class));
        assertThrows(IllegalStateException.class, () -> future.poll(cx));
        future.close();
        assertFalse(source.isCancelled());
    }
}
