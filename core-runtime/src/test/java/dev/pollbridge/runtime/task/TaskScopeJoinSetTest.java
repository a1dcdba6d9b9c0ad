package dev.pollbridge.runtime.task;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.Notify;
import dev.pollbridge.test.ProbeFuture;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The scope operations of issue 17, item 5: per-child abort handles, {@code tryJoinNext},
 * {@code detachAll} and bounded parallelism. Each test names the test of Tokio's
 * {@code tests/task_join_set.rs} (or {@code task_abort.rs}) it follows; the bounded scope has no
 * Tokio counterpart (users build it from a {@code JoinSet} and a {@code Semaphore}), so its tests
 * check the promise of its Javadoc: never more than N polled at once, the rest unpolled, FIFO.
 */
class TaskScopeJoinSetTest {

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("joinset-test-")
            .uncaughtFailureHandler(uncaught::add).build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    private static ConditionFactory soon() {
        return await().atMost(Duration.ofSeconds(20)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1));
    }

    private <R> R join(PollFuture<R> future) {
        JoinHandle<R> handle = runtime.spawn(future);
        soon().until(handle::isFinished);
        return runtime.blockOn(handle);
    }

    private static List<ProbeFuture<Integer>> probes(int count) {
        List<ProbeFuture<Integer>> probes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            probes.add(new ProbeFuture<>());
        }
        return probes;
    }

    private static long polled(List<ProbeFuture<Integer>> probes) {
        return probes.stream().filter(p -> p.polls() > 0).count();
    }

    /** Tokio: {@code abort_tasks}: abort the odd children through their handles; 8 cancelled, 8 values. */
    @Test
    void abortTasks() {
        List<ProbeFuture<Integer>> children = probes(16);
        try (TaskScope<Integer> scope = TaskScope.open(runtime)) {
            List<AbortHandle> handles = new ArrayList<>();
            for (ProbeFuture<Integer> child : children) {
                handles.add(scope.spawn(child));
            }
            soon().until(() -> polled(children) == 16);
            for (int i = 1; i < 16; i += 2) {
                handles.get(i).abort();
            }
            for (int i = 0; i < 16; i += 2) {
                children.get(i).complete(i);
            }
            int cancelled = 0;
            int completed = 0;
            for (TaskOutcome<Integer> outcome = join(scope.next()); outcome != null; outcome = join(scope.next())) {
                if (outcome.isCancelled()) {
                    cancelled++;
                    assertEquals(1, outcome.id() % 2);
                } else {
                    completed++;
                    assertEquals(0, outcome.value() % 2);
                }
            }
            assertEquals(8, cancelled);
            assertEquals(8, completed);
            for (AbortHandle handle : handles) {
                assertTrue(handle.isFinished());
            }
            handles.get(0).abort(); // finished: nothing happens
        }
        for (ProbeFuture<Integer> child : children) {
            assertEquals(1, child.closes());
        }
    }

    /** Tokio: {@code task_abort::test_abort_wakes_task_3964}-style: an abort handle of one child leaves its siblings alone. */
    @Test
    void anAbortHandleAbortsOnlyItsChild() {
        ProbeFuture<Integer> aborted = new ProbeFuture<>();
        ProbeFuture<Integer> sibling = new ProbeFuture<>();
        try (TaskScope<Integer> scope = TaskScope.open(runtime)) {
            AbortHandle handle = scope.spawn(aborted);
            scope.spawn(sibling);
            soon().until(() -> aborted.polls() > 0 && sibling.polls() > 0);
            assertFalse(handle.isFinished());
            handle.abort();
            handle.abort(); // idempotent
            TaskOutcome<Integer> outcome = join(scope.next());
            assertEquals(handle.id(), outcome.id());
            assertTrue(outcome.isCancelled());
            assertTrue(handle.isFinished());
            assertFalse(sibling.isClosed());
            sibling.complete(2);
            assertEquals(2, join(scope.next()).value());
        }
    }

    /** Tokio: {@code try_join_next}: nothing before the children finish, all of them after. */
    @Test
    void tryJoinNext() {
        Notify go = new Notify();
        try (TaskScope<Void> scope = TaskScope.open(runtime)) {
            List<AbortHandle> handles = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                handles.add(scope.spawn(go.notified()));
            }
            assertEquals(Optional.empty(), scope.tryJoinNext());
            go.notifyWaiters();
            soon().until(() -> handles.stream().allMatch(AbortHandle::isFinished));
            int count = 0;
            for (Optional<TaskOutcome<Void>> outcome = scope.tryJoinNext(); outcome.isPresent(); outcome = scope.tryJoinNext()) {
                assertTrue(outcome.get().isSuccess());
                count++;
            }
            assertEquals(100, count);
            assertNull(join(scope.next()), "all handed out");
        }
    }

    /**
     * Tokio: {@code test_with_sleep} (its {@code detach_all} part): after {@code detachAll} the
     * scope is empty and {@code next()} ends at once, while the children run on; their outcomes
     * go where a detached task's go.
     */
    @Test
    void detachAll() {
        List<ProbeFuture<Integer>> children = probes(3);
        TaskScope<Integer> scope = TaskScope.open(runtime);
        for (ProbeFuture<Integer> child : children) {
            scope.spawn(child);
        }
        soon().until(() -> polled(children) == 3);
        scope.detachAll();
        assertEquals(0, scope.size());
        assertNull(join(scope.next()));
        scope.close(); // aborts nothing: the children are no longer the scope's
        children.get(0).complete(1);
        IOException failure = new IOException("lost");
        children.get(1).fail(failure);
        soon().until(() -> children.get(0).isClosed() && children.get(1).isClosed());
        assertFalse(children.get(0).isCancelled());
        soon().until(() -> uncaught.contains(failure));
        assertFalse(children.get(2).isClosed(), "still running");
        children.get(2).complete(3);
        soon().until(() -> children.get(2).isClosed());
        assertEquals(List.of(failure), uncaught);
    }

    /** Outcomes that finished and were not handed out are dropped by detachAll: values closed, failures reported. */
    @Test
    void detachAllDropsFinishedOutcomesAsADetachedTaskWould() {
        AtomicInteger closes = new AtomicInteger();
        IOException failure = new IOException("never joined");
        TaskScope<AutoCloseable> scope = TaskScope.open(runtime);
        AbortHandle value = scope.spawn(ProbeFuture.completed(closes::incrementAndGet));
        AbortHandle failed = scope.spawn(ProbeFuture.failedWith(failure));
        soon().until(() -> value.isFinished() && failed.isFinished());
        scope.detachAll();
        assertEquals(1, closes.get());
        assertEquals(List.of(failure), uncaught);
        assertEquals(0, scope.size());
    }

    /** Tokio: {@code alternating}, on a bounded scope. */
    @Test
    void alternatingOnABoundedScope() {
        try (TaskScope<Integer> scope = TaskScope.bounded(runtime, 1)) {
            scope.spawn(ProbeFuture.completed(1));
            scope.spawn(ProbeFuture.completed(2));
            assertEquals(2, scope.size());
            for (int i = 0; i < 16; i++) {
                assertTrue(join(scope.next()).isSuccess());
                assertEquals(1, scope.size());
                scope.spawn(ProbeFuture.completed(3));
                assertEquals(2, scope.size());
            }
        }
    }

    @Test
    void aBoundedScopePollsAtMostNChildrenAndStartsTheRestInSpawnOrder() {
        List<ProbeFuture<Integer>> children = probes(10);
        try (TaskScope<Integer> scope = TaskScope.bounded(runtime, 3)) {
            for (ProbeFuture<Integer> child : children) {
                scope.spawn(child); // never waits
            }
            assertEquals(10, scope.size());
            soon().until(() -> polled(children) == 3);
            for (int i = 3; i < 10; i++) {
                assertEquals(0, children.get(i).polls(), "child " + i + " waits for a slot, unpolled");
            }
            for (int finished = 0; finished < 7; finished++) {
                children.get(finished).complete(finished);
                int next = finished + 3;
                soon().until(() -> children.get(next).polls() > 0);
                assertEquals(finished + 4, polled(children), "one started per child that ended");
            }
            for (int i = 7; i < 10; i++) {
                children.get(i).complete(i);
            }
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), join(scope.joinAll()));
        }
    }

    /** The bound holds under load: a hundred children, counted while they run. */
    @Test
    void neverMoreThanNRunAtOnce() {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        try (TaskScope<Integer> scope = TaskScope.bounded(runtime, 4)) {
            for (int i = 0; i < 100; i++) {
                int id = i;
                scope.spawn(new PollFuture<Integer>() {
                    private int polls;

                    @Override
                    public dev.pollbridge.api.Poll<Integer> poll(dev.pollbridge.api.Context cx) {
                        if (polls++ == 0) {
                            most.accumulateAndGet(running.incrementAndGet(), Math::max);
                            cx.waker().wake(); // stay running for one more turn
                            return dev.pollbridge.api.Poll.pending();
                        }
                        running.decrementAndGet();
                        return dev.pollbridge.api.Poll.ready(id);
                    }
                });
            }
            assertEquals(100, join(scope.joinAll()).size());
        }
        assertTrue(most.get() <= 4, "at most 4 at once, saw " + most.get());
        assertTrue(most.get() >= 1);
    }

    @Test
    void abortingAWaitingChildEndsItUnrunAndKeepsTheOrder() {
        List<ProbeFuture<Integer>> children = probes(3);
        try (TaskScope<Integer> scope = TaskScope.bounded(runtime, 1)) {
            scope.spawn(children.get(0));
            AbortHandle waiting = scope.spawn(children.get(1));
            scope.spawn(children.get(2));
            soon().until(() -> children.get(0).polls() > 0);
            waiting.abort();
            assertTrue(waiting.isFinished(), "a waiting child ends at once");
            TaskOutcome<Integer> outcome = join(scope.next());
            assertEquals(1, outcome.id());
            assertTrue(outcome.isCancelled());
            assertEquals(0, children.get(1).polls());
            assertEquals(1, children.get(1).closes());
            children.get(0).complete(0);
            soon().until(() -> children.get(2).polls() > 0);
            children.get(2).complete(2);
            assertEquals(0, join(scope.next()).value());
            assertEquals(2, join(scope.next()).value());
        }
    }

    @Test
    void closeEndsWaitingChildrenUnrun() {
        List<ProbeFuture<Integer>> children = probes(5);
        TaskScope<Integer> scope = TaskScope.bounded(runtime, 2);
        for (ProbeFuture<Integer> child : children) {
            scope.spawn(child);
        }
        soon().until(() -> polled(children) == 2);
        join(scope.shutdown());
        for (int i = 0; i < 5; i++) {
            assertEquals(1, children.get(i).closes(), "child " + i);
        }
        for (int i = 2; i < 5; i++) {
            assertEquals(0, children.get(i).polls(), "child " + i + " never ran");
        }
    }

    @Test
    void underCancelSiblingsAFailureEndsTheWaitingChildrenToo() {
        List<ProbeFuture<Integer>> children = probes(4);
        IllegalStateException failure = new IllegalStateException("first failure");
        try (TaskScope<Integer> scope = TaskScope.bounded(runtime, 1, FailurePolicy.CANCEL_SIBLINGS)) {
            for (ProbeFuture<Integer> child : children) {
                scope.spawn(child);
            }
            soon().until(() -> children.get(0).polls() > 0);
            children.get(0).fail(failure);
            assertSame(failure, assertThrows(IllegalStateException.class, () -> join(scope.joinAll())));
        }
        for (int i = 1; i < 4; i++) {
            assertEquals(0, children.get(i).polls());
            assertEquals(1, children.get(i).closes());
        }
    }

    /** Tokio: {@code runtime_gone}: the runtime closing with children waiting ends every one of them. */
    @Test
    void aRuntimeThatClosesEndsRunningAndWaitingChildren() {
        PollRuntime own = PollRuntime.builder().workers(1).threadNamePrefix("joinset-gone-").build();
        List<ProbeFuture<Integer>> children = probes(4);
        TaskScope<Integer> scope = TaskScope.bounded(own, 1);
        for (ProbeFuture<Integer> child : children) {
            scope.spawn(child);
        }
        soon().until(() -> children.get(0).polls() > 0);
        own.close();
        soon().until(() -> children.stream().allMatch(ProbeFuture::isClosed));
        List<TaskOutcome<Integer>> outcomes = new ArrayList<>();
        for (Optional<TaskOutcome<Integer>> o = scope.tryJoinNext(); o.isPresent(); o = scope.tryJoinNext()) {
            outcomes.add(o.get());
        }
        assertEquals(4, outcomes.size());
        assertTrue(outcomes.stream().allMatch(TaskOutcome::isCancelled), () -> outcomes.stream()
                .map(TaskOutcome::toString).collect(Collectors.joining(", ")));
        assertInstanceOf(CancellationException.class, outcomes.get(0).failure());
        for (ProbeFuture<Integer> child : children) {
            assertEquals(1, child.closes());
        }
    }

    @Test
    void badBoundsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> TaskScope.bounded(runtime, 0));
        assertThrows(NullPointerException.class, () -> TaskScope.bounded(null, 1));
    }
}
