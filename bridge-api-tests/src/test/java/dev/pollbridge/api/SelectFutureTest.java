package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class SelectFutureTest {

    @Nested
    class SelectVarargs extends FutureCombinatorContract {
        @Override
        protected int childCount() {
            return 3;
        }

        @Override
        protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
            return Futures.select(children.get(0), children.get(1), children.get(2));
        }

        /** All are ready at the same poll: the lowest index wins. */
        @Override
        protected Object expectedValue() {
            return "v0";
        }

        /** Completions racing a poll may let any child win: the contract completes only the first. */
        @Override
        protected int completedByTrigger() {
            return 1;
        }
    }

    @Nested
    class SelectAll extends FutureCombinatorContract {
        @Override
        protected int childCount() {
            return 2;
        }

        @Override
        protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
            return Futures.selectAll(children);
        }

        @Override
        protected Object expectedValue() {
            return "v0";
        }

        @Override
        protected int completedByTrigger() {
            return 1;
        }
    }

    @Test
    void theFirstToFinishWinsAndEveryLoserIsCancelledExactlyOnce() {
        ProbeFuture<String> a = new ProbeFuture<>();
        ProbeFuture<String> b = new ProbeFuture<>();
        ProbeFuture<String> c = new ProbeFuture<>();
        try (MockTask<String> task = MockTask.spawn(Futures.select(a, b, c))) {
            assertPending(task.poll());
            assertTrue(a.hasWaker() && b.hasWaker() && c.hasWaker(), "every child holds a waker that wakes the task");
            b.complete("b");
            assertTrue(task.isWoken());
            assertReady(task.poll(), "b");
            assertTrue(a.isCancelled());
            assertTrue(c.isCancelled());
            assertFalse(b.isCancelled());
            assertThrows(IllegalStateException.class, task::poll);
        }
        for (ProbeFuture<String> child : List.of(a, b, c)) {
            assertEquals(1, child.closes());
        }
    }

    @Test
    void aFailureWinsToo() {
        ProbeFuture<String> a = new ProbeFuture<>();
        RuntimeException error = new RuntimeException("lost");
        ProbeFuture<String> b = ProbeFuture.failedWith(error);
        try (MockTask<String> task = MockTask.spawn(Futures.select(a, b))) {
            assertSame(error, assertFailed(task.poll(), RuntimeException.class));
        }
        assertTrue(a.isCancelled());
        assertEquals(1, a.closes());
        assertEquals(1, b.closes());
    }

    @Test
    void childrenAfterTheWinnerAreNotPolledButAreClosed() {
        ProbeFuture<String> later = new ProbeFuture<>();
        try (MockTask<String> task = MockTask.spawn(Futures.select(Futures.ready("now"), later))) {
            assertReady(task.poll(), "now");
        }
        assertEquals(0, later.polls());
        assertEquals(1, later.closes());
    }

    @Test
    void aSelectWithPendingNeverLetsTheOtherChildStarve() {
        ProbeFuture<Integer> work = new ProbeFuture<>();
        try (MockTask<Integer> task = MockTask.spawn(Futures.select(Futures.pending(), work))) {
            assertPending(task.poll());
            work.complete(1);
            assertTrue(task.isWoken());
            assertReady(task.poll(), 1);
        }
    }

    @Test
    void badInputIsRejectedAtBuildTime() {
        assertThrows(IllegalArgumentException.class, () -> Futures.selectAll(List.of()));
        assertThrows(IllegalArgumentException.class, () -> Futures.select());
        NullPointerException element = assertThrows(NullPointerException.class,
                () -> Futures.select(Futures.ready(1), null));
        assertTrue(element.getMessage().contains("futures[1]"), element.getMessage());
        assertThrows(NullPointerException.class, () -> Futures.selectAll(Arrays.asList((PollFuture<Object>) null)));
        assertThrows(NullPointerException.class, () -> Futures.selectAll(null));
    }
}
