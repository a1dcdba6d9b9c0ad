package dev.pollbridge.completablefuture;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.MockTask;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@code CompletableFuture} forwarder under the one policy for errors after cancellation, and
 * closing a future made from a minimal stage.
 */
class ErrorsAfterCancelAndMinimalStageTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("cf-after-cancel-").uncaughtFailureHandler(uncaught::add)
                .build();
    }

    @AfterEach
    void stop() {
        runtime.close();
    }

    @Test
    void aFutureThatFailsAsItsCompletableFutureIsCancelledIsReportedOnce() {
        IllegalStateException boom = new IllegalStateException("failed as the caller cancelled");
        CancellingSource failing = new CancellingSource(boom);
        failing.start(CompletableFutureBridge.toCompletableFuture(failing, runtime));
        await().atMost(WAIT).until(() -> failing.result.get().isCancelled());
        await().atMost(WAIT).until(() -> !uncaught.isEmpty());
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(List.of(boom), uncaught, "reported exactly once, to the runtime's handler");
    }

    @Test
    void theCancellationItselfStaysSilent() {
        CancellingSource cancelled = new CancellingSource(new CancellationException("the cancellation itself"));
        cancelled.start(CompletableFutureBridge.toCompletableFuture(cancelled, runtime));
        await().atMost(WAIT).until(() -> cancelled.result.get().isCancelled());
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(List.of(), uncaught);
    }

    /**
     * A future that waits until it knows its {@code CompletableFuture}, then, in one poll, has the
     * caller cancel that and fails: the failure comes after the cancellation.
     */
    private static final class CancellingSource implements PollFuture<String> {
        final AtomicReference<CompletableFuture<String>> result = new AtomicReference<>();
        private final AtomicReference<Waker> waker = new AtomicReference<>();
        private final Throwable failure;

        CancellingSource(Throwable failure) {
            this.failure = failure;
        }

        void start(CompletableFuture<String> spawned) {
            result.set(spawned);
            Waker registered = waker.getAndSet(null);
            if (registered != null) {
                registered.wake();
            }
        }

        @Override
        public Poll<String> poll(Context cx) {
            waker.set(cx.waker()); // register, then check (rule 6)
            CompletableFuture<String> known = result.get();
            if (known == null) {
                return Poll.pending();
            }
            known.cancel(false);
            return Poll.failed(failure);
        }
    }

    /**
     * Issue 24, item 16: under {@code CancelPolicy.DETACH} a stage that fails after its future was
     * closed failed silently; it is an error after cancellation like any other, so it goes to the
     * handler of the runtime that polled the future, once, and the cancellation itself stays
     * silent. A value after the close is dropped, and not closed: the stage is shared.
     */
    @Test
    void aDetachedStageThatFailsAfterTheCloseIsReportedOnceAndItsCancellationIsNot() {
        CompletableFuture<String> failing = new CompletableFuture<>();
        JoinHandle<Boolean> polledOnce = runtime.spawn(new PollOnceThenClose(
                CompletableFutureBridge.toPollFuture(failing, CancelPolicy.DETACH)));
        assertTrue(runtime.blockOn(polledOnce), "the future was pending, then closed");
        IllegalStateException late = new IllegalStateException("failed after the close");
        failing.completeExceptionally(late);
        await().atMost(WAIT).until(() -> !uncaught.isEmpty());
        assertEquals(List.of(late), uncaught, "reported once, unwrapped, to the runtime that polled it");
        assertFalse(failing.isCancelled(), "DETACH leaves the stage alone");

        CompletableFuture<String> cancelled = new CompletableFuture<>();
        assertTrue(runtime.blockOn(runtime.spawn(new PollOnceThenClose(
                CompletableFutureBridge.toPollFuture(cancelled, CancelPolicy.DETACH)))));
        cancelled.cancel(false); // by its other owner
        CompletableFuture<AutoCloseable> valued = new CompletableFuture<>();
        assertTrue(runtime.blockOn(runtime.spawn(new PollOnceThenClose(
                CompletableFutureBridge.toPollFuture(valued, CancelPolicy.DETACH)))));
        boolean[] closed = {false};
        valued.complete(() -> closed[0] = true);
        assertEquals(List.of(late), uncaught, "the cancellation itself and a value are not reported");
        assertFalse(closed[0], "a shared stage's value is not the future's to close");
    }

    /** Polls its future once inside a task (it must be pending), closes it, and is ready with true. */
    private static final class PollOnceThenClose implements PollFuture<Boolean> {
        private final PollFuture<?> future;

        PollOnceThenClose(PollFuture<?> future) {
            this.future = future;
        }

        @Override
        public Poll<Boolean> poll(Context cx) {
            boolean pending = future.poll(cx).isPending();
            future.close();
            return Poll.ready(pending);
        }
    }

    /**
     * Issue 24, item 12: a JVM-fatal error from the future behind {@code toCompletableFuture}
     * completes the {@code CompletableFuture} exceptionally with it and goes to the runtime's
     * uncaught-failure handler (this adapter's channel) exactly once, without being thrown into
     * the worker; any other {@code Error} is an ordinary failure, as it is for
     * {@code CompletableFuture.supplyAsync}, and is not reported.
     */
    @Test
    void aFatalErrorFromTheFutureCompletesExceptionallyAndIsReportedOnceAnOrdinaryErrorIsNot() {
        LinkageError fatal = new NoClassDefFoundError("com/example/Missing");
        PollFuture<String> broken = cx -> {
            throw fatal;
        };
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(broken, runtime);
        Throwable seen = org.junit.jupiter.api.Assertions.assertThrows(Throwable.class, result::join);
        assertSame(fatal, seen instanceof java.util.concurrent.CompletionException ? seen.getCause() : seen);
        await().atMost(WAIT).until(() -> !uncaught.isEmpty());
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(List.of(fatal), uncaught, "reported once, to the runtime's handler");

        uncaught.clear();
        AssertionError ordinary = new AssertionError("an ordinary Error");
        PollFuture<String> failing = cx -> {
            throw ordinary;
        };
        CompletableFuture<String> failed = CompletableFutureBridge.toCompletableFuture(failing, runtime);
        Throwable thrown = org.junit.jupiter.api.Assertions.assertThrows(Throwable.class, failed::join);
        assertSame(ordinary, thrown.getCause());
        await().atMost(WAIT).until(() -> runtime.metrics().tasksAlive() == 0);
        assertEquals(42, runtime.blockOn(runtime.spawn(dev.pollbridge.api.Futures.lazy(() -> 42))));
        assertEquals(List.of(), uncaught, "the CompletableFuture took it: nothing to report");
    }

    @Test
    void closingAFutureOfAMinimalStageDetachesItAndCannotReachItsSource() {
        CompletableFuture<String> source = new CompletableFuture<>();
        CompletionStage<String> minimal = source.minimalCompletionStage();
        MockTask<String> task = MockTask.spawn(CompletableFutureBridge.toPollFuture(minimal));
        assertPending(task.poll());
        task.close(); // CANCEL_SOURCE, but a minimal stage cannot be cancelled
        assertFalse(source.isDone(), "the source is not reachable from its minimal stage");
        assertEquals(1, source.getNumberOfDependents(), "nothing but its minimal stage depends on the source");
        assertTrue(source.complete("late"));
        assertEquals("late", minimal.toCompletableFuture().join(), "the minimal stage completes as usual");
        assertEquals(0, task.wakeCount(), "the closed future drops the outcome");
        assertEquals(List.of(), uncaught, "detaching is no error");

        // Passing the CompletableFuture itself cancels it, as CancelPolicy.CANCEL_SOURCE says.
        CompletableFuture<String> owned = new CompletableFuture<>();
        MockTask<String> cancelling = MockTask.spawn(CompletableFutureBridge.toPollFuture(owned));
        assertPending(cancelling.poll());
        cancelling.close();
        assertTrue(owned.isCancelled());
    }

    @Test
    void anExecutionExceptionIsStrippedSoBlockOnThrowsTheRealFailure() {
        IllegalStateException real = new IllegalStateException("the real failure");
        CompletableFuture<String> viaGet = new CompletableFuture<>();
        viaGet.completeExceptionally(new java.util.concurrent.ExecutionException(real)); // as Future.get() bridges do
        IllegalStateException thrown = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> runtime.blockOn(CompletableFutureBridge.toPollFuture(viaGet)));
        assertSame(real, thrown, "not CompletionException(ExecutionException(real))");
    }
}
