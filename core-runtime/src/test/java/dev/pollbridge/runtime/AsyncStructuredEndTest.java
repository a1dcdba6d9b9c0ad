package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.internal.async.AsyncEngine;
import static dev.pollbridge.runtime.PollDriver.pollToCompletion;
import static dev.pollbridge.runtime.PollDriver.pollUntil;
import static dev.pollbridge.runtime.PollDriver.soon;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.async.PooledLauncher;
import dev.pollbridge.runtime.task.TaskScope;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 13, sections 2 and 3: whoever cancels a running {@code Async} body learns that it ended
 * only after its {@code finally} blocks ran; what that cleanup throws is attached to the
 * cancellation someone sees or reported, never dropped; shutdowns wait for unwinding bodies up to
 * their deadline and name those that did not end; the Java 17 pool reports starvation once.
 */
@Timeout(60)
class AsyncStructuredEndTest {

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("async-end-")
            .uncaughtFailureHandler(uncaught::add).build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    /** A body suspended on {@code child} whose finally waits a moment, records and then throws {@code cleanupFailure} (if any). */
    private static PollFuture<String> body(ProbeFuture<String> child, AtomicBoolean finallyDone, RuntimeException cleanupFailure) {
        return Async.run(() -> {
            try {
                return Async.await(child);
            } finally {
                Thread.sleep(20); // simulates cleanup that takes time
                finallyDone.set(true);
                if (cleanupFailure != null) {
                    throw cleanupFailure;
                }
            }
        });
    }

    @Test
    void aJoinAfterAbortSeesTheCleanupFailureAsSuppressedOnTheCancellation() {
        ProbeFuture<String> child = new ProbeFuture<>();
        AtomicBoolean finallyDone = new AtomicBoolean();
        IllegalStateException cleanup = new IllegalStateException("cleanup failed");
        JoinHandle<String> handle = runtime.spawn(body(child, finallyDone, cleanup));
        soon().until(child::hasWaker);
        handle.abort();
        CancellationException cancelled = assertThrows(CancellationException.class, () -> runtime.blockOn(handle));
        assertTrue(finallyDone.get());
        assertEquals(List.of(cleanup), Arrays.asList(cancelled.getSuppressed()));
        assertEquals(List.of(), uncaught, "seen by the joiner, so not reported again");
        assertEquals(0, runtime.metrics().unwindingBodies());
    }

    @Test
    void theCleanupFailureOfADetachedAbortedTaskGoesToTheUncaughtFailureHandler() {
        ProbeFuture<String> child = new ProbeFuture<>();
        AtomicBoolean finallyDone = new AtomicBoolean();
        IllegalStateException cleanup = new IllegalStateException("cleanup failed, nobody joins");
        JoinHandle<String> handle = runtime.spawn(body(child, finallyDone, cleanup));
        soon().until(child::hasWaker);
        handle.abort();
        handle.close();
        soon().until(() -> uncaught.contains(cleanup));
        assertTrue(finallyDone.get());
    }

    @Test
    void blockOnInterruptedReturnsOnlyAfterTheBodyUnwoundAndCarriesItsCleanupFailure() throws Exception {
        ProbeFuture<String> child = new ProbeFuture<>();
        AtomicBoolean finallyDone = new AtomicBoolean();
        IllegalStateException cleanup = new IllegalStateException("cleanup failed on interrupt");
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicBoolean finallySeenOnReturn = new AtomicBoolean();
        AtomicBoolean interruptKept = new AtomicBoolean();
        Thread caller = new Thread(() -> {
            try {
                runtime.blockOn(body(child, finallyDone, cleanup));
            } catch (Throwable t) {
                finallySeenOnReturn.set(finallyDone.get());
                interruptKept.set(Thread.currentThread().isInterrupted());
                thrown.set(t);
            }
        });
        caller.start();
        soon().until(child::hasWaker);
        caller.interrupt();
        caller.join(TimeUnit.SECONDS.toMillis(20));
        assertTrue(finallySeenOnReturn.get(), "blockOn returned before the body's finally ran");
        assertTrue(interruptKept.get());
        CompletionException error = assertInstanceOf(CompletionException.class, thrown.get());
        assertInstanceOf(InterruptedException.class, error.getCause());
        assertEquals(List.of(cleanup), Arrays.asList(error.getSuppressed()));
        assertEquals(1, child.closes());
    }

    @Test
    void aSelectLosersCleanupFailureIsReportedAndTheWinnersTaskEndsAfterIt() {
        ProbeFuture<String> loserChild = new ProbeFuture<>();
        AtomicBoolean loserFinally = new AtomicBoolean();
        IllegalStateException cleanup = new IllegalStateException("loser cleanup failed");
        ProbeFuture<String> winner = new ProbeFuture<>();
        JoinHandle<String> handle = runtime.spawn(Futures.select(body(loserChild, loserFinally, cleanup), winner));
        soon().until(loserChild::hasWaker); // the loser's body is suspended: closing it makes it unwind
        winner.complete("winner");
        assertEquals("winner", runtime.blockOn(handle));
        assertTrue(loserFinally.get(), "the task completed before its select loser unwound");
        soon().until(() -> uncaught.contains(cleanup));
    }

    @Test
    void scopeJoinAllWaitsForASelectLoserInsideAChild() {
        ProbeFuture<String> loserChild = new ProbeFuture<>();
        AtomicBoolean loserFinally = new AtomicBoolean();
        ProbeFuture<String> winner = new ProbeFuture<>();
        TaskScope<String> scope = TaskScope.open(runtime);
        scope.spawn(Futures.select(body(loserChild, loserFinally, null), winner));
        soon().until(loserChild::hasWaker);
        winner.complete("w");
        assertEquals(List.of("w"), runtime.blockOn(scope.joinAll()));
        assertTrue(loserFinally.get(), "joinAll completed while a child's select loser was unwinding");
    }

    @Test
    void aBodyThatClosesARunningStreamEndsOnlyAfterTheStreamsBodyUnwound() {
        AtomicBoolean innerFinally = new AtomicBoolean();
        PollFuture<Integer> outer = Async.run(() -> {
            try (PollStream<Integer> numbers = Async.stream(emitter -> {
                try {
                    emitter.emit(1);
                    emitter.emit(2);
                } finally {
                    Thread.sleep(20);
                    innerFinally.set(true);
                }
            })) {
                return Async.next(numbers);
            }
        });
        try (MockTask<Integer> task = MockTask.spawn(outer)) {
            assertReady(pollToCompletion(task), 1);
            assertTrue(innerFinally.get(), "the outer body's end was published before the stream's body unwound");
        }
    }

    @Test
    void closeWaitsForABodyWhoseCleanupTakesAWhile() {
        ProbeFuture<String> child = new ProbeFuture<>();
        AtomicBoolean finallyDone = new AtomicBoolean();
        PollRuntime closing = PollRuntime.builder().workers(1).threadNamePrefix("async-end-close-").build();
        closing.spawn(Async.run(() -> {
            try {
                return Async.await(child);
            } finally {
                Thread.sleep(200);
                finallyDone.set(true);
            }
        }));
        soon().until(child::hasWaker);
        closing.close();
        assertTrue(finallyDone.get());
        assertEquals(0, closing.metrics().unwindingBodies());
    }

    @Test
    void aGracefulShutdownNamesTheBodiesThatDidNotUnwindByItsDeadline() throws Exception {
        // Thread mode only: the body's cleanup blocks. In continuation mode it unwinds inside the
        // close, on the closing thread, so a blocking cleanup blocks the closer (a body does not block).
        assumeTrue(Async.mode().usesThreads());
        LogCapture log = LogCapture.recording(Thread.currentThread().getName());
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean finallyDone = new AtomicBoolean();
        ProbeFuture<String> child = new ProbeFuture<>();
        PollRuntime stopping = PollRuntime.builder().workers(1).threadNamePrefix("async-end-graceful-").build();
        try {
            JoinHandle<String> handle = stopping.spawn(Async.run(() -> {
                try {
                    return Async.await(child);
                } finally {
                    release.await(); // cleanup stuck until the test lets it go
                    finallyDone.set(true);
                }
            }));
            soon().until(child::hasWaker);
            assertFalse(stopping.shutdownGracefully(Duration.ofMillis(200)));
            assertFalse(finallyDone.get());
            assertEquals(1, stopping.metrics().unwindingBodies());
            assertFalse(handle.isFinished(), "the handle completes only when the body has ended");
            assertTrue(log.messages().stream().anyMatch(w -> w.contains("1 cancelled Async bodies were still unwinding")
                    && w.contains("the body dev.pollbridge.runtime.AsyncStructuredEndTest") && w.contains("of an Async.run future, on ")),
                    log.messages().toString());
            release.countDown();
            soon().until(handle::isFinished);
            assertTrue(finallyDone.get());
            assertEquals(0, stopping.metrics().unwindingBodies());
        } finally {
            release.countDown();
            log.close();
        }
    }

    @Test
    void thePoolReportsOnceThatEveryThreadHoldsASuspendedBodyWhileBodiesWaitForOne() {
        List<String> reports = new CopyOnWriteArrayList<>();
        try (PooledLauncher pool = new PooledLauncher(2, "async-starved-", reports::add)) {
            ProbeFuture<String> never = new ProbeFuture<>();
            ProbeFuture<String> gate1 = new ProbeFuture<>();
            ProbeFuture<String> gate2 = new ProbeFuture<>();
            // Each outer body awaits an inner body, which needs a thread of its own: with two
            // threads, both outer bodies hold them, and the inner bodies wait in the queue.
            MockTask<String> first = MockTask.spawn(AsyncEngine.threadFuture(() -> {
                Async.await(gate1);
                return Async.await(AsyncEngine.threadFuture(() -> "inner", pool));
            }, pool));
            MockTask<String> second = MockTask.spawn(AsyncEngine.threadFuture(() -> {
                Async.await(gate2);
                return Async.await(AsyncEngine.threadFuture(() -> "inner", pool));
            }, pool));
            MockTask<String> third = MockTask.spawn(AsyncEngine.threadFuture(() -> Async.await(never), pool));
            assertPending(first.poll());
            assertPending(second.poll());
            pollUntil(first, gate1::hasWaker); // both outer bodies hold a thread now
            pollUntil(second, gate2::hasWaker);
            gate1.complete("go");
            gate2.complete("go");
            pollUntil(first, () -> pool.queued() >= 1);
            pollUntil(second, () -> pool.queued() >= 2);
            soon().until(() -> reports.size() == 1);
            assertPending(third.poll()); // queues a third body: still one report
            assertEquals(1, reports.size());
            String report = reports.get(0);
            assertTrue(report.contains("-Ddev.pollbridge.async.maxPlatformThreads=N (now 2)"), report);
            assertTrue(report.contains("all 2 threads"), report);
            first.close();
            second.close();
            third.close();
        }
    }

    @Test
    void anAbortedTasksHandleCompletesOnlyAfterTheBodyItAwaitedUnwound() {
        // The body is nested: the outer body awaits an inner one, both run, the task is aborted.
        ProbeFuture<String> innermost = new ProbeFuture<>();
        AtomicBoolean innerFinally = new AtomicBoolean();
        PollFuture<String> inner = body(innermost, innerFinally, null);
        JoinHandle<String> handle = runtime.spawn(Async.run(() -> Async.await(inner)));
        soon().until(innermost::hasWaker);
        handle.abort();
        assertThrows(CancellationException.class, () -> runtime.blockOn(handle));
        assertTrue(innerFinally.get());
        assertSame(0L, runtime.metrics().unwindingBodies());
    }
}
