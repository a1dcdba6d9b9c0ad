package dev.pollbridge.runtime.async;

import dev.pollbridge.runtime.Async;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.internal.async.AsyncEngine;
import dev.pollbridge.runtime.internal.async.PooledLauncher;
import dev.pollbridge.runtime.task.Coop;
import dev.pollbridge.runtime.task.TaskLocal;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What issue 23 asks of both modes: the mode in force, a refused yield (an await in a static
 * initializer), the budget, task-locals that do not leak, a graceful shutdown from a body (issue
 * 24, item 3) and tryEmit items closed unread (issue 24, item 5). Each test runs in the mode of
 * its JVM (continuation mode on JDK 21+ with the export, thread mode otherwise, and CI runs this
 * class in both); tests of a refused yield make each engine explicitly.
 */
@Timeout(60)
class AsyncModesTest {

    private static final PooledLauncher POOL = new PooledLauncher(4, "async-modes-");

    @AfterAll
    static void closePool() {
        POOL.close();
    }

    private static boolean continuationsAvailable() {
        return AsyncEngine.continuationsUnavailable() == null;
    }

    @Test
    void theModeIsChosenOnceAndSaysWhatRunsTheBodies() {
        AsyncMode mode = Async.mode();
        assertSame(mode, Async.mode());
        if ("threads".equals(System.getProperty(AsyncEngine.MODE_PROPERTY))) {
            assertTrue(mode.usesThreads());
        } else {
            assertEquals(continuationsAvailable(), mode == AsyncMode.CONTINUATION, AsyncEngine.continuationsUnavailable());
        }
        if (java.lang.Runtime.version().feature() < 21) {
            assertEquals(AsyncMode.PLATFORM_THREAD, mode);
        }
        String where = Thread.currentThread().getName();
        String ranOn = PollRuntime.shared().blockOn(Async.run(() -> Thread.currentThread().getName()));
        assertEquals(mode == AsyncMode.CONTINUATION, ranOn.equals(where), ranOn); // blockOn's thread is the owner
    }

    @Test
    void theFlagNamesThisModule() {
        assertEquals("--add-exports java.base/jdk.internal.vm=ALL-UNNAMED", AsyncEngine.enablingFlag());
    }

    // ---- rule A7: an await the JVM cannot suspend ----

    /** Awaits a pending future inside its static initializer; records how the await ended. */
    static final class AwaitsInContinuationInit {
        static final AtomicReference<Object> OUTCOME = new AtomicReference<>();
        static final ProbeFuture<String> PENDING = new ProbeFuture<>();

        static {
            try {
                OUTCOME.set(Async.await(PENDING));
            } catch (RuntimeException refused) {
                OUTCOME.set(refused);
            }
        }

        static Object touch() {
            return OUTCOME.get();
        }
    }

    /** What the thread-mode initializer awaits; outside that class, so that the test can touch it. */
    static final Promise THREAD_INIT_GATE = new Promise();

    /** The same, for a thread-mode body. */
    static final class AwaitsInThreadInit {
        static final AtomicReference<Object> OUTCOME = new AtomicReference<>();

        static {
            OUTCOME.set(Async.await(THREAD_INIT_GATE));
        }

        static Object touch() {
            return OUTCOME.get();
        }
    }

    /** A future made ready by hand from another thread. */
    static final class Promise implements PollFuture<String> {
        private volatile String value;
        private volatile dev.pollbridge.api.Waker waker;

        @Override
        public Poll<String> poll(Context cx) {
            waker = cx.waker();
            return value == null ? Poll.pending() : Poll.ready(value);
        }

        void complete(String v) {
            value = v;
            dev.pollbridge.api.Waker w = waker;
            if (w != null) {
                w.wake();
            }
        }
    }

    @Test
    void anAwaitInAStaticInitializerFailsClearlyInContinuationMode() {
        assumeTrue(continuationsAvailable(), "continuation mode needs JDK 21+ with the export");
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("pinned-").build()) {
            Object outcome = runtime.blockOn(runtime.spawn(AsyncEngine.continuationFuture(AwaitsInContinuationInit::touch)));
            IllegalStateException refused = assertInstanceOf(IllegalStateException.class, outcome);
            assertTrue(refused.getMessage().contains("pinned: NATIVE") && refused.getMessage().contains("class initializer")
                    && refused.getMessage().contains("The awaited future was closed"), refused.getMessage());
            assertEquals(1, AwaitsInContinuationInit.PENDING.closes(), "the await owned the future and closed it");
            // The worker is not hung: it runs the next task.
            assertEquals("next", runtime.blockOn(runtime.spawn(Futures.ready("next"))));
        }
    }

    @Test
    void anAwaitInAStaticInitializerWaitsInThreadMode() throws Exception {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("clinit-").build()) {
            JoinHandle<Object> handle = runtime.spawn(AsyncEngine.threadFuture(AwaitsInThreadInit::touch, POOL));
            await().until(() -> THREAD_INIT_GATE.waker != null); // the initializer's await was polled
            THREAD_INIT_GATE.complete("initialized");
            assertEquals("initialized", runtime.blockOn(handle));
        }
    }

    // ---- task rule T12: a continuation resumes on the thread it suspended on ----

    /** Records the thread of each poll, from outside the body's continuation (a fresh read). */
    private static final class PollThreads<T> implements PollFuture<T> {
        final PollFuture<T> inner;
        final List<Thread> threads = new CopyOnWriteArrayList<>();

        PollThreads(PollFuture<T> inner) {
            this.inner = inner;
        }

        @Override
        public Poll<T> poll(Context cx) {
            threads.add(Thread.currentThread());
            return inner.poll(cx);
        }

        @Override
        public void close() {
            inner.close();
        }
    }

    @Test
    void aContinuationBodyResumesOnlyOnTheWorkerItSuspendedOn() throws Exception {
        assumeTrue(Async.mode() == AsyncMode.CONTINUATION, "continuation mode");
        // Wakes come from another thread, so the task is queued where any worker may take it;
        // the body's hot loop is compiled, where the JIT keeps Thread.currentThread() across a
        // yield. Without rule T12 the body would resume on the other worker and see a stale thread.
        int rounds = 5_000;
        try (PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("home-").build()) {
            java.util.concurrent.ExecutorService completer = java.util.concurrent.Executors.newSingleThreadExecutor();
            try {
                AtomicInteger staleOrMoved = new AtomicInteger();
                PollThreads<Integer> owner = new PollThreads<>(Async.run(() -> {
                    Thread first = Thread.currentThread();
                    for (int i = 0; i < rounds; i++) {
                        Promise gate = new Promise();
                        completer.execute(() -> gate.complete("x"));
                        Async.await(gate);
                        if (Thread.currentThread() != first) {
                            staleOrMoved.incrementAndGet();
                        }
                    }
                    return staleOrMoved.get();
                }));
                assertEquals(0, runtime.blockOn(runtime.spawn(owner)));
                assertEquals(1, new java.util.HashSet<>(owner.threads).size(),
                        "every poll of the body ran on its home worker: " + new java.util.HashSet<>(owner.threads));
            } finally {
                completer.shutdownNow();
            }
        }
    }

    // ---- rule A3: the owner's budget ----

    @Test
    void coopInsideABodySpendsItsOwnersBudget() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("coop-body-").build()) {
            AtomicBoolean neighbourRan = new AtomicBoolean();
            AtomicBoolean sawSpentBudget = new AtomicBoolean();
            AtomicBoolean neighbourRanBeforeTheEnd = new AtomicBoolean();
            JoinHandle<Integer> body = runtime.spawn(Async.run(() -> {
                runtime.spawn(cx -> {
                    neighbourRan.set(true);
                    return Poll.ready(null);
                }).close();
                for (int i = 0; i < 1_000; i++) {
                    Async.await(Coop.consumeBudget()); // ready while the budget lasts: no suspension
                    if (!Coop.hasBudgetRemaining()) {
                        sawSpentBudget.set(true);
                    }
                }
                neighbourRanBeforeTheEnd.set(neighbourRan.get());
                return 1_000;
            }));
            assertEquals(1_000, runtime.blockOn(body));
            assertTrue(neighbourRanBeforeTheEnd.get(), "the body gave its worker away when its owner's budget was spent");
            if (Async.mode() == AsyncMode.CONTINUATION) {
                assertTrue(sawSpentBudget.get(), "Coop in the body reads its owner's budget");
            }
        }
    }

    // ---- rule A4: task-locals stay with the body ----

    private static final TaskLocal<String> LOCAL = TaskLocal.create("async-modes");

    @Test
    void aTaskLocalABodyBindsAroundAnAwaitDoesNotLeakIntoTheWorkersNextTask() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("local-leak-").build()) {
            ProbeFuture<String> gate = new ProbeFuture<>();
            List<String> bodySaw = new CopyOnWriteArrayList<>();
            JoinHandle<String> body = runtime.spawn(Async.run(() -> LOCAL.syncScope("body's", () -> {
                bodySaw.add(LOCAL.getOrNull());
                String value = Async.await(gate); // suspends with the binding in force
                bodySaw.add(LOCAL.getOrNull());
                return value;
            })));
            await().until(gate::hasWaker);
            assertNull(runtime.blockOn(runtime.spawn(cx -> Poll.ready(LOCAL.getOrNull()))), "the worker's next task sees nothing");
            gate.complete("go");
            assertEquals("go", runtime.blockOn(body));
            assertEquals(List.of("body's", "body's"), bodySaw, "the body keeps its own binding across the await");
        }
    }

    // ---- issue 24, item 3 ----

    @Test
    @Timeout(30)
    void aGracefulShutdownCalledFromABodyDoesNotWaitForItsOwnTask() {
        PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("shutdown-from-body-").build();
        try {
            JoinHandle<Boolean> body = runtime.spawn(Async.run(() -> runtime.shutdownGracefully(Duration.ofMinutes(5))));
            // Waiting for its own task would take the whole five minutes (and time this test out).
            await().atMost(Duration.ofSeconds(20)).until(body::isFinished);
            assertTrue(runtime.isClosed());
        } finally {
            runtime.close();
        }
    }

    // ---- issue 24, item 5: a tryEmit item nobody reads is closed ----

    @Test
    void anItemTryEmitHandedOverIsClosedWhenTheConsumerClosesTheStreamUnread() {
        AtomicReference<AsyncEmitter<AutoCloseable>> emitter = new AtomicReference<>();
        ProbeFuture<String> never = new ProbeFuture<>();
        PollStream<AutoCloseable> stream = Async.stream(e -> {
            emitter.set(e);
            Async.await(never);
        });
        AtomicInteger closes = new AtomicInteger();
        MockStreamTask<AutoCloseable> consumer = MockStreamTask.spawn(stream);
        assertTrue(consumer.pollNext().isPending()); // demand: the consumer waits for an item
        await().until(() -> {
            if (consumer.isWoken()) {
                assertTrue(consumer.pollNext().isPending()); // thread mode: serves the body's await
            }
            return never.hasWaker();
        });
        assertTrue(emitter.get().tryEmit(closes::incrementAndGet), "accepted: the consumer waits for an item");
        consumer.close(); // unread
        await().until(() -> closes.get() == 1);
        assertFalse(emitter.get().tryEmit(closes::incrementAndGet));
        assertEquals(1, closes.get());
    }

    // ---- misuse ----

    @Test
    void anAwaitFromInsideAPollTheBodyMakesIsRefused() {
        AtomicReference<Throwable> refused = new AtomicReference<>();
        PollFuture<String> sneaky = cx -> {
            try {
                return Poll.ready(Async.await(Futures.ready("inner")));
            } catch (IllegalStateException e) {
                refused.set(e);
                return Poll.ready("refused");
            }
        };
        String value = PollRuntime.shared().blockOn(Async.run(() -> Async.await(sneaky)));
        // Both modes: the poll of what a body awaits is its owner's, where there is no body to suspend.
        assertEquals("refused", value);
        assertTrue(refused.get().getMessage().contains("outside an Async body"), refused.get().getMessage());
    }

    @Test
    void aClosedBodyUnwindsAndLaterAwaitsFailAtOnce() {
        ProbeFuture<String> pending = new ProbeFuture<>();
        List<String> events = new CopyOnWriteArrayList<>();
        PollFuture<String> future = Async.run(() -> {
            try {
                return Async.await(pending);
            } catch (CancellationException cancelled) {
                events.add("cancelled");
                try {
                    Async.await(Futures.ready("late"));
                } catch (CancellationException again) {
                    events.add("cleanup await failed at once");
                }
                throw cancelled;
            } finally {
                events.add("finally on " + (Thread.currentThread().getName().startsWith("pollbridge-async-") ? "body thread" : "closer"));
            }
        });
        MockTask<String> owner = MockTask.spawn(future);
        assertTrue(owner.poll().isPending());
        await().until(() -> {
            if (owner.isWoken()) {
                assertTrue(owner.poll().isPending()); // thread mode: serves the body's await
            }
            return pending.hasWaker();
        });
        owner.close();
        await().until(() -> events.size() == 3);
        assertEquals("cancelled", events.get(0));
        assertEquals("cleanup await failed at once", events.get(1));
        assertEquals(Async.mode() == AsyncMode.CONTINUATION ? "finally on closer" : "finally on body thread", events.get(2));
        assertEquals(1, pending.closes());
        assertThrows(IllegalStateException.class, () -> Async.await(Futures.ready(1)));
    }
}
