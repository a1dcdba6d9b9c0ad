package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.ProbeFuture;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class PollRuntimeTest {

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("rt-test-").uncaughtFailureHandler(uncaught::add).build();
    }

    @AfterEach
    void stop() {
        runtime.close();
    }

    static <T> PollFuture<T> ready(T value) {
        return cx -> Poll.ready(value);
    }

    @Test
    void spawnedTaskYieldsItsValue() {
        JoinHandle<String> handle = runtime.spawn(ready("x"));
        assertEquals("x", runtime.blockOn(handle));
        assertTrue(handle.isFinished());
    }

    @Test
    void spawnedTaskYieldsItsFailureAndTheWorkerLivesOn() {
        IllegalArgumentException boom = new IllegalArgumentException("boom");
        JoinHandle<String> failing = runtime.spawn(cx -> {
            throw boom;
        });
        assertSame(boom, assertThrows(IllegalArgumentException.class, () -> runtime.blockOn(failing)));
        assertEquals(7, runtime.blockOn(runtime.spawn(ready(7))));
        assertTrue(uncaught.isEmpty(), "a joined failure is not uncaught");
    }

    @Test
    void pendingTaskCompletesWhenWoken() {
        ProbeFuture<Integer> probe = new ProbeFuture<>();
        JoinHandle<Integer> handle = runtime.spawn(probe);
        await().until(() -> probe.polls() == 1);
        assertFalse(handle.isFinished());
        probe.complete(42);
        assertEquals(42, runtime.blockOn(handle));
        assertEquals(1, probe.closes());
        assertEquals(0, probe.pollsAfterReady());
    }

    @Test
    void abortClosesTheFutureOnceAndTheHandleYieldsCancellation() {
        ProbeFuture<Integer> probe = new ProbeFuture<>();
        JoinHandle<Integer> handle = runtime.spawn(probe);
        await().until(() -> probe.polls() == 1);
        handle.abort();
        handle.abort();
        assertThrows(CancellationException.class, () -> runtime.blockOn(handle));
        assertEquals(1, probe.closes());
        assertTrue(probe.isCancelled());
        assertTrue(uncaught.isEmpty(), "cancellation is not a failure to report");
    }

    @Test
    void detachedTaskRunsOnAndItsFailureGoesToTheHandler() {
        ProbeFuture<Integer> probe = new ProbeFuture<>();
        JoinHandle<Integer> handle = runtime.spawn(probe);
        handle.close();
        IOException failure = new IOException("lost");
        probe.fail(failure);
        await().until(() -> uncaught.size() == 1);
        assertSame(failure, uncaught.get(0));
        assertEquals(1, probe.closes());
    }

    @Test
    void detachingAfterAnUnreadFailureReportsIt() {
        JoinHandle<Object> handle = runtime.spawn(cx -> Poll.failed(new IOException("unread")));
        await().until(handle::isFinished);
        handle.close();
        assertEquals(1, uncaught.size());
        assertEquals("unread", uncaught.get(0).getMessage());
    }

    @Test
    void blockOnWrapsCheckedFailuresOnly() {
        IOException checked = new IOException("checked");
        CompletionException wrapped = assertThrows(CompletionException.class,
                () -> runtime.blockOn(ProbeFuture.failedWith(checked)));
        assertSame(checked, wrapped.getCause());
        IllegalStateException unchecked = new IllegalStateException("unchecked");
        assertSame(unchecked, assertThrows(IllegalStateException.class,
                () -> runtime.blockOn(ProbeFuture.failedWith(unchecked))));
    }

    @Test
    void blockOnClosesTheFuture() {
        ProbeFuture<String> probe = ProbeFuture.completed("v");
        assertEquals("v", runtime.blockOn(probe));
        assertEquals(1, probe.closes());
    }

    @Test
    void blockOnWaitsForAWakeFromAnotherThread() throws Exception {
        ProbeFuture<String> probe = new ProbeFuture<>();
        Thread completer = new Thread(() -> {
            await().until(probe::hasWaker);
            probe.complete("late");
        });
        completer.start();
        assertEquals("late", runtime.blockOn(probe));
        completer.join();
    }

    @Test
    void interruptingBlockOnCancelsTheFutureAndKeepsTheInterrupt() throws Exception {
        ProbeFuture<String> never = new ProbeFuture<>();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                runtime.blockOn(never);
            } catch (Throwable e) {
                thrown.set(e);
                stillInterrupted.set(Thread.currentThread().isInterrupted());
            }
        });
        waiter.start();
        await().until(never::hasWaker);
        waiter.interrupt();
        waiter.join(10_000);
        assertInstanceOf(CompletionException.class, thrown.get());
        assertInstanceOf(InterruptedException.class, thrown.get().getCause());
        assertTrue(stillInterrupted.get());
        assertEquals(1, never.closes());
        assertTrue(never.isCancelled());
    }

    @Test
    void blockOnFromAWorkerFailsFast() {
        ProbeFuture<String> inner = new ProbeFuture<>();
        JoinHandle<String> handle = runtime.spawn(cx -> Poll.ready(runtime.blockOn(inner)));
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> runtime.blockOn(handle));
        assertTrue(error.getMessage().contains("inside a task"), error.getMessage());
        assertEquals(1, inner.closes());
    }

    @Test
    void currentIsTheRuntimeOnItsWorkers() {
        JoinHandle<Optional<PollRuntime>> handle = runtime.spawn(cx -> Poll.ready(PollRuntime.current()));
        assertEquals(Optional.of(runtime), runtime.blockOn(handle));
        assertEquals(Optional.empty(), PollRuntime.current());
    }

    @Test
    void executorRunsRunnablesAsTasks() throws Exception {
        CountDownLatch ran = new CountDownLatch(100);
        for (int i = 0; i < 100; i++) {
            runtime.executor().execute(ran::countDown);
        }
        assertTrue(ran.await(10, TimeUnit.SECONDS));
        runtime.executor().execute(() -> {
            throw new IllegalStateException("runnable failed");
        });
        await().until(() -> uncaught.size() == 1);
    }

    @Test
    void spawnBlockingRunsOffTheWorkers() {
        AtomicReference<String> threadName = new AtomicReference<>();
        PollFuture<Integer> future = runtime.spawnBlocking(() -> {
            threadName.set(Thread.currentThread().getName());
            return 5;
        });
        assertEquals(5, runtime.blockOn(future));
        assertTrue(threadName.get().startsWith("rt-test-blocking-"), threadName.get());
    }

    @Test
    void spawnBlockingFailureIsTheFuturesFailure() {
        IOException failure = new IOException("io");
        CompletionException error = assertThrows(CompletionException.class,
                () -> runtime.blockOn(runtime.spawnBlocking(() -> {
                    throw failure;
                })));
        assertSame(failure, error.getCause());
    }

    @Test
    void closingABlockingFutureInterruptsTheWork() {
        CountDownLatch started = new CountDownLatch(1);
        AtomicInteger interrupted = new AtomicInteger();
        PollFuture<Void> future = runtime.spawnBlocking(() -> {
            started.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted.incrementAndGet();
            }
            return null;
        });
        await().until(() -> started.getCount() == 0);
        future.close();
        await().until(() -> interrupted.get() == 1);
    }

    @Test
    void closeRejectsNewWorkAndCancelsPendingTasks() {
        ProbeFuture<Integer> probe = new ProbeFuture<>();
        JoinHandle<Integer> handle = runtime.spawn(probe);
        await().until(() -> probe.polls() == 1);
        runtime.close();
        assertEquals(1, probe.closes());
        assertTrue(handle.isFinished());
        assertThrows(RejectedExecutionException.class, () -> runtime.spawn(ready(1)));
        assertThrows(RejectedExecutionException.class, () -> runtime.executor().execute(() -> {}));
        assertThrows(RejectedExecutionException.class, () -> runtime.spawnBlocking(() -> 1));
        Poll<Integer> joined = handle.poll(Context.of(() -> {}));
        assertInstanceOf(CancellationException.class, joined.error());
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("rt-test-")));
        runtime.close(); // idempotent
    }

    @Test
    void closeFromAWorkerDoesNotDeadlock() {
        ProbeFuture<Integer> other = new ProbeFuture<>();
        runtime.spawn(other);
        await().until(() -> other.polls() == 1);
        JoinHandle<String> closer = runtime.spawn(cx -> {
            runtime.close();
            return Poll.ready("closed");
        });
        await().atMost(Duration.ofSeconds(10)).until(closer::isFinished);
        assertEquals(1, other.closes());
        await().until(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith("rt-test-") && t.isAlive()));
    }

    @Test
    void gracefulShutdownWaitsForTasks() {
        ProbeFuture<Integer> probe = new ProbeFuture<>();
        runtime.spawn(probe);
        await().until(() -> probe.polls() == 1);
        Thread completer = new Thread(() -> probe.complete(1));
        completer.start();
        assertTrue(runtime.shutdownGracefully(Duration.ofSeconds(10)));
        assertEquals(1, probe.closes());
        assertFalse(probe.isCancelled());
    }

    @Test
    void gracefulShutdownGivesUpAtTheDeadline() {
        ProbeFuture<Integer> probe = new ProbeFuture<>();
        runtime.spawn(probe);
        assertFalse(runtime.shutdownGracefully(Duration.ofMillis(50)));
        assertTrue(probe.isCancelled());
    }

    @Test
    void sharedRuntimeCannotBeClosed() {
        PollRuntime shared = PollRuntime.shared();
        assertSame(shared, PollRuntime.shared());
        assertThrows(UnsupportedOperationException.class, shared::close);
        assertEquals(3, shared.blockOn(shared.spawn(ready(3))));
    }

    @Test
    void badInputFailsEarly() {
        assertThrows(NullPointerException.class, () -> runtime.spawn(null));
        assertThrows(NullPointerException.class, () -> runtime.blockOn(null));
        assertThrows(NullPointerException.class, () -> runtime.spawnBlocking(null));
        assertThrows(IllegalArgumentException.class, () -> PollRuntime.builder().workers(-1));
        assertThrows(IllegalArgumentException.class, () -> PollRuntime.builder().slowPollThreshold(Duration.ZERO));
    }

    @Test
    void joinHandlePolledAfterResultThrows() {
        JoinHandle<String> handle = runtime.spawn(ready("once"));
        await().until(handle::isFinished);
        Context cx = Context.of(() -> {});
        assertEquals("once", handle.poll(cx).value());
        assertThrows(IllegalStateException.class, () -> handle.poll(cx));
    }
}
