package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Item 4 of the fault-containment issue, for the combinators: a value that owns a resource
 * ({@link AutoCloseable}) and that a join collected but will never hand out is closed, exactly
 * once; a throwing {@code close()} is reported with the join's failure, never thrown.
 */
class DiscardedValuesTest {

    /** A value owning a resource: counts its closes, and throws from them if told to. */
    static final class Resource implements AutoCloseable {
        private final RuntimeException closeFailure;
        int closes;

        Resource() {
            this(null);
        }

        Resource(RuntimeException closeFailure) {
            this.closeFailure = closeFailure;
        }

        @Override
        public void close() {
            closes++;
            if (closeFailure != null) {
                throw closeFailure;
            }
        }
    }

    @Test
    void tryJoinClosesTheValueItCollectedBeforeASiblingFailed() {
        Resource collected = new Resource();
        IllegalStateException failure = new IllegalStateException("sibling failed");
        MockTask<List<Object>> task = MockTask.spawn(Futures.tryJoin(Futures.ready(collected), Futures.failed(failure)));
        assertSame(failure, assertFailed(task.poll(), IllegalStateException.class));
        assertEquals(1, collected.closes);
        task.close();
        assertEquals(1, collected.closes, "closed exactly once");
    }

    @Test
    void joinThatFailsClosesTheValuesOfTheChildrenThatSucceeded() {
        Resource first = new Resource();
        Resource third = new Resource();
        IllegalStateException failure = new IllegalStateException("second failed");
        ProbeFuture<Object> late = new ProbeFuture<>();
        MockTask<List<Object>> task = MockTask.spawn(
                Futures.join(Futures.ready(first), Futures.failed(failure), late));
        assertPending(task.poll());
        assertEquals(0, first.closes, "a join waits for every child before it gives up the values");
        late.complete(third);
        assertSame(failure, assertFailed(task.poll(), IllegalStateException.class));
        assertArrayEquals(new int[] {1, 1}, new int[] {first.closes, third.closes});
    }

    @Test
    void closingAJoinMidwayClosesTheValuesItCollected() {
        Resource collected = new Resource();
        ProbeFuture<Object> pending = new ProbeFuture<>();
        MockTask<List<Object>> task = MockTask.spawn(Futures.join(Futures.ready(collected), pending));
        assertPending(task.poll());
        task.close();
        assertEquals(1, collected.closes);
        assertEquals(1, pending.closes());
    }

    @Test
    void aJoinThatSucceedsHandsItsValuesOutAndClosesNone() {
        Resource first = new Resource();
        Resource second = new Resource();
        MockTask<List<Object>> task = MockTask.spawn(Futures.tryJoin(Futures.ready(first), Futures.ready(second)));
        assertEquals(List.of(first, second), assertReady(task.poll()));
        task.close();
        assertArrayEquals(new int[] {0, 0}, new int[] {first.closes, second.closes});
    }

    @Test
    void aDiscardedValueWhoseCloseThrowsIsReportedWithTheJoinFailure() {
        IllegalStateException closeFailure = new IllegalStateException("close() broke its contract");
        Resource collected = new Resource(closeFailure);
        IllegalStateException failure = new IllegalStateException("sibling failed");
        MockTask<List<Object>> task = MockTask.spawn(Futures.tryJoin(Futures.ready(collected), Futures.failed(failure)));
        assertSame(failure, assertFailed(task.poll(), IllegalStateException.class));
        assertEquals(1, collected.closes);
        assertSame(closeFailure, failure.getSuppressed()[0]);
    }

    @Test
    void theSameValueCollectedTwiceIsClosedOnce() {
        Resource shared = new Resource();
        MockTask<List<Object>> task = MockTask.spawn(
                Futures.tryJoin(Futures.ready(shared), Futures.ready(shared), Futures.failed(new IllegalStateException())));
        assertFailed(task.poll(), IllegalStateException.class);
        assertEquals(1, shared.closes);
    }
}
