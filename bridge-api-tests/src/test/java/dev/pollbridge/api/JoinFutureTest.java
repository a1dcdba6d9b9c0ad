package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import java.util.function.Function;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** join, joinAll, tryJoin and tryJoinAll: the shared contract per shape, then what differs. */
class JoinFutureTest {

    @Nested
    class JoinTwo extends FutureCombinatorContract {
        @Override
        protected int childCount() {
            return 2;
        }

        @Override
        protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
            return Futures.join(children.get(0), children.get(1), (a, b) -> a + "+" + b);
        }

        @Override
        protected Object expectedValue() {
            return "v0+v1";
        }
    }

    @Nested
    class JoinVarargs extends FutureCombinatorContract {
        @Override
        protected int childCount() {
            return 3;
        }

        @Override
        protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
            return Futures.join(children.get(0), children.get(1), children.get(2));
        }

        @Override
        protected Object expectedValue() {
            return List.of("v0", "v1", "v2");
        }

        @Override
        protected int failingChild() {
            return 1;
        }
    }

    @Nested
    class JoinAll extends FutureCombinatorContract {
        @Override
        protected int childCount() {
            return 4;
        }

        @Override
        protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
            return Futures.joinAll(children);
        }

        @Override
        protected Object expectedValue() {
            return List.of("v0", "v1", "v2", "v3");
        }

        @Override
        protected int failingChild() {
            return 3;
        }
    }

    @Nested
    class TryJoinTwo extends FutureCombinatorContract {
        @Override
        protected int childCount() {
            return 2;
        }

        @Override
        protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
            return Futures.tryJoin(children.get(0), children.get(1), (a, b) -> a + "+" + b);
        }

        @Override
        protected Object expectedValue() {
            return "v0+v1";
        }
    }

    @Nested
    class TryJoinVarargs extends FutureCombinatorContract {
        @Override
        protected int childCount() {
            return 3;
        }

        @Override
        protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
            return Futures.tryJoin(children.get(0), children.get(1), children.get(2));
        }

        @Override
        protected Object expectedValue() {
            return List.of("v0", "v1", "v2");
        }
    }

    @Nested
    class TryJoinAll extends FutureCombinatorContract {
        @Override
        protected int childCount() {
            return 3;
        }

        @Override
        protected PollFuture<?> build(List<ProbeFuture<Object>> children) {
            return Futures.tryJoinAll(children);
        }

        @Override
        protected Object expectedValue() {
            return List.of("v0", "v1", "v2");
        }

        @Override
        protected int failingChild() {
            return 2;
        }
    }

    private static List<ProbeFuture<Integer>> probes(int count) {
        List<ProbeFuture<Integer>> probes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            probes.add(new ProbeFuture<>());
        }
        return probes;
    }

    @Test
    void everyChildsWakeReachesTheTaskAndEachChildIsClosedAsSoonAsItFinishes() {
        List<ProbeFuture<Integer>> children = probes(3);
        try (MockTask<List<Integer>> task = MockTask.spawn(Futures.joinAll(children))) {
            assertPending(task.poll());
            for (int i : new int[] {2, 0}) {
                children.get(i).complete(i);
                assertTrue(task.isWoken(), "wake of child " + i);
                assertPending(task.poll());
                assertEquals(1, children.get(i).closes(), "child " + i + " closed once finished");
            }
            assertFalse(children.get(1).isClosed());
            children.get(1).complete(1);
            assertTrue(task.isWoken());
            assertReady(task.poll(), List.of(0, 1, 2));
            assertEquals(2, children.get(2).polls(), "a finished child is not polled again");
        }
        children.forEach(child -> assertEquals(1, child.closes()));
        children.forEach(child -> assertEquals(0, child.pollsAfterReady()));
    }

    @Test
    void aFinishedJoinHandleThatStillReturnsPendingIsPolledAgainOnTheNextPoll() {
        // joinAll of handles waits on its first unfinished handle with the joiner's own context;
        // a handle that yields (its poll budget ran out) wakes that context, and the next poll
        // resumes at it.
        finishedHandleThatYieldsOnceIsPolledAgain(Futures::joinAll);
    }

    @Test
    void aFinishedJoinHandleThatStillReturnsPendingIsPolledAgainByAFailFastJoin() {
        // tryJoinAll keeps a waker per child, but polls a task's finished handle with the joiner's
        // own context (it stores no waker). If it yields anyway, it wakes that context's waker,
        // not a child waker: the join must queue it itself, or the next poll would skip it for good.
        finishedHandleThatYieldsOnceIsPolledAgain(Futures::tryJoinAll);
    }

    private static void finishedHandleThatYieldsOnceIsPolledAgain(
            Function<List<FinishedHandle>, PollFuture<List<Integer>>> join) {
        FinishedHandle yielding = new FinishedHandle(7, 1);
        FinishedHandle ready = new FinishedHandle(8, 0);
        try (MockTask<List<Integer>> task = MockTask.spawn(join.apply(List.of(yielding, ready)))) {
            assertPending(task.poll());
            assertTrue(task.isWoken(), "the yield woke the joiner");
            assertReady(task.poll(), List.of(7, 8));
            assertEquals(2, yielding.polls, "polled again after its yield");
            assertEquals(1, ready.polls, "a finished child is not polled again");
        }
        assertEquals(1, yielding.closes);
        assertEquals(1, ready.closes);
    }

    @Test
    void aJoinOfHandlesWaitsOnItsFirstUnfinishedHandleOnlyAndCollectsTheOthersInOrder() {
        TaskHandle first = new TaskHandle();
        TaskHandle second = new TaskHandle();
        TaskHandle third = new TaskHandle();
        try (MockTask<List<Integer>> task = MockTask.spawn(Futures.joinAll(List.of(first, second, third)))) {
            assertPending(task.poll());
            assertSame(task.waker(), first.waker, "the first handle holds the task's own waker");
            assertEquals(0, second.polls + third.polls, "the later handles are not polled yet");
            third.finish(Poll.ready(3));
            assertFalse(task.isWoken(), "a task that ends behind the one waited on wakes nobody");
            first.finish(Poll.ready(1));
            assertTrue(task.isWoken());
            assertPending(task.poll());
            assertEquals(1, first.closes, "closed once the join passed it");
            assertSame(task.waker(), second.waker);
            assertEquals(0, third.polls);
            second.finish(Poll.ready(2));
            assertTrue(task.isWoken());
            assertReady(task.poll(), List.of(1, 2, 3));
            assertEquals(1, third.polls, "a handle whose task ended is collected in one poll");
        }
        for (TaskHandle handle : List.of(first, second, third)) {
            assertEquals(1, handle.closes);
        }
    }

    @Test
    void aJoinOfHandlesWaitsForEveryHandleAndFailsWithTheFirstFailureByIndex() {
        TaskHandle first = new TaskHandle();
        TaskHandle second = new TaskHandle();
        TaskHandle third = new TaskHandle();
        RuntimeException late = new RuntimeException("index 2, failed first");
        RuntimeException early = new RuntimeException("index 1, failed second");
        try (MockTask<List<Integer>> task = MockTask.spawn(Futures.joinAll(List.of(first, second, third)))) {
            assertPending(task.poll());
            third.finish(Poll.failed(late));
            second.finish(Poll.failed(early));
            assertFalse(task.isWoken(), "no fail-fast: the join cannot end before the first handle");
            first.finish(Poll.ready(1));
            RuntimeException failure = assertFailed(task.poll(), RuntimeException.class);
            assertSame(early, failure);
            assertArrayEquals(new Throwable[] {late}, failure.getSuppressed());
        }
    }

    @Test
    void aFailFastJoinOfHandlesSeesALaterHandlesFailureAtOnce() {
        TaskHandle first = new TaskHandle();
        TaskHandle second = new TaskHandle();
        RuntimeException error = new RuntimeException("boom");
        try (MockTask<List<Integer>> task = MockTask.spawn(Futures.tryJoinAll(List.of(first, second)))) {
            assertPending(task.poll());
            assertEquals(1, second.polls, "a fail-fast join polls every handle");
            second.finish(Poll.failed(error));
            assertTrue(task.isWoken());
            assertSame(error, assertFailed(task.poll(), RuntimeException.class));
            assertEquals(1, first.closes, "the unfinished handle is closed (detached)");
        }
    }

    /**
     * The join handle of a task that runs by itself: pending until {@link #finish}, which wakes the
     * last waker it was polled with, as a task's completion wakes its joiner.
     */
    private static final class TaskHandle implements JoinHandle<Integer> {
        private Poll<Integer> outcome;
        Waker waker;
        int polls;
        int closes;

        void finish(Poll<Integer> result) {
            outcome = result;
            Waker joiner = waker;
            waker = null;
            if (joiner != null) {
                joiner.wake();
            }
        }

        @Override
        public Poll<Integer> poll(Context cx) {
            polls++;
            if (outcome != null) {
                return outcome;
            }
            waker = cx.waker();
            return Poll.pending();
        }

        @Override
        public void abort() {
        }

        @Override
        public boolean isFinished() {
            return outcome != null;
        }

        @Override
        public void close() {
            closes++;
            waker = null;
        }
    }

    /** A join handle whose task finished: ready with its value after {@code yields} pending polls. */
    private static final class FinishedHandle implements JoinHandle<Integer> {
        private final int value;
        private int yields;
        int polls;
        int closes;

        FinishedHandle(int value, int yields) {
            this.value = value;
            this.yields = yields;
        }

        @Override
        public Poll<Integer> poll(Context cx) {
            polls++;
            if (yields > 0) {
                yields--;
                cx.waker().wake(); // as a handle whose task's poll budget ran out does
                return Poll.pending();
            }
            return Poll.ready(value);
        }

        @Override
        public void abort() {
        }

        @Override
        public boolean isFinished() {
            return true;
        }

        @Override
        public void close() {
            closes++;
        }
    }

    @Test
    void joinWaitsForEveryChildThenFailsWithTheFirstFailureByIndexAndTheRestSuppressed() {
        List<ProbeFuture<Integer>> children = probes(4);
        RuntimeException late = new RuntimeException("index 1, failed first");
        RuntimeException early = new RuntimeException("index 0, failed second");
        try (MockTask<List<Integer>> task = MockTask.spawn(Futures.joinAll(children))) {
            assertPending(task.poll());
            children.get(1).fail(late);
            assertPending(task.poll());
            assertFalse(children.get(2).isClosed(), "a failure does not cancel the others");
            children.get(0).fail(early);
            children.get(2).complete(2);
            assertPending(task.poll());
            children.get(3).complete(3);
            RuntimeException failure = assertFailed(task.poll(), RuntimeException.class);
            assertSame(early, failure);
            assertArrayEquals(new Throwable[] {late}, failure.getSuppressed());
        }
        children.forEach(child -> assertFalse(child.isCancelled()));
        children.forEach(child -> assertEquals(1, child.closes()));
    }

    @Test
    void tryJoinFailsFastAndCancelsEveryUnfinishedChild() {
        List<ProbeFuture<Integer>> children = probes(4);
        RuntimeException error = new RuntimeException("boom");
        try (MockTask<List<Integer>> task = MockTask.spawn(Futures.tryJoinAll(children))) {
            children.get(0).complete(0);
            assertPending(task.poll());
            children.get(1).fail(error);
            assertSame(error, assertFailed(task.poll(), RuntimeException.class));
            assertThrows(IllegalStateException.class, task::poll);
        }
        assertFalse(children.get(0).isCancelled());
        assertTrue(children.get(2).isCancelled());
        assertTrue(children.get(3).isCancelled());
        children.forEach(child -> assertEquals(1, child.closes()));
    }

    @Test
    void tryJoinClosesChildrenItNeverPolled() {
        List<ProbeFuture<Integer>> children = probes(3);
        children.get(0).fail(new RuntimeException("first"));
        try (MockTask<List<Integer>> task = MockTask.spawn(Futures.tryJoinAll(children))) {
            assertFailed(task.poll(), RuntimeException.class);
        }
        assertEquals(0, children.get(2).polls());
        children.forEach(child -> assertEquals(1, child.closes()));
    }

    @Test
    void valuesKeepIndexOrderAndMayBeNull() {
        ProbeFuture<String> slow = new ProbeFuture<>();
        PollFuture<List<String>> joined = Futures.join(slow, Futures.ready(null), Futures.ready("c"));
        try (MockTask<List<String>> task = MockTask.spawn(joined)) {
            assertPending(task.poll());
            slow.complete("a");
            List<String> values = assertReady(task.poll());
            assertEquals(Arrays.asList("a", null, "c"), values);
            assertThrows(UnsupportedOperationException.class, () -> values.set(0, "x"));
        }
    }

    @Test
    void anEmptyJoinIsReadyWithAnEmptyList() {
        try (MockTask<List<Object>> task = MockTask.spawn(Futures.joinAll(List.of()))) {
            assertReady(task.poll(), List.of());
            assertThrows(IllegalStateException.class, task::poll);
        }
        try (MockTask<List<Object>> task = MockTask.spawn(Futures.tryJoinAll(List.of()))) {
            assertReady(task.poll(), List.of());
        }
    }

    @Test
    void aThrowingCombinerFailsAfterBothChildrenAreClosed() {
        ProbeFuture<Integer> a = ProbeFuture.completed(1);
        ProbeFuture<Integer> b = ProbeFuture.completed(2);
        try (MockTask<Integer> task = MockTask.spawn(Futures.join(a, b, (x, y) -> {
            throw new ArithmeticException("combiner");
        }))) {
            assertFailed(task.poll(), ArithmeticException.class);
        }
        assertEquals(1, a.closes());
        assertEquals(1, b.closes());
    }

    @Test
    void badInputIsRejectedAtBuildTime() {
        NullPointerException element = assertThrows(NullPointerException.class,
                () -> Futures.joinAll(Arrays.asList(Futures.ready(1), null)));
        assertTrue(element.getMessage().contains("futures[1]"), element.getMessage());
        assertThrows(NullPointerException.class, () -> Futures.joinAll(null));
        assertThrows(NullPointerException.class, () -> Futures.tryJoinAll(null));
        assertThrows(NullPointerException.class, () -> Futures.join(Futures.ready(1), null, (a, b) -> a));
        assertThrows(NullPointerException.class, () -> Futures.join(Futures.ready(1), Futures.ready(2), null));
        assertThrows(NullPointerException.class, () -> Futures.tryJoin(null, Futures.ready(2), (a, b) -> a));
    }
}
