package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Join, select, selectAllWithRest, {@link FuturesUnordered} and merge cost one child poll per
 * wake: with {@code n} children woken one at a time, the children are polled {@code 2n} times in
 * all (every child once on the first poll, then the woken one on each later poll), not
 * {@code n + n(n+1)/2} as with a scan of every child per wake (merge: {@code 3n}, see its test).
 * Counted, not timed.
 */
class ChildPollCountTest {

    /** A pending future that counts its polls and can be woken without finishing. */
    static final class Nudged implements PollFuture<Integer> {
        private Waker waker;
        private boolean finish;
        int polls;

        @Override
        public Poll<Integer> poll(Context cx) {
            polls++;
            if (finish) {
                return Poll.ready(polls);
            }
            waker = cx.waker();
            return Poll.pending();
        }

        /** Wakes the last poller; the next poll is pending again unless {@code finishNow}. */
        void wake(boolean finishNow) {
            finish = finishNow;
            waker.wake();
        }
    }

    private static List<ProbeFuture<Integer>> probes(int count) {
        List<ProbeFuture<Integer>> probes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            probes.add(new ProbeFuture<>());
        }
        return probes;
    }

    private static void finishOneAtATime(int n, Function<List<ProbeFuture<Integer>>, PollFuture<List<Integer>>> join) {
        List<ProbeFuture<Integer>> children = probes(n);
        List<Integer> expected = new ArrayList<>();
        try (MockTask<List<Integer>> task = MockTask.spawn(join.apply(children))) {
            assertPending(task.poll());
            for (int i = n - 1; i >= 0; i--) { // from the last, the worst case of a scan from the first
                children.get(i).complete(i);
                assertTrue(task.isWoken());
                if (i > 0) {
                    assertPending(task.poll());
                }
            }
            for (int i = 0; i < n; i++) {
                expected.add(i);
            }
            assertReady(task.poll(), expected);
        }
        long polls = children.stream().mapToLong(ProbeFuture::polls).sum();
        assertEquals(2L * n, polls, "child polls for " + n + " children finishing one at a time");
    }

    @ParameterizedTest
    @ValueSource(ints = {100, 1_000})
    void joinAllPollsOnlyTheWokenChild(int n) {
        finishOneAtATime(n, Futures::joinAll);
    }

    @ParameterizedTest
    @ValueSource(ints = {100, 1_000})
    void tryJoinAllPollsOnlyTheWokenChild(int n) {
        finishOneAtATime(n, Futures::tryJoinAll);
    }

    @ParameterizedTest
    @ValueSource(ints = {100, 1_000})
    void selectPollsOnlyTheWokenChild(int n) {
        List<Nudged> children = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            children.add(new Nudged());
        }
        try (MockTask<Integer> task = MockTask.spawn(Futures.selectAll(children))) {
            assertPending(task.poll());
            for (int i = n - 1; i > 0; i--) {
                children.get(i).wake(false);
                assertTrue(task.isWoken());
                assertPending(task.poll());
            }
            children.get(0).wake(true);
            assertReady(task.poll(), 2); // child 0 is ready with its own poll count: the first poll and this one
        }
        long polls = children.stream().mapToLong(child -> child.polls).sum();
        assertEquals(2L * n, polls, "child polls for " + n + " children woken one at a time");
    }

    @ParameterizedTest
    @ValueSource(ints = {100, 1_000})
    void selectAllWithRestPollsOnlyTheWokenChild(int n) {
        List<Nudged> children = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            children.add(new Nudged());
        }
        try (MockTask<Selected<Integer, Nudged>> task = MockTask.spawn(Futures.selectAllWithRest(children))) {
            assertPending(task.poll());
            for (int i = n - 1; i > 0; i--) {
                children.get(i).wake(false);
                assertTrue(task.isWoken());
                assertPending(task.poll());
            }
            children.get(0).wake(true);
            Selected<Integer, Nudged> selected = assertReady(task.poll());
            assertEquals(0, selected.index());
            assertEquals(n - 1, selected.rest().size());
        }
        long polls = children.stream().mapToLong(child -> child.polls).sum();
        assertEquals(2L * n, polls, "child polls for " + n + " children woken one at a time");
    }

    @ParameterizedTest
    @ValueSource(ints = {100, 1_000})
    void futuresUnorderedPollsOnlyTheWokenFuture(int n) {
        List<ProbeFuture<Integer>> children = probes(n);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FuturesUnordered.of(children))) {
            assertPending(task.pollNext());
            for (int i = n - 1; i >= 0; i--) { // from the last, the worst case of a scan from the first
                children.get(i).complete(i);
                assertTrue(task.isWoken());
                assertReady(task.pollNext(), i);
            }
            assertDone(task.pollNext());
        }
        long polls = children.stream().mapToLong(ProbeFuture::polls).sum();
        assertEquals(2L * n, polls, "future polls for " + n + " futures finishing one at a time");
    }

    /**
     * Merge polls only the input that woke, and the input that yielded the last item (it may have
     * more): an item from each of {@code n} inputs, one at a time, costs three input polls (its
     * share of the first poll, the poll that yields the item, the poll that finds it pending
     * again), not {@code n} per wake.
     */
    @ParameterizedTest
    @ValueSource(ints = {100, 1_000})
    void mergePollsOnlyTheWokenInput(int n) {
        List<ProbeStream<Integer>> inputs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            inputs.add(new ProbeStream<>());
        }
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(Streams.merge(inputs))) {
            assertPending(task.pollNext());
            for (int i = n - 1; i >= 0; i--) {
                inputs.get(i).emit(i);
                assertTrue(task.isWoken());
                assertReady(task.pollNext(), i);
                assertPending(task.pollNext());
            }
        }
        long polls = inputs.stream().mapToLong(ProbeStream::polls).sum();
        assertEquals(3L * n, polls, "input polls for an item from each of " + n + " inputs, one at a time");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 100})
    void aWakeRepeatedBeforeThePollCostsOneChildPoll(int n) {
        List<Nudged> children = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            children.add(new Nudged());
        }
        try (MockTask<Integer> task = MockTask.spawn(Futures.selectAll(children))) {
            assertPending(task.poll());
            Nudged last = children.get(n - 1);
            last.wake(false);
            last.wake(false);
            last.wake(false);
            assertEquals(1, task.wakeCount(), "one wake of the task while the child is queued");
            assertPending(task.poll());
            assertEquals(2, last.polls);
            assertEquals(1, children.get(0).polls);
        }
    }

    /**
     * A child that is ready at once but, like a join handle of a finished task, spends one unit
     * of its task's poll budget to say so; with the budget spent it wakes itself and stays
     * pending (rule 16).
     */
    static final class BudgetedReady implements PollFuture<Integer> {
        private final int value;
        private final int[] budget;
        int polls;

        BudgetedReady(int value, int[] budget) {
            this.value = value;
            this.budget = budget;
        }

        @Override
        public Poll<Integer> poll(Context cx) {
            polls++;
            if (budget[0] == 0) {
                cx.waker().wake();
                return Poll.pending();
            }
            budget[0]--;
            return Poll.ready(value);
        }
    }

    /**
     * With a budget of 16 per task poll, a join over 1,000 ready children stops a poll after two
     * children yielded instead of polling the rest to see them yield too: about n + 2n/16 child
     * polls in all, not n + n^2/32.
     */
    @ParameterizedTest
    @ValueSource(ints = {100, 1_000})
    void aPollStopsOnceChildrenYieldBecauseTheBudgetIsSpent(int n) {
        int perPoll = 16;
        int[] budget = {0};
        List<BudgetedReady> children = new ArrayList<>();
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            children.add(new BudgetedReady(i, budget));
            expected.add(i);
        }
        int taskPolls = 0;
        try (MockTask<List<Integer>> task = MockTask.spawn(Futures.joinAll(children))) {
            Poll<List<Integer>> poll;
            do {
                budget[0] = perPoll;
                poll = task.poll();
                taskPolls++;
                assertTrue(poll.isReady() || task.isWoken(), "pending, and the task not woken");
            } while (poll.isPending());
            assertEquals(Poll.ready(expected), poll);
        }
        int rounds = (n + perPoll - 1) / perPoll;
        assertEquals(rounds, taskPolls);
        long polls = children.stream().mapToLong(child -> child.polls).sum();
        assertEquals(n + 2L * (rounds - 1), polls, "child polls for " + n + " ready children, 16 per task poll");
    }
}
