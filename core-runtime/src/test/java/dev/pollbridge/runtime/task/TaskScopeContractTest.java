package dev.pollbridge.runtime.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.internal.scheduler.CurrentThreadEngine;
import dev.pollbridge.runtime.internal.scheduler.Engine;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.Upstream;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import org.junit.jupiter.api.Nested;

/**
 * {@link TaskScope#next()}, {@link TaskScope#joinAll()} and {@link TaskScope#shutdown()} keep the
 * future contract, on open and {@linkplain TaskScope#bounded bounded} scopes, and when a child
 * ends through its {@link AbortHandle}. The scope's children run on a runtime without workers, so a child moves only
 * when the trigger drives the runtime: the subjects stay pending until then. A closed waiter
 * leaves the scope's waiter table.
 */
class TaskScopeContractTest {

    /** One child; completing it (and running its task) gives {@code next()} its outcome. */
    @Nested
    class Next extends PollFutureContract<TaskOutcome<String>> {
        @Override
        protected FutureSubject<TaskOutcome<String>> subject() {
            PollRuntime runtime = PollRuntime.builder().workers(0).build();
            TaskScope<String> scope = TaskScope.open(runtime);
            ProbeFuture<String> child = new ProbeFuture<>();
            scope.spawn(child);
            return FutureSubject.of(scope.next())
                    .completes(() -> {
                        child.complete("child");
                        runUntilIdle(runtime);
                    }, outcome -> assertEquals("child", outcome.value()))
                    .upstream(Upstream.queued("place among the scope's waiters", waiting(scope)))
                    .closing(runtime)
                    .closing(scope);
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return droppingThroughShutdown(value, scope -> scope.next(), outcome -> assertEquals(value, outcome.value()));
        }
    }

    /** Two children; completing both gives their values, failing one fails the join. */
    @Nested
    class JoinAll extends PollFutureContract<List<String>> {
        @Override
        protected FutureSubject<List<String>> subject() {
            PollRuntime runtime = PollRuntime.builder().workers(0).build();
            TaskScope<String> scope = TaskScope.open(runtime);
            ProbeFuture<String> first = new ProbeFuture<>();
            ProbeFuture<String> second = new ProbeFuture<>();
            scope.spawn(first);
            scope.spawn(second);
            return FutureSubject.of(scope.joinAll())
                    .completesWith(List.of("a", "b"), () -> {
                        second.complete("b");
                        first.complete("a");
                        runUntilIdle(runtime);
                    })
                    .failsWith(error -> {
                        first.fail(error);
                        second.complete("b");
                        runUntilIdle(runtime);
                    })
                    .upstream(Upstream.queued("place among the scope's waiters", waiting(scope)))
                    .closing(runtime)
                    .closing(scope);
        }

        @Override
        protected FutureSubject<?> subjectReadyWith(AutoCloseable value) {
            return droppingThroughShutdown(value, TaskScope::joinAll, values -> assertEquals(List.of(value), values));
        }
    }

    /**
     * {@code shutdown()} closes the scope at once (not lazy: it is the call that aborts the
     * children) and completes when their tasks have ended, which they do when the runtime runs.
     */
    @Nested
    class Shutdown extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            PollRuntime runtime = PollRuntime.builder().workers(0).build();
            TaskScope<String> scope = TaskScope.open(runtime);
            scope.spawn(new ProbeFuture<>());
            return FutureSubject.of(scope.shutdown())
                    .completesWith(null, () -> runUntilIdle(runtime))
                    .startsEagerly()
                    .closing(runtime);
        }
    }

    /** A child aborted through its {@link AbortHandle}: {@code next()} gives its cancelled outcome. */
    @Nested
    class NextOfAnAbortedChild extends PollFutureContract<TaskOutcome<String>> {
        @Override
        protected FutureSubject<TaskOutcome<String>> subject() {
            PollRuntime runtime = PollRuntime.builder().workers(0).build();
            TaskScope<String> scope = TaskScope.open(runtime);
            ProbeFuture<String> child = new ProbeFuture<>();
            AbortHandle handle = scope.spawn(child);
            return FutureSubject.of(scope.next())
                    .completes(() -> {
                        handle.abort();
                        runUntilIdle(runtime);
                    }, outcome -> {
                        assertTrue(outcome.isCancelled(), "the aborted child ends as cancelled: " + outcome);
                        assertEquals(1, child.closes(), "the aborted child's future was closed once");
                    })
                    .upstream(Upstream.queued("place among the scope's waiters", waiting(scope)))
                    .closing(runtime)
                    .closing(scope);
        }
    }

    /**
     * A scope bounded to one running child, with two: the second runs only once the first is done,
     * and {@code joinAll()} gives both values in spawn order; a failure of the first fails it.
     */
    @Nested
    class BoundedJoinAll extends PollFutureContract<List<String>> {
        @Override
        protected FutureSubject<List<String>> subject() {
            PollRuntime runtime = PollRuntime.builder().workers(0).build();
            TaskScope<String> scope = TaskScope.bounded(runtime, 1);
            ProbeFuture<String> first = new ProbeFuture<>();
            ProbeFuture<String> second = new ProbeFuture<>();
            scope.spawn(first);
            scope.spawn(second);
            return FutureSubject.of(scope.joinAll())
                    .completesWith(List.of("a", "b"), () -> {
                        second.complete("b");
                        first.complete("a");
                        runUntilIdle(runtime);
                    })
                    .failsWith(error -> {
                        first.fail(error);
                        second.complete("b");
                        runUntilIdle(runtime);
                    })
                    .upstream(Upstream.queued("place among the scope's waiters", waiting(scope)))
                    .closing(runtime)
                    .closing(scope);
        }
    }

    /** A bounded scope's {@code next()}: the waiting child's abort ends it unrun, as cancelled. */
    @Nested
    class BoundedNextOfAnAbortedWaitingChild extends PollFutureContract<TaskOutcome<String>> {
        @Override
        protected FutureSubject<TaskOutcome<String>> subject() {
            PollRuntime runtime = PollRuntime.builder().workers(0).build();
            TaskScope<String> scope = TaskScope.bounded(runtime, 1);
            ProbeFuture<String> running = new ProbeFuture<>();
            ProbeFuture<String> waiting = new ProbeFuture<>();
            scope.spawn(running);
            AbortHandle handle = scope.spawn(waiting);
            runUntilIdle(runtime);
            return FutureSubject.of(scope.next())
                    .completes(handle::abort, outcome -> {
                        assertTrue(outcome.isCancelled(), "the aborted child ends as cancelled: " + outcome);
                        assertEquals(0, waiting.polls(), "a waiting child that is aborted never runs");
                    })
                    .upstream(Upstream.queued("place among the scope's waiters", waiting(scope)))
                    .closing(runtime)
                    .closing(scope);
        }
    }

    /** A bounded scope's {@code shutdown()}: it ends the running child and the waiting one. */
    @Nested
    class BoundedShutdown extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            PollRuntime runtime = PollRuntime.builder().workers(0).build();
            TaskScope<String> scope = TaskScope.bounded(runtime, 1);
            ProbeFuture<String> running = new ProbeFuture<>();
            ProbeFuture<String> waiting = new ProbeFuture<>();
            scope.spawn(running);
            scope.spawn(waiting);
            return FutureSubject.of(scope.shutdown())
                    .completes(() -> runUntilIdle(runtime), done -> {
                        assertEquals(1, running.closes(), "the running child was closed once");
                        assertEquals(1, waiting.closes(), "the waiting child was closed once");
                    })
                    .startsEagerly()
                    .closing(runtime);
        }
    }

    /**
     * For the dropped-value checks: {@code wait} on a scope whose one child ends with
     * {@code value}. Its futures are cancel-safe, so one closed unread leaves the outcome in the
     * scope (a closed scope still hands outcomes to {@code next()}); the scope drops it at the end
     * of its life, {@code shutdown()}, which the subject runs as its last resource.
     */
    private static <R> FutureSubject<?> droppingThroughShutdown(AutoCloseable value,
            Function<TaskScope<AutoCloseable>, PollFuture<R>> wait, Consumer<R> check) {
        PollRuntime runtime = PollRuntime.builder().workers(0).build();
        TaskScope<AutoCloseable> scope = TaskScope.open(runtime);
        ProbeFuture<AutoCloseable> child = new ProbeFuture<>();
        scope.spawn(child);
        return FutureSubject.of(wait.apply(scope))
                .completes(() -> {
                    child.complete(value);
                    runUntilIdle(runtime);
                }, check)
                .closing(runtime)
                .closing(() -> runtime.blockOn(scope.shutdown()));
    }

    private static void runUntilIdle(PollRuntime runtime) {
        ((CurrentThreadEngine) runtime.blockOn(cx -> Poll.ready(Engine.current()))).runUntilIdle();
    }

    /** True while the scope's waiter table (a private field) holds a waker. */
    private static BooleanSupplier waiting(TaskScope<?> scope) {
        try {
            Field waiters = TaskScope.class.getDeclaredField("waiters");
            Field lock = TaskScope.class.getDeclaredField("lock");
            waiters.setAccessible(true);
            lock.setAccessible(true);
            return () -> {
                try {
                    synchronized (lock.get(scope)) {
                        return !((Map<?, ?>) waiters.get(scope)).isEmpty();
                    }
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            };
        } catch (NoSuchFieldException e) {
            throw new AssertionError("TaskScope's fields changed: update TaskScopeContractTest", e);
        }
    }
}
