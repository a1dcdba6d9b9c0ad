package dev.pollbridge.runtime.task;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.Permit;
import dev.pollbridge.runtime.sync.Semaphore;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TaskScopeTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("scope-test-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    private static ConditionFactory soon() {
        return await().atMost(Duration.ofSeconds(20)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1));
    }

    /** Runs {@code future} as a task and returns its value, failing the test (not hanging) if it never ends. */
    private <R> R join(PollFuture<R> future) {
        JoinHandle<R> handle = runtime.spawn(future);
        soon().until(handle::isFinished);
        return runtime.blockOn(handle);
    }

    @SafeVarargs
    private static void awaitPolled(ProbeFuture<String>... probes) {
        for (ProbeFuture<String> probe : probes) {
            soon().until(probe::hasWaker);
        }
    }

    @Test
    void nextHandsOutOutcomesInFinishingOrderThenNull() {
        ProbeFuture<String> a = new ProbeFuture<>();
        ProbeFuture<String> b = new ProbeFuture<>();
        ProbeFuture<String> c = new ProbeFuture<>();
        IllegalStateException failure = new IllegalStateException("b failed");
        try (TaskScope<String> scope = TaskScope.open(runtime)) {
            assertEquals(0, scope.spawn(a).id());
            assertEquals(1, scope.spawn(b).id());
            assertEquals(2, scope.spawn(c).id());
            awaitPolled(a, b, c);
            c.complete("c");
            TaskOutcome<String> first = join(scope.next());
            assertEquals(2, first.id());
            assertEquals("c", first.value());
            a.complete("a");
            assertEquals("a", join(scope.next()).value());
            b.fail(failure);
            TaskOutcome<String> third = join(scope.next());
            assertFalse(third.isSuccess());
            assertFalse(third.isCancelled());
            assertSame(failure, third.failure());
            assertNull(join(scope.next()));
            assertEquals(0, scope.size());
        }
        for (ProbeFuture<String> probe : List.of(a, b, c)) {
            assertEquals(1, probe.closes());
            assertFalse(probe.isCancelled());
        }
    }

    @Test
    void joinAllReturnsTheValuesInSpawnOrder() {
        List<ProbeFuture<String>> probes = List.of(new ProbeFuture<>(), new ProbeFuture<>(), new ProbeFuture<>());
        try (TaskScope<String> scope = TaskScope.open(runtime)) {
            probes.forEach(scope::spawn);
            probes.forEach(probe -> soon().until(probe::hasWaker));
            Thread completer = new Thread(() -> {
                for (int i = probes.size() - 1; i >= 0; i--) {
                    probes.get(i).complete("v" + i);
                }
            });
            completer.start();
            assertEquals(List.of("v0", "v1", "v2"), join(scope.joinAll()));
            assertEquals(0, scope.size());
            assertNull(join(scope.next()));
        }
    }

    @Test
    void underKeepGoingAFailureLeavesItsSiblingsRunning() {
        ProbeFuture<String> failing = new ProbeFuture<>();
        ProbeFuture<String> sibling = new ProbeFuture<>();
        IllegalArgumentException failure = new IllegalArgumentException("bad");
        try (TaskScope<String> scope = TaskScope.open(runtime)) {
            scope.spawn(failing);
            scope.spawn(sibling);
            awaitPolled(failing, sibling);
            failing.fail(failure);
            soon().until(() -> failing.isClosed());
            soon().during(Duration.ofMillis(100)).until(() -> !sibling.isClosed());
            sibling.complete("fine");
            IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> join(scope.joinAll()));
            assertSame(failure, thrown);
        }
        assertFalse(sibling.isCancelled());
        assertEquals(1, sibling.closes());
    }

    @Test
    void underCancelSiblingsTheFirstFailureAbortsTheOthers() {
        ProbeFuture<String> a = new ProbeFuture<>();
        ProbeFuture<String> b = new ProbeFuture<>();
        ProbeFuture<String> c = new ProbeFuture<>();
        IllegalStateException failure = new IllegalStateException("b failed first");
        try (TaskScope<String> scope = TaskScope.open(runtime, FailurePolicy.CANCEL_SIBLINGS)) {
            scope.spawn(a);
            scope.spawn(b);
            scope.spawn(c);
            awaitPolled(a, b, c);
            b.fail(failure);
            soon().until(() -> a.isClosed() && c.isClosed());
            assertSame(failure, assertThrows(IllegalStateException.class, () -> join(scope.joinAll())));

            ProbeFuture<String> late = new ProbeFuture<>();
            long lateId = scope.spawn(late).id();
            TaskOutcome<String> lateOutcome = join(scope.next());
            assertEquals(lateId, lateOutcome.id());
            assertTrue(lateOutcome.isCancelled());
            assertTrue(lateOutcome.failure() instanceof CancellationException);
            assertEquals(0, late.polls(), "a child spawned after the failure never runs");
            assertEquals(1, late.closes());
        }
        for (ProbeFuture<String> sibling : List.of(a, c)) {
            assertTrue(sibling.isCancelled());
            assertEquals(1, sibling.closes());
        }
        assertEquals(1, b.closes());
    }

    @Test
    void closeAbortsEveryUnfinishedChildExactlyOnce() {
        ProbeFuture<String> done = new ProbeFuture<>();
        ProbeFuture<String> pending1 = new ProbeFuture<>();
        ProbeFuture<String> pending2 = new ProbeFuture<>();
        TaskScope<String> scope = TaskScope.open(runtime);
        scope.spawn(done);
        scope.spawn(pending1);
        scope.spawn(pending2);
        awaitPolled(done, pending1, pending2);
        done.complete("finished before close");
        soon().until(done::isClosed);
        scope.close();
        scope.close();
        soon().until(() -> pending1.isClosed() && pending2.isClosed());
        assertTrue(pending1.isCancelled());
        assertTrue(pending2.isCancelled());
        assertFalse(done.isCancelled());

        List<TaskOutcome<String>> outcomes = new ArrayList<>();
        for (TaskOutcome<String> o = join(scope.next()); o != null; o = join(scope.next())) {
            outcomes.add(o);
        }
        assertEquals(3, outcomes.size());
        assertEquals("finished before close", outcomes.get(0).value());
        assertTrue(outcomes.get(1).isCancelled() && outcomes.get(2).isCancelled());

        ProbeFuture<String> refused = new ProbeFuture<>();
        assertThrows(IllegalStateException.class, () -> scope.spawn(refused));
        assertEquals(1, refused.closes(), "the scope owned the refused future and closed it");
        for (ProbeFuture<String> probe : List.of(done, pending1, pending2)) {
            assertEquals(1, probe.closes());
        }
    }

    @Test
    void whenShutdownCompletesNoChildIsRunning() {
        List<ProbeFuture<String>> probes = new ArrayList<>();
        TaskScope<String> scope = TaskScope.open(runtime);
        for (int i = 0; i < 20; i++) {
            ProbeFuture<String> probe = new ProbeFuture<>();
            probes.add(probe);
            scope.spawn(probe);
        }
        join(scope.shutdown());
        for (ProbeFuture<String> probe : probes) {
            assertEquals(1, probe.closes(), "closed before shutdown completed, without waiting");
        }
        assertEquals(0, scope.size());
        assertTrue(scope.isClosed());
    }

    @Test
    void nextIsCancelSafe() {
        ProbeFuture<String> child = new ProbeFuture<>();
        try (TaskScope<String> scope = TaskScope.open(runtime)) {
            scope.spawn(child);
            awaitPolled(child);
            try (MockTask<TaskOutcome<String>> dropped = MockTask.spawn(scope.next())) {
                assertPending(dropped.poll());
            }
            child.complete("kept");
            assertEquals("kept", join(scope.next()).value());
        }
    }

    @Test
    void aChildWhosePollThrowsEndsAsFailed() {
        IllegalStateException broken = new IllegalStateException("broken poll");
        try (TaskScope<String> scope = TaskScope.open(runtime)) {
            scope.spawn(cx -> {
                throw broken;
            });
            assertSame(broken, join(scope.next()).failure());
        }
    }

    /**
     * Item 3 of the fault-containment issue: a checked exception thrown sneakily from a child's
     * poll is that child's failure, so CANCEL_SIBLINGS fires, and it never reaches the runtime's
     * uncaught-failure handler.
     */
    @Test
    void aChildWhosePollThrowsACheckedExceptionSneakilyFailsAndCancelsItsSiblings() {
        List<Throwable> uncaught = new CopyOnWriteArrayList<>();
        IOException checked = new IOException("checked, thrown sneakily");
        ProbeFuture<String> sibling = new ProbeFuture<>();
        try (PollRuntime own = PollRuntime.builder().workers(1).uncaughtFailureHandler(uncaught::add).build();
                TaskScope<String> scope = TaskScope.open(own, FailurePolicy.CANCEL_SIBLINGS)) {
            scope.spawn(sibling);
            awaitPolled(sibling);
            scope.spawn(cx -> {
                throw TaskScopeTest.<RuntimeException>sneakyThrow(checked);
            });
            JoinHandle<List<String>> joined = own.spawn(scope.joinAll());
            soon().until(joined::isFinished);
            assertSame(checked, joined.poll(Context.of(() -> {})).error());
            assertTrue(sibling.isCancelled(), "CANCEL_SIBLINGS cancelled the sibling");
            assertEquals(1, sibling.closes());

            assertEquals("later", own.blockOn(own.spawn(cx -> Poll.ready("later"))));
            assertEquals(List.of(), uncaught, "a scope child's failure belongs to the scope");
        }
    }

    /** Item 4: values a scope will never hand out are closed, so a child's permit is not leaked. */
    @Test
    void aJoinAllThatFailsReturnsThePermitsOfTheChildrenThatSucceeded() {
        Semaphore semaphore = new Semaphore(2);
        IllegalStateException failure = new IllegalStateException("sibling failed");
        try (TaskScope<Object> scope = TaskScope.open(runtime)) {
            scope.spawn(semaphore.acquire());
            scope.spawn(semaphore.acquire());
            ProbeFuture<Object> failing = new ProbeFuture<>();
            scope.spawn(failing);
            soon().until(() -> semaphore.availablePermits() == 0 && failing.hasWaker());
            failing.fail(failure);
            assertSame(failure, assertThrows(IllegalStateException.class, () -> join(scope.joinAll())));
        }
        assertEquals(2, semaphore.availablePermits());
        try (Permit permit = join(semaphore.acquireMany(2))) {
            assertEquals(2, permit.count()); // a later task gets both permits
        }
    }

    @Test
    void shutdownReturnsThePermitsOfTheOutcomesItDrops() {
        Semaphore semaphore = new Semaphore(1);
        TaskScope<Permit> scope = TaskScope.open(runtime);
        scope.spawn(semaphore.acquire());
        soon().until(() -> semaphore.availablePermits() == 0);
        join(scope.shutdown());
        assertEquals(1, semaphore.availablePermits());
        try (Permit permit = join(semaphore.acquire())) {
            assertEquals(1, permit.count());
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> RuntimeException sneakyThrow(Throwable failure) throws E {
        throw (E) failure;
    }

    @Test
    void spawningOnAClosedRuntimeIsRejectedAndClosesTheFuture() {
        PollRuntime closedRuntime = PollRuntime.builder().workers(1).build();
        closedRuntime.close();
        ProbeFuture<String> probe = new ProbeFuture<>();
        try (TaskScope<String> scope = TaskScope.open(closedRuntime)) {
            assertThrows(RejectedExecutionException.class, () -> scope.spawn(probe));
            assertEquals(0, scope.size());
        }
        assertEquals(1, probe.closes());
    }

    @Test
    void anAsyncBodyOwnsItsScopeAndClosingTheBodyAbortsTheChildren() {
        ProbeFuture<String> a = new ProbeFuture<>();
        ProbeFuture<String> b = new ProbeFuture<>();
        AtomicBoolean scopeClosed = new AtomicBoolean();
        PollFuture<List<String>> body = Async.run(() -> {
            try (TaskScope<String> scope = TaskScope.open(runtime)) {
                scope.spawn(a);
                scope.spawn(b);
                return Async.await(scope.joinAll());
            } finally {
                scopeClosed.set(true);
            }
        });
        MockTask<List<String>> task = MockTask.spawn(body);
        assertPending(task.poll());
        awaitPolled(a, b);
        task.close();
        soon().untilTrue(scopeClosed);
        soon().until(() -> a.isClosed() && b.isClosed());
        assertTrue(a.isCancelled() && b.isCancelled());
        assertEquals(1, a.closes());
        assertEquals(1, b.closes());
    }

    @Test
    void anAsyncBodyJoinsItsChildren() {
        PollFuture<List<Integer>> body = Async.run(() -> {
            try (TaskScope<Integer> scope = TaskScope.open(runtime, FailurePolicy.CANCEL_SIBLINGS)) {
                for (int i = 0; i < 5; i++) {
                    int n = i;
                    scope.spawn(Async.run(() -> n * n));
                }
                return Async.await(scope.joinAll());
            }
        });
        assertEquals(List.of(0, 1, 4, 9, 16), join(body));
    }

    @Test
    void manyChildrenFinishingInRandomOrderAreAllJoined() {
        int count = 2_000;
        List<ProbeFuture<Integer>> probes = new ArrayList<>();
        List<Integer> expected = new ArrayList<>();
        try (TaskScope<Integer> scope = TaskScope.open(runtime)) {
            for (int i = 0; i < count; i++) {
                ProbeFuture<Integer> probe = new ProbeFuture<>();
                probes.add(probe);
                expected.add(i);
                scope.spawn(probe);
            }
            List<Integer> order = new ArrayList<>(expected);
            Collections.shuffle(order, new Random(42));
            Thread completer = new Thread(() -> order.forEach(i -> probes.get(i).complete(i)));
            completer.start();
            assertEquals(expected, join(scope.joinAll()));
        }
        for (ProbeFuture<Integer> probe : probes) {
            assertEquals(1, probe.closes());
            assertEquals(0, probe.pollsAfterReady());
        }
    }

    @Test
    void theWaitersObeyThePollContract() {
        try (TaskScope<String> scope = TaskScope.open(runtime)) {
            PollFuture<TaskOutcome<String>> next = scope.next();
            Context cx = Context.of(() -> { });
            Poll<TaskOutcome<String>> empty = next.poll(cx);
            assertTrue(empty.isReady());
            assertNull(empty.value());
            assertThrows(IllegalStateException.class, () -> next.poll(cx));
            assertThrows(NullPointerException.class, () -> scope.spawn(null));
        }
    }

    @Test
    void aClosedWaiterRefusesToBePolledAgain() {
        ProbeFuture<String> child = new ProbeFuture<>();
        try (TaskScope<String> scope = TaskScope.open(runtime)) {
            scope.spawn(child);
            PollFuture<TaskOutcome<String>> next = scope.next();
            Context cx = Context.of(() -> { });
            assertPending(next.poll(cx));
            next.close();
            assertThrows(IllegalStateException.class, () -> next.poll(cx));
            PollFuture<List<String>> joinAll = scope.joinAll();
            joinAll.close();
            assertThrows(IllegalStateException.class, () -> joinAll.poll(cx));
        }
    }
}
