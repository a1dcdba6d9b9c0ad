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
import java.util.ArrayList;
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

    /**
     * The fair select under the same contract. Every child gives the same value, since any may
     * win; the contract's failure scenario fails one child and completes the others at once, so
     * any may win there too: its failure checks are skipped here (the biased classes run them,
     * and {@code selectFairClosesEveryLoser...} covers a lone failure).
     */
    abstract class FairSelectContract extends FutureCombinatorContract {
        @Override
        protected Object input(int index) {
            return "v";
        }

        @Override
        protected Object expectedValue() {
            return "v";
        }

        @Override
        protected Poll<?> expectedOnFailure(Throwable error) {
            return Poll.ready("v");
        }

        @Override
        protected int completedByTrigger() {
            return 1;
        }
    }

    @Nested
    class SelectFairVarargs extends FairSelectContract {
        @Override
        protected int childCount() {
            return 3;
        }

        @Override
        protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
            return Futures.selectFair(children.get(0), children.get(1), children.get(2));
        }
    }

    @Nested
    class SelectAllFair extends FairSelectContract {
        @Override
        protected int childCount() {
            return 2;
        }

        @Override
        protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
            return Futures.selectAllFair(children);
        }
    }

    /** Issue 24, item 17: {@code select} is biased, on purpose, and says so. */
    @Test
    void selectIsBiasedTheLowestReadyIndexAlwaysWins() {
        for (int round = 0; round < 1_000; round++) {
            try (MockTask<String> task = MockTask.spawn(Futures.select(Futures.ready("a"), Futures.ready("b")))) {
                assertReady(task.poll(), "a");
            }
        }
    }

    /** Which of {@code count} children, all ready at the first poll, wins; counted over many rounds. */
    private static int[] winsWhenAllAreReadyAtTheFirstPoll(int count, int rounds) {
        int[] wins = new int[count];
        for (int round = 0; round < rounds; round++) {
            List<PollFuture<Integer>> children = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                children.add(Futures.ready(i));
            }
            try (MockTask<Integer> task = MockTask.spawn(Futures.selectAllFair(children))) {
                wins[task.poll().value()]++;
            }
        }
        return wins;
    }

    /**
     * Issue 24, item 17: futures-rs's {@code select} (and Tokio's {@code select!} without
     * {@code biased;}) picks pseudo-randomly among the children ready at the same poll, so none
     * starves. {@code selectFair} does: each of three always-ready children wins about a third of
     * 3,000 rounds (the bound is more than 20 standard deviations away from a third).
     */
    @Test
    void selectFairPicksAmongTheReadyChildrenWithoutFavouringAny() {
        int[] wins = winsWhenAllAreReadyAtTheFirstPoll(3, 3_000);
        for (int i = 0; i < wins.length; i++) {
            assertTrue(wins[i] > 400, "child " + i + " won " + wins[i] + " of 3000: " + Arrays.toString(wins));
        }
    }

    /** The same after the first poll: children woken in the same batch win about equally often. */
    @Test
    void selectFairIsFairAmongChildrenWokenForTheSamePollToo() {
        int[] wins = new int[3];
        for (int round = 0; round < 2_000; round++) {
            ProbeFuture<Integer> first = new ProbeFuture<>();
            ProbeFuture<Integer> second = new ProbeFuture<>();
            ProbeFuture<Integer> third = new ProbeFuture<>();
            try (MockTask<Integer> task = MockTask.spawn(Futures.selectFair(first, second, third))) {
                assertPending(task.poll());
                third.complete(2);
                second.complete(1);
                wins[task.poll().value()]++;
            }
            for (ProbeFuture<Integer> child : List.of(first, second, third)) {
                assertEquals(1, child.closes(), "every child closed once");
            }
        }
        assertEquals(0, wins[0], "child 0 never completed");
        assertTrue(wins[1] > 600 && wins[2] > 600, Arrays.toString(wins));
    }

    @Test
    void selectFairClosesEveryLoserExactlyOnceAndLeavesALosersValueToItsOwnClose() {
        ProbeFuture<String> a = ProbeFuture.completed("a");
        ProbeFuture<String> b = ProbeFuture.completed("b");
        ProbeFuture<String> c = new ProbeFuture<>();
        String winner;
        try (MockTask<String> task = MockTask.spawn(Futures.selectFair(a, b, c))) {
            winner = task.poll().value();
        }
        assertTrue(winner.equals("a") || winner.equals("b"), winner);
        ProbeFuture<String> loser = winner.equals("a") ? b : a;
        assertEquals(0, loser.pollsAfterReady());
        for (ProbeFuture<String> child : List.of(a, b, c)) {
            assertEquals(1, child.closes());
        }
        assertTrue(c.isCancelled());
        RuntimeException error = new RuntimeException("the only child that finished failed");
        try (MockTask<String> task = MockTask.spawn(Futures.selectFair(new ProbeFuture<String>(),
                ProbeFuture.<String>failedWith(error)))) {
            assertSame(error, assertFailed(task.poll(), RuntimeException.class), "a failure wins too");
        }
        assertThrows(IllegalArgumentException.class, () -> Futures.selectAllFair(List.of()));
        assertThrows(NullPointerException.class, () -> Futures.selectFair(Futures.ready(1), null));
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
