package dev.pollbridge.runtime.async;

import dev.pollbridge.runtime.Async;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.internal.async.AsyncEngine;
import dev.pollbridge.runtime.sync.Promise;
import dev.pollbridge.test.MockTask;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Rule A9: a continuation-mode body resumes only on the thread it suspended on, or anywhere once
 * that thread has ended. The runtime keeps it by itself (task rule T12, and {@code PollRuntime.close()}
 * joins its workers before it closes their tasks); a poll or a close away from a live home thread
 * fails clearly instead of resuming the body there. Continuation mode made explicitly, so these
 * run in both modes of CI's JDK 25 pass.
 */
@Timeout(60)
class AsyncHomeThreadTest {

    private static final Context CX = Context.of(() -> {});

    @BeforeEach
    void continuations() {
        assumeTrue(AsyncEngine.continuationsUnavailable() == null, "continuation mode is available");
    }

    /** A pending future that records its close. */
    private static final class Pending implements PollFuture<String> {
        final AtomicBoolean closed = new AtomicBoolean();

        @Override
        public Poll<String> poll(Context cx) {
            return Poll.pending();
        }

        @Override
        public void close() {
            closed.set(true);
        }
    }

    private static ExecutorService home() {
        return Executors.newSingleThreadExecutor(r -> new Thread(r, "home"));
    }

    @Test
    void aPollAwayFromALiveHomeThreadFailsClearlyAndLeavesTheBodyAsItWas() throws Exception {
        Promise<String> promise = Promise.create();
        PollFuture<String> reader = promise.future();
        MockTask<String> task = MockTask.spawn(AsyncEngine.continuationFuture(() -> Async.await(reader) + "!"));
        ExecutorService home = home();
        try {
            assertTrue(home.submit(task::poll).get().isPending());
            IllegalStateException refused = assertThrows(IllegalStateException.class, task::poll);
            assertTrue(refused.getMessage().contains("suspended on thread 'home', which is still running"), refused.getMessage());
            promise.complete("x");
            assertEquals("x!", home.submit(() -> task.poll().value()).get(), "the body goes on at home");
        } finally {
            home.shutdown();
        }
    }

    @Test
    void aCloseAwayFromALiveHomeThreadStillUnwindsTheBodyInsideClose() throws Exception {
        Pending pending = new Pending();
        AtomicBoolean cleanedUp = new AtomicBoolean();
        AtomicReference<Throwable> awaitInCleanup = new AtomicReference<>();
        PollFuture<String> future = AsyncEngine.continuationFuture(() -> {
            try {
                return Async.await(pending);
            } finally {
                try {
                    Async.await(new Pending()); // cleanup cannot wait: throws at once, for this body
                } catch (Throwable expected) {
                    awaitInCleanup.set(expected);
                }
                cleanedUp.set(true);
            }
        });
        ExecutorService home = home();
        try {
            assertTrue(home.submit(() -> future.poll(CX)).get().isPending());
            future.close(); // close never waits for the home thread (rule 11), and must release what the body holds
            assertTrue(pending.closed.get(), "the awaited future was closed");
            assertTrue(cleanedUp.get(), "the body unwound inside close()");
            assertTrue(awaitInCleanup.get() instanceof CancellationException, String.valueOf(awaitInCleanup.get()));
            assertThrows(IllegalStateException.class, () -> future.poll(CX), "closed");
        } finally {
            home.shutdown();
        }
    }

    @Test
    void aBodyWhoseHomeThreadEndedResumesOnTheThreadThatPollsItNext() throws Exception {
        Promise<String> promise = Promise.create();
        PollFuture<String> reader = promise.future();
        PollFuture<String> future = AsyncEngine.continuationFuture(() -> Async.await(reader) + "!");
        pollOnAThreadThatEnds(future);
        promise.complete("x");
        assertEquals("x!", future.poll(CX).value());
    }

    @Test
    void aCloseAfterTheHomeThreadEndedUnwindsTheBodyInsideClose() throws Exception {
        Pending pending = new Pending();
        AtomicBoolean cleanedUp = new AtomicBoolean();
        PollFuture<String> future = AsyncEngine.continuationFuture(() -> {
            try {
                return Async.await(pending);
            } finally {
                cleanedUp.set(true);
            }
        });
        pollOnAThreadThatEnds(future);
        future.close();
        assertTrue(pending.closed.get());
        assertTrue(cleanedUp.get(), "the finally block ran inside close()");
    }

    private static void pollOnAThreadThatEnds(PollFuture<String> future) throws InterruptedException {
        AtomicReference<Poll<String>> first = new AtomicReference<>();
        Thread thread = new Thread(() -> first.set(future.poll(CX)), "short-lived");
        thread.start();
        thread.join();
        assertTrue(first.get().isPending());
    }

    @Test
    void runtimeCloseUnwindsSuspendedBodiesAfterItsWorkersEnded() throws Exception {
        Pending pending = new Pending();
        CountDownLatch suspended = new CountDownLatch(1);
        AtomicBoolean cleanedUp = new AtomicBoolean();
        List<Throwable> uncaught = new CopyOnWriteArrayList<>();
        PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("home-close-")
                .uncaughtFailureHandler(uncaught::add).build();
        JoinHandle<String> handle = runtime.spawn(AsyncEngine.continuationFuture(() -> {
            try {
                suspended.countDown();
                return Async.await(pending);
            } finally {
                cleanedUp.set(true);
            }
        }));
        assertTrue(suspended.await(10, TimeUnit.SECONDS));
        runtime.close(); // joins the workers, then closes the task here: its home thread has ended
        assertTrue(cleanedUp.get(), "the body unwound inside PollRuntime.close()");
        assertTrue(pending.closed.get());
        assertEquals(List.of(), uncaught);
        handle.close();
    }

    @Test
    void aCurrentThreadRuntimeDrivenInTurnFailsATaskWhoseBodySuspendedOnTheOtherDriver() throws Exception {
        List<Throwable> uncaught = new CopyOnWriteArrayList<>();
        try (PollRuntime runtime = PollRuntime.builder().workers(0).uncaughtFailureHandler(uncaught::add).build()) {
            Promise<Void> started = Promise.create();
            PollFuture<Void> startedReader = started.future();
            Promise<String> promise = Promise.create();
            PollFuture<String> reader = promise.future();
            AtomicBoolean cleanedUp = new AtomicBoolean();
            JoinHandle<String> handle = runtime.spawn(AsyncEngine.continuationFuture(() -> {
                try {
                    started.complete(null);
                    return Async.await(reader) + "!";
                } finally {
                    cleanedUp.set(true);
                }
            }));
            CountDownLatch release = new CountDownLatch(1);
            Thread firstDriver = new Thread(() -> {
                runtime.blockOn(startedReader); // drives the task, whose body suspends on this thread
                try {
                    release.await(); // stays alive
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "first-driver");
            firstDriver.start();
            try {
                org.awaitility.Awaitility.await().until(started::isComplete);
                promise.complete("x");
                // This thread drives now: the body is not resumed here, the task fails clearly,
                // and its close unwinds the body (finally blocks run).
                IllegalStateException refused = assertThrows(IllegalStateException.class, () -> runtime.blockOn(handle));
                assertTrue(refused.getMessage().contains("suspended on thread 'first-driver'"), refused.getMessage());
                assertTrue(cleanedUp.get(), "the task's close unwound the body");
            } finally {
                release.countDown();
                firstDriver.join();
            }
        }
    }
}
