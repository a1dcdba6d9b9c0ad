package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.test.MockTask;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** ready, failed, pending and lazy: the futures with no children. */
class LeafFuturesTest {

    @Test
    void readyIsReadyOnceThenRejectsPolls() {
        try (MockTask<String> task = MockTask.spawn(Futures.ready("x"))) {
            assertReady(task.poll(), "x");
            assertThrows(IllegalStateException.class, task::poll);
        }
        try (MockTask<Object> task = MockTask.spawn(Futures.ready(null))) {
            assertNull(assertReady(task.poll()));
        }
    }

    @Test
    void failedFailsOnceThenRejectsPolls() {
        RuntimeException error = new RuntimeException("boom");
        try (MockTask<Object> task = MockTask.spawn(Futures.failed(error))) {
            assertSame(error, assertFailed(task.poll(), RuntimeException.class));
            assertThrows(IllegalStateException.class, task::poll);
        }
        assertThrows(NullPointerException.class, () -> Futures.failed(null));
    }

    @Test
    void pendingNeverCompletesAndHoldsNoWaker() {
        try (MockTask<Object> task = MockTask.spawn(Futures.pending())) {
            for (int i = 0; i < 3; i++) {
                assertPending(task.poll());
            }
            assertFalse(task.isWoken());
            assertEquals(0, task.wakeCount());
        }
    }

    @Test
    void lazyRunsTheSupplierOnceOnTheFirstPoll() {
        AtomicInteger calls = new AtomicInteger();
        PollFuture<Integer> lazy = Futures.lazy(calls::incrementAndGet);
        assertEquals(0, calls.get(), "building runs nothing");
        try (MockTask<Integer> task = MockTask.spawn(lazy)) {
            assertReady(task.poll(), 1);
            assertThrows(IllegalStateException.class, task::poll);
        }
        assertEquals(1, calls.get());
    }

    @Test
    void aThrowingLazySupplierFails() {
        IllegalStateException error = new IllegalStateException("no");
        try (MockTask<Object> task = MockTask.spawn(Futures.lazy(() -> {
            throw error;
        }))) {
            assertSame(error, assertFailed(task.poll(), IllegalStateException.class));
            assertThrows(IllegalStateException.class, task::poll);
        }
    }

    @Test
    void aLazyFutureClosedBeforeItsFirstPollNeverRuns() {
        AtomicInteger calls = new AtomicInteger();
        PollFuture<Integer> lazy = Futures.lazy(calls::incrementAndGet);
        lazy.close();
        lazy.close();
        assertThrows(IllegalStateException.class, () -> lazy.poll(Context.of(Waker.noop())));
        assertEquals(0, calls.get());
        assertThrows(NullPointerException.class, () -> Futures.lazy(null));
    }
}
