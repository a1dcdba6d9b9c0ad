package dev.pollbridge.runtime.task;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.CancellationToken;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link TaskScope#closeOn}: a scope cancelled by a {@link CancellationToken}. */
class TaskScopeCancellationTokenTest {

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("scope-token-test-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    private static ConditionFactory soon() {
        return await().atMost(Duration.ofSeconds(20)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1));
    }

    @Test
    void cancellingTheTokenClosesTheScopeAndCancelsItsChildren() {
        CancellationToken shutdown = new CancellationToken();
        ProbeFuture<String> child = new ProbeFuture<>();
        try (TaskScope<String> scope = TaskScope.<String>open(runtime).closeOn(shutdown.childToken())) {
            scope.spawn(child);
            soon().until(child::hasWaker);
            assertFalse(scope.isClosed());
            shutdown.cancel(); // the parent: reaches the scope's child token
            soon().until(scope::isClosed);
            assertThrows(CancellationException.class, () -> runtime.blockOn(scope.joinAll()));
            assertEquals(1, child.closes());
            assertTrue(child.isCancelled());
            assertThrows(IllegalStateException.class, () -> scope.spawn(new ProbeFuture<>()));
        }
    }

    @Test
    void anAlreadyCancelledTokenClosesTheScopeAtOnce() {
        CancellationToken token = new CancellationToken();
        token.cancel();
        TaskScope<String> scope = TaskScope.open(runtime);
        scope.closeOn(token);
        assertTrue(scope.isClosed());
    }

    @Test
    void aScopeClosedFirstLetsGoOfTheToken() {
        CancellationToken token = new CancellationToken();
        long tasksBefore = runtime.metrics().tasksAlive();
        TaskScope<String> scope = TaskScope.<String>open(runtime).closeOn(token);
        scope.close();
        soon().until(() -> runtime.metrics().tasksAlive() == tasksBefore); // the watcher task ended
        token.cancel(); // nothing left to close
        assertTrue(scope.isClosed());
    }

    @Test
    void aScopeEndsNormallyWhenTheTokenIsNeverCancelled() {
        CancellationToken token = new CancellationToken();
        ProbeFuture<String> child = new ProbeFuture<>();
        try (TaskScope<String> scope = TaskScope.<String>open(runtime).closeOn(token)) {
            scope.spawn(child);
            soon().until(child::hasWaker);
            child.complete("done");
            assertEquals("done", runtime.blockOn(scope.joinAll()).get(0));
        }
        assertFalse(token.isCancelled());
    }
}
