package dev.pollbridge.runtime.task;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.runtime.Runtime;
import dev.pollbridge.runtime.internal.scheduler.CurrentThreadEngine;
import dev.pollbridge.runtime.internal.scheduler.EngineAccess;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.Upstream;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Nested;

/**
 * {@link TaskScope#next()}, {@link TaskScope#joinAll()} and {@link TaskScope#shutdown()} keep the
 * future contract. The scope's children run on a runtime without workers, so a child moves only
 * when the trigger drives the runtime: the subjects stay pending until then. A closed waiter
 * leaves the scope's waiter table.
 */
class TaskScopeContractTest {

    /** One child; completing it (and running its task) gives {@code next()} its outcome. */
    @Nested
    class Next extends PollFutureContract<TaskOutcome<String>> {
        @Override
        protected FutureSubject<TaskOutcome<String>> subject() {
            Runtime runtime = Runtime.builder().workers(0).build();
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
    }

    /** Two children; completing both gives their values, failing one fails the join. */
    @Nested
    class JoinAll extends PollFutureContract<List<String>> {
        @Override
        protected FutureSubject<List<String>> subject() {
            Runtime runtime = Runtime.builder().workers(0).build();
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
    }

    /**
     * {@code shutdown()} closes the scope at once (not lazy: it is the call that aborts the
     * children) and completes when their tasks have ended, which they do when the runtime runs.
     */
    @Nested
    class Shutdown extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            Runtime runtime = Runtime.builder().workers(0).build();
            TaskScope<String> scope = TaskScope.open(runtime);
            scope.spawn(new ProbeFuture<>());
            return FutureSubject.of(scope.shutdown())
                    .completesWith(null, () -> runUntilIdle(runtime))
                    .startsEagerly()
                    .closing(runtime);
        }
    }

    private static void runUntilIdle(Runtime runtime) {
        ((CurrentThreadEngine) EngineAccess.engineOf(runtime)).runUntilIdle();
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
