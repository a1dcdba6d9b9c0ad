package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class DeferFutureTest extends FutureCombinatorContract {

    @Override
    protected int childCount() {
        return 1;
    }

    /** The child is handed over by the supplier on the first poll. */
    @Override
    protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
        return Futures.defer(() -> children.get(0));
    }

    @Override
    protected boolean ownedFromBuild(int index) {
        return false;
    }

    @Override
    protected Object expectedValue() {
        return "v0";
    }

    @Test
    void theSupplierRunsOnceOnTheFirstPoll() {
        AtomicInteger calls = new AtomicInteger();
        ProbeFuture<Integer> inner = new ProbeFuture<>();
        PollFuture<Integer> deferred = Futures.defer(() -> {
            calls.incrementAndGet();
            return inner;
        });
        assertEquals(0, calls.get());
        try (MockTask<Integer> task = MockTask.spawn(deferred)) {
            task.poll();
            task.poll();
            inner.complete(3);
            assertReady(task.poll(), 3);
        }
        assertEquals(1, calls.get());
        assertEquals(1, inner.closes());
    }

    @Test
    void closedBeforeTheFirstPollTheSupplierNeverRuns() {
        AtomicInteger calls = new AtomicInteger();
        PollFuture<Integer> deferred = Futures.defer(() -> {
            calls.incrementAndGet();
            return Futures.ready(1);
        });
        deferred.close();
        assertEquals(0, calls.get());
    }

    @Test
    void aThrowingOrNullSupplierFails() {
        IllegalStateException error = new IllegalStateException("no");
        try (MockTask<Object> task = MockTask.spawn(Futures.defer(() -> {
            throw error;
        }))) {
            assertSame(error, assertFailed(task.poll(), IllegalStateException.class));
            assertThrows(IllegalStateException.class, task::poll);
        }
        try (MockTask<Object> task = MockTask.spawn(Futures.defer(() -> null))) {
            assertFailed(task.poll(), NullPointerException.class);
        }
        assertThrows(NullPointerException.class, () -> Futures.defer(null));
    }
}
