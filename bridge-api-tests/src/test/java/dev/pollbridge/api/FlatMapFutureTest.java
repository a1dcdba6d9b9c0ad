package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FlatMapFutureTest extends FutureCombinatorContract {

    @Override
    protected int childCount() {
        return 2;
    }

    /** The second child is only handed over by the function, after the first completed. */
    @Override
    protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
        return children.get(0).flatMap(value -> children.get(1));
    }

    @Override
    protected boolean ownedFromBuild(int index) {
        return index == 0;
    }

    @Override
    protected int failingChild() {
        return 1;
    }

    @Override
    protected Object expectedValue() {
        return "v1";
    }

    @Test
    void theFirstIsClosedBeforeTheSecondIsPolledAndTheSecondsWakeReachesTheTask() {
        ProbeFuture<Integer> first = new ProbeFuture<>();
        ProbeFuture<String> second = new ProbeFuture<>();
        try (MockTask<String> task = MockTask.spawn(first.flatMap(value -> {
            assertTrue(first.isClosed());
            return second;
        }))) {
            assertPending(task.poll());
            first.complete(7);
            assertTrue(task.isWoken());
            assertPending(task.poll());
            assertEquals(1, first.closes());
            assertEquals(1, second.polls(), "the new future is polled at once, so it holds the waker");
            second.complete("done");
            assertTrue(task.isWoken());
            assertReady(task.poll(), "done");
        }
        assertEquals(1, second.closes());
    }

    @Test
    void aFailedFirstSkipsTheFunction() {
        AtomicInteger calls = new AtomicInteger();
        RuntimeException error = new RuntimeException("first");
        ProbeFuture<Integer> first = ProbeFuture.failedWith(error);
        try (MockTask<Integer> task = MockTask.spawn(first.flatMap(value -> {
            calls.incrementAndGet();
            return Futures.ready(value);
        }))) {
            assertSame(error, assertFailed(task.poll(), RuntimeException.class));
        }
        assertEquals(0, calls.get());
        assertEquals(1, first.closes());
    }

    @Test
    void aThrowingOrNullReturningFunctionFails() {
        ProbeFuture<Integer> first = ProbeFuture.completed(1);
        try (MockTask<Object> task = MockTask.spawn(first.flatMap(value -> {
            throw new IllegalArgumentException("no");
        }))) {
            assertFailed(task.poll(), IllegalArgumentException.class);
        }
        assertEquals(1, first.closes());
        try (MockTask<Object> task = MockTask.spawn(Futures.ready(1).flatMap(value -> null))) {
            assertFailed(task.poll(), NullPointerException.class);
        }
    }

    @Test
    void closingWhileTheSecondRunsClosesOnlyTheSecond() {
        ProbeFuture<Integer> first = ProbeFuture.completed(1);
        ProbeFuture<Integer> second = new ProbeFuture<>();
        MockTask<Integer> task = MockTask.spawn(first.flatMap(value -> second));
        assertPending(task.poll());
        task.close();
        assertEquals(1, first.closes());
        assertEquals(1, second.closes());
        assertTrue(second.isCancelled());
    }

    @Test
    void nullArgumentsAreRejectedAtBuildTime() {
        assertThrows(NullPointerException.class, () -> Futures.flatMap(null, value -> Futures.ready(1)));
        assertThrows(NullPointerException.class, () -> Futures.ready(1).flatMap(null));
    }
}
