package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.Upstream;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** ready, failed, pending and lazy: the futures with no children. */
class LeafFuturesTest {

    @Nested
    class Ready extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return FutureSubject.of(Futures.ready("x")).readyAtOnce("x");
        }

        /** A ready future closed before its first poll drops its value. */
        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return FutureSubject.of(Futures.ready(value)).readyAtOnce(value);
        }
    }

    @Nested
    class Failed extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return FutureSubject.of(Futures.<String>failed(new IllegalStateException("failed")))
                    .failsAtOnce(IllegalStateException.class);
        }
    }

    /** Never completes: only the laziness and close checks apply. */
    @Nested
    class Pending extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            return FutureSubject.of(Futures.pending());
        }
    }

    @Nested
    class Lazy extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            AtomicInteger calls = new AtomicInteger();
            return FutureSubject.of(Futures.lazy(() -> calls.incrementAndGet() + "!"))
                    .readyAtOnce("1!")
                    .upstream(Upstream.counting("supplier", calls::get, () -> 0));
        }
    }

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
