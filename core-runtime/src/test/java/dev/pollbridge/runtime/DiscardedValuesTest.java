package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.sync.Permit;
import dev.pollbridge.runtime.sync.Semaphore;
import dev.pollbridge.test.ProbeFuture;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Item 4 of the fault-containment issue: a value that owns a resource and that the library
 * discards (a fail-fast join, a select loser, a detached or closed join handle) is closed, so a
 * semaphore permit is never leaked.
 */
@Timeout(30)
class DiscardedValuesTest {

    private static final String PREFIX = "discard-test-";
    private static final Context NO_WAKE = Context.of(() -> {});

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix(PREFIX)
            .uncaughtFailureHandler(uncaught::add).build();
    private final Semaphore semaphore = new Semaphore(1);

    @AfterEach
    void stop() {
        runtime.close();
    }

    /** No permit leaked, a later task (one that needs the permit) runs, no worker died. */
    private void assertHealthy() {
        assertEquals(1, semaphore.availablePermits(), "the permit came back");
        try (Permit permit = runtime.blockOn(runtime.spawn(semaphore.acquire()))) {
            assertEquals(1, permit.count());
        }
        RuntimeHealth.assertHealthy(runtime, PREFIX, 2);
    }

    @Test
    void tryJoinReturnsThePermitItAcquiredBeforeASiblingFailed() {
        IllegalStateException failure = new IllegalStateException("sibling failed");
        JoinHandle<List<Object>> joined = runtime.spawn(Futures.tryJoin(semaphore.acquire(), Futures.failed(failure)));
        await().until(joined::isFinished);
        assertSame(failure, joined.poll(NO_WAKE).error());
        assertHealthy();
    }

    @Test
    void closingTheHandleOfAFinishedAcquireReturnsThePermit() {
        JoinHandle<Permit> handle = runtime.spawn(semaphore.acquire());
        await().until(handle::isFinished);
        assertEquals(0, semaphore.availablePermits());
        handle.close();
        assertHealthy();
    }

    @Test
    void aDetachedTaskThatEndsWithAPermitReturnsIt() {
        ProbeFuture<String> gate = new ProbeFuture<>();
        JoinHandle<Permit> handle = runtime.spawn(Futures.flatMap(gate, ignored -> semaphore.acquire()));
        handle.close(); // detached: nobody will take the permit
        gate.complete("go");
        await().until(() -> semaphore.availablePermits() == 1);
        assertHealthy();
    }

    @Test
    void aSelectReturnsThePermitOfALoserHandleWhoseTaskHadFinished() {
        JoinHandle<Permit> loser = runtime.spawn(semaphore.acquire());
        await().until(loser::isFinished);
        PollFuture<Object> select = Futures.select(Futures.ready("winner"), loser);
        assertEquals("winner", runtime.blockOn(select));
        assertHealthy();
    }

    @Test
    void aHandleWhoseDiscardedValueThrowsFromCloseReportsItAndDoesNotThrow() {
        IllegalStateException closeFailure = new IllegalStateException("close() broke its contract");
        JoinHandle<AutoCloseable> handle = runtime.spawn(cx -> Poll.ready(() -> {
            throw closeFailure;
        }));
        await().until(handle::isFinished);
        handle.close();
        assertEquals(List.of(closeFailure), uncaught);
        assertHealthy();
    }

    @Test
    void aHandleThatDeliveredItsValueClosesNothing() {
        JoinHandle<Permit> handle = runtime.spawn(semaphore.acquire());
        Permit permit = runtime.blockOn(handle);
        handle.close();
        assertTrue(!permit.isReleased(), "the permit belongs to the caller");
        permit.close();
        assertHealthy();
    }
}
