package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static dev.pollbridge.runtime.PollDriver.soon;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.task.TaskScope;
import dev.pollbridge.test.ProbeFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import static dev.pollbridge.runtime.PollDriver.assertNoViolations;

/**
 * Issue 13, section 2: a cancelled {@code Async} body has really ended (its {@code finally} has
 * run) before the task, the scope or the runtime that cancelled it says it has. The cleanup of
 * each body takes a little while ({@value #CLEANUP_NANOS} ns), which is what made the old code
 * report the end too early. Each test runs {@value #ROUNDS} rounds, bounded by its timeout, on
 * JDK 17 (pool) and JDK 25 (virtual threads).
 */
@Tag("stress")
@Timeout(180)
class AsyncStructuredEndStressTest {

    private static final int ROUNDS = 2_000;
    private static final long CLEANUP_NANOS = 50_000L;

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("async-structured-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    /** A body suspended on {@code child} whose finally takes a moment and then sets {@code finallyDone}. */
    private static PollFuture<Integer> slowCleanupBody(ProbeFuture<Integer> child, AtomicBoolean finallyDone) {
        return Async.run(() -> {
            try {
                return Async.await(child);
            } finally {
                LockSupport.parkNanos(CLEANUP_NANOS); // simulates cleanup that takes time
                finallyDone.set(true);
            }
        });
    }

    @Test
    void abortThenJoinObservesTheFinallyAsAlreadyRun() {
        List<String> violations = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            ProbeFuture<Integer> child = new ProbeFuture<>();
            AtomicBoolean finallyDone = new AtomicBoolean();
            JoinHandle<Integer> handle = runtime.spawn(slowCleanupBody(child, finallyDone));
            soon().until(child::hasWaker);
            handle.abort();
            assertThrows(CancellationException.class, () -> runtime.blockOn(handle));
            if (!finallyDone.get()) {
                violations.add("round " + round);
            }
        }
        assertNoViolations(violations,
                violations.size() + " of " + ROUNDS + " joins returned before the body's finally had run");
    }

    @Test
    void scopeShutdownObservesTheFinallyAsAlreadyRun() {
        List<String> violations = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            ProbeFuture<Integer> child = new ProbeFuture<>();
            AtomicBoolean finallyDone = new AtomicBoolean();
            TaskScope<Integer> scope = TaskScope.open(runtime);
            scope.spawn(slowCleanupBody(child, finallyDone));
            soon().until(child::hasWaker);
            runtime.blockOn(scope.shutdown());
            if (!finallyDone.get()) {
                violations.add("round " + round);
            }
        }
        assertNoViolations(violations,
                violations.size() + " of " + ROUNDS + " scope shutdowns completed before the child's finally had run");
    }

    @Test
    void runtimeCloseWaitsForAnUnwindingBody() {
        List<String> violations = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            ProbeFuture<Integer> child = new ProbeFuture<>();
            AtomicBoolean finallyDone = new AtomicBoolean();
            PollRuntime closing = PollRuntime.builder().workers(1).threadNamePrefix("async-structured-close-").build();
            closing.spawn(slowCleanupBody(child, finallyDone));
            soon().until(child::hasWaker);
            closing.close();
            if (!finallyDone.get()) {
                violations.add("round " + round);
            }
        }
        assertNoViolations(violations,
                violations.size() + " of " + ROUNDS + " PollRuntime.close() calls returned before the body's finally had run");
    }
}
