package dev.pollbridge.completablefuture;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CompletableFutureFromFutureTest {

    private static final String WORKER_PREFIX = "cf-bridge-test-";
    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static final Queue<Throwable> UNCAUGHT = new ConcurrentLinkedQueue<>();
    private static PollRuntime runtime;

    @BeforeAll
    static void start() {
        runtime = PollRuntime.builder()
                .workers(2)
                .threadNamePrefix(WORKER_PREFIX)
                .uncaughtFailureHandler(UNCAUGHT::add)
                .build();
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    @Test
    void completesWithTheValueAndClosesTheFutureOnce() throws Exception {
        ProbeFuture<String> probe = new ProbeFuture<>();
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(probe, runtime);
        await().atMost(PATIENCE).until(() -> probe.polls() > 0); // spawned at once
        assertFalse(result.isDone());

        probe.complete("value");

        assertEquals("value", result.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        await().atMost(PATIENCE).until(() -> probe.closes() == 1);
        assertFalse(probe.isCancelled());
        assertEquals(0, probe.pollsAfterReady());
    }

    /** The fluent form: {@code future.to(CompletableFutureBridge::toCompletableFuture)}, spawned at once. */
    @Test
    void aFutureReadsLeftToRightAsACompletableFuture() throws Exception {
        ProbeFuture<String> probe = new ProbeFuture<>();
        CompletableFuture<Integer> length = probe.map(String::length)
                .to(future -> CompletableFutureBridge.toCompletableFuture(future, runtime));
        await().atMost(PATIENCE).until(() -> probe.polls() > 0);
        probe.complete("four");
        assertEquals(4, length.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertEquals("ok", Futures.ready("ok").to(CompletableFutureBridge::toCompletableFuture)
                .get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
    }

    @Test
    void aNullValueIsAValue() {
        CompletableFuture<Void> result = CompletableFutureBridge.toCompletableFuture(ProbeFuture.completed(null), runtime);
        assertNull(result.join());
        assertFalse(result.isCompletedExceptionally());
    }

    @Test
    void aFailureCrossesAsItIsAndIsNotReportedTwice() {
        int uncaughtBefore = UNCAUGHT.size();
        IllegalStateException boom = new IllegalStateException("boom");
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(ProbeFuture.failedWith(boom), runtime);

        CompletionException viaJoin = assertThrows(CompletionException.class, result::join);
        assertSame(boom, viaJoin.getCause());
        ExecutionException viaGet = assertThrows(ExecutionException.class, result::get);
        assertSame(boom, viaGet.getCause());
        assertFalse(result.isCancelled());
        assertSame(boom, CompletableFutureBridge.toPollFuture(result).poll(Context.of(Waker.noop())).error(),
                "round trip unwraps");
        assertEquals(uncaughtBefore, UNCAUGHT.size());
    }

    @Test
    void aFutureThatFailsWithCancellationMakesTheResultCancelled() {
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(
                ProbeFuture.failedWith(new CancellationException("gone")), runtime);
        await().atMost(PATIENCE).until(result::isDone);
        assertTrue(result.isCancelled());
    }

    @Test
    void cancelAbortsTheTaskWhichClosesTheFutureExactlyOnce() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(probe, runtime);
        AtomicInteger completions = new AtomicInteger();
        result.whenComplete((value, error) -> completions.incrementAndGet());
        await().atMost(PATIENCE).until(() -> probe.polls() > 0);

        assertTrue(result.cancel(true));
        result.cancel(true); // a second cancel changes nothing: the task is aborted once

        await().atMost(PATIENCE).until(probe::isClosed);
        await().during(Duration.ofMillis(100)).atMost(PATIENCE).until(() -> probe.closes() == 1);
        assertTrue(probe.isCancelled());
        assertTrue(result.isCancelled());
        assertEquals(1, completions.get());
    }

    static Stream<Arguments> callerCompletions() {
        return Stream.of(
                completion("complete", cf -> cf.complete("caller")),
                completion("completeExceptionally", cf -> cf.completeExceptionally(new IllegalStateException())),
                completion("obtrudeValue", cf -> cf.obtrudeValue("caller")),
                completion("obtrudeException", cf -> cf.obtrudeException(new IllegalStateException())),
                completion("completeAsync", cf -> cf.completeAsync(() -> "caller")),
                completion("orTimeout", cf -> cf.orTimeout(1, TimeUnit.MILLISECONDS)),
                completion("completeOnTimeout", cf -> cf.completeOnTimeout("caller", 1, TimeUnit.MILLISECONDS)));
    }

    private static Arguments completion(String name, Consumer<CompletableFuture<String>> action) {
        return Arguments.of(name, action);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("callerCompletions")
    void completingTheResultByHandAbortsTheTask(String name, Consumer<CompletableFuture<String>> action) {
        ProbeFuture<String> probe = new ProbeFuture<>();
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(probe, runtime);
        await().atMost(PATIENCE).until(() -> probe.polls() > 0);

        action.accept(result);

        await().atMost(PATIENCE).until(probe::isClosed);
        assertTrue(probe.isCancelled(), name + " left the task running");
        assertEquals(1, probe.closes());
        assertTrue(result.isDone());
    }

    @Test
    void derivedStagesArePlainAndCancellingThemDoesNotReachTheTask() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(probe, runtime);
        CompletableFuture<Integer> derived = result.thenApply(String::length);
        assertSame(CompletableFuture.class, derived.getClass());

        assertTrue(derived.cancel(true));
        probe.complete("still runs");

        assertEquals("still runs", result.join());
        await().atMost(PATIENCE).until(() -> probe.closes() == 1);
        assertFalse(probe.isCancelled());
    }

    @Test
    void dependentsRunOnTheCompletingWorkerOrOnTheCallerOnceComplete() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(probe, runtime);
        AtomicReference<String> registeredBefore = new AtomicReference<>();
        CompletableFuture<Void> before = result.thenAccept(v -> registeredBefore.set(Thread.currentThread().getName()));

        probe.complete("x");
        before.join();
        assertTrue(registeredBefore.get().startsWith(WORKER_PREFIX), registeredBefore.get());

        AtomicReference<Thread> registeredAfter = new AtomicReference<>();
        result.thenAccept(v -> registeredAfter.set(Thread.currentThread())).join();
        assertSame(Thread.currentThread(), registeredAfter.get());
    }

    @Test
    void theRuntimeExecutorRunsAsyncStagesOnItsWorkers() {
        CompletableFuture<String> onRuntime = CompletableFuture.completedFuture("x")
                .thenApplyAsync(v -> Thread.currentThread().getName(), runtime.executor());
        assertTrue(onRuntime.join().startsWith(WORKER_PREFIX), onRuntime.join());

        CompletableFuture<String> supplied = CompletableFuture.supplyAsync(() -> "supplied", runtime.executor());
        assertEquals("supplied", supplied.join());
    }

    @Test
    void aClosedRuntimeRejectsAndTheFutureIsClosedOnce() {
        PollRuntime closed = PollRuntime.builder().workers(1).build();
        closed.close();
        ProbeFuture<String> probe = new ProbeFuture<>();
        assertThrows(RejectedExecutionException.class, () -> CompletableFutureBridge.toCompletableFuture(probe, closed));
        assertEquals(1, probe.closes());
    }

    @Test
    void closingTheRuntimeCancelsTheResultInsteadOfLeavingItHanging() {
        PollRuntime own = PollRuntime.builder().workers(1).build();
        ProbeFuture<String> probe = new ProbeFuture<>();
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(probe, own);
        await().atMost(PATIENCE).until(() -> probe.polls() > 0);

        own.close();

        await().atMost(PATIENCE).until(result::isDone);
        assertTrue(result.isCancelled());
        assertEquals(1, probe.closes());
    }

    @Test
    void aJoinHandleIsForwardedAndCancelAbortsItsTask() {
        ProbeFuture<String> first = new ProbeFuture<>();
        JoinHandle<String> handle = runtime.spawn(first);
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(handle);
        first.complete("joined");
        assertEquals("joined", result.join());

        ProbeFuture<String> second = new ProbeFuture<>();
        CompletableFuture<String> cancelled = CompletableFutureBridge.toCompletableFuture(runtime.spawn(second));
        await().atMost(PATIENCE).until(() -> second.polls() > 0);
        assertTrue(cancelled.cancel(false));
        await().atMost(PATIENCE).until(second::isClosed);
        assertTrue(second.isCancelled(), "cancel aborted the task rather than detaching it");
        assertEquals(1, second.closes());
    }

    @Test
    void anAbortByTheHandleOwnerCancelsTheResult() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        JoinHandle<String> handle = runtime.spawn(probe);
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(handle);
        handle.abort();
        await().atMost(PATIENCE).until(result::isDone);
        assertTrue(result.isCancelled());
        await().atMost(PATIENCE).until(() -> probe.closes() == 1);
    }

    @Test
    void aJoinHandleSeenAsAPollFutureIsNotSpawnedTwice() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        PollFuture<String> handle = runtime.spawn(probe);
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(handle, runtime);
        await().atMost(PATIENCE).until(() -> probe.polls() > 0);
        result.cancel(false);
        await().atMost(PATIENCE).until(probe::isClosed);
        assertTrue(probe.isCancelled(), "cancel reached the task, not just the handle");
    }

    @Test
    void aRoundTripCarriesCancellationBackToTheTaskOnce() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        PollFuture<String> roundTrip = CompletableFutureBridge.toPollFuture(
                CompletableFutureBridge.toCompletableFuture(probe, runtime));
        try (MockTask<String> task = MockTask.spawn(roundTrip)) {
            assertPending(task.poll());
        } // close: CANCEL_SOURCE cancels the CompletableFuture, which aborts the task

        await().atMost(PATIENCE).until(probe::isClosed);
        assertTrue(probe.isCancelled());
        assertEquals(1, probe.closes());
    }

    @Test
    void aDetachedRoundTripLeavesTheTaskRunning() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(probe, runtime);
        try (MockTask<String> task = MockTask.spawn(CompletableFutureBridge.toPollFuture(result, CancelPolicy.DETACH))) {
            assertPending(task.poll());
        }

        assertFalse(result.isDone());
        probe.complete("finished anyway");
        assertEquals("finished anyway", result.join());
        await().atMost(PATIENCE).until(() -> probe.closes() == 1);
        assertFalse(probe.isCancelled());
    }

    @Test
    void rejectsNullArguments() {
        assertThrows(NullPointerException.class, () -> CompletableFutureBridge.toCompletableFuture((PollFuture<String>) null));
        assertThrows(NullPointerException.class, () -> CompletableFutureBridge.toCompletableFuture((JoinHandle<String>) null));
        assertThrows(NullPointerException.class,
                () -> CompletableFutureBridge.toCompletableFuture(new ProbeFuture<String>(), null));
    }

    @Test
    void aTimeoutIsOneOfTheCallerCompletions() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        CompletableFuture<String> result = CompletableFutureBridge.toCompletableFuture(probe, runtime)
                .orTimeout(1, TimeUnit.MILLISECONDS);
        ExecutionException timedOut = assertThrows(ExecutionException.class, result::get);
        assertEquals(TimeoutException.class, timedOut.getCause().getClass());
        await().atMost(PATIENCE).until(probe::isClosed);
        assertEquals(List.of(1, true), List.of(probe.closes(), probe.isCancelled()));
    }
}
