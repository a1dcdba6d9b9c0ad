package dev.pollbridge.runtime.internal.scheduler;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.LogCapture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.RuntimeHealth;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.internal.async.AsyncEngine;
import dev.pollbridge.runtime.internal.task.Scheduler;
import dev.pollbridge.runtime.internal.task.Task;
import dev.pollbridge.runtime.sync.Promise;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Item 1 of the fault-containment issue, last part: user code cannot kill a worker, but a
 * throwable from the runtime's own code can (an out-of-memory error, say). The runtime notices:
 * the death is logged and counted, the worker no longer counts as searching, and a new thread
 * takes the worker over unless the runtime is stopping. The fault is injected through a task
 * whose scheduler throws when the task completes: code that runs on the worker after every
 * user call of the turn has returned.
 */
@Timeout(30)
class WorkerDeathTest {

    private static final String PREFIX = "worker-death-";

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();

    @Test
    void aWorkerThatDiesAnywayIsLoggedCountedAndReplaced() {
        try (LogCapture log = LogCapture.recording(PREFIX);
                PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix(PREFIX)
                        .uncaughtFailureHandler(uncaught::add).build()) {
            WorkStealingEngine engine = (WorkStealingEngine) runtime.blockOn(cx -> Poll.ready(Engine.current()));
            engine.schedule(new Task<>(1, cx -> Poll.ready("done"), new ThrowingRelease(engine, () -> {}), false));

            await().until(() -> runtime.metrics().deadWorkers() == 1);
            await().until(() -> log.messages().stream().anyMatch(m -> m.startsWith("worker thread " + PREFIX + "worker-")
                    && m.contains("died of java.lang.OutOfMemoryError: injected")
                    && m.contains("task-1.0 was being run")
                    && m.endsWith("replaced by a new thread of the same name")));
            RuntimeHealth.assertTasksRun(runtime, PREFIX, 2);
            // The successor took over the dead thread's place in the idle accounting: once the
            // runtime is quiet, both workers park and nobody counts as searching.
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> engine.idle.parkedNow() == 2 && engine.idle.searchingNow() == 0);
            assertEquals(1, runtime.metrics().deadWorkers());
            assertEquals(List.of(), uncaught);
        }
    }

    @Test
    void aWorkerThatDiesWhileTheRuntimeStopsIsNotReplacedAndCloseStillJoinsIt() throws Exception {
        PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix(PREFIX).uncaughtFailureHandler(uncaught::add).build();
        try (LogCapture log = LogCapture.recording(PREFIX)) {
            WorkStealingEngine engine = (WorkStealingEngine) runtime.blockOn(cx -> Poll.ready(Engine.current()));
            Thread closer = new Thread(runtime::close, "worker-death-closer");
            engine.schedule(new Task<>(1, cx -> Poll.ready("done"), new ThrowingRelease(engine, () -> {
                closer.start();
                await().until(engine::isStopping); // the worker dies during the shutdown
            }), false));

            await().until(() -> closer.getState() != Thread.State.NEW);
            closer.join(10_000);
            assertTrue(!closer.isAlive(), "close() joined the dying worker");
            assertEquals(0, RuntimeHealth.liveWorkers(PREFIX));
            assertEquals(1, runtime.metrics().deadWorkers());
            assertTrue(log.messages().stream().anyMatch(m -> m.contains("died of java.lang.OutOfMemoryError: injected")
                    && m.endsWith("not replaced: the runtime is shutting down")), () -> log.messages().toString());
            assertEquals(List.of(), uncaught);
        } finally {
            runtime.close();
        }
    }

    /**
     * Task rule T12 and a home that died for good: a continuation-mode body suspends on worker A,
     * A dies and cannot be replaced (the thread factory refuses), and the body is woken from
     * outside. The surviving worker must not forward it to A's inbox, which nobody drains any
     * more; A's thread has ended, so by rule A9 the body resumes on the survivor, its new home.
     */
    @Test
    void aContinuationWhoseHomeWorkerDiedUnreplacedResumesOnAnotherWorker() {
        assumeTrue(AsyncEngine.continuationsUnavailable() == null, "continuation mode is available");
        AtomicBoolean refuse = new AtomicBoolean();
        AtomicInteger made = new AtomicInteger();
        ThreadFactory factory = body -> {
            if (refuse.get()) {
                throw new IllegalStateException("injected: no more threads");
            }
            Thread thread = new Thread(body, PREFIX + "factory-" + made.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        try (LogCapture log = LogCapture.recording(PREFIX);
                PollRuntime runtime = PollRuntime.builder().workers(2).threadFactory(factory)
                        .uncaughtFailureHandler(uncaught::add).build()) {
            WorkStealingEngine engine = (WorkStealingEngine) runtime.blockOn(cx -> Poll.ready(Engine.current()));
            Promise<String> promise = Promise.create();
            PollFuture<String> reader = promise.future();
            AtomicReference<Thread> home = new AtomicReference<>();
            JoinHandle<String> handle = runtime.spawn(AsyncEngine.continuationFuture(() -> {
                home.set(Thread.currentThread());
                refuse.set(true);
                // Kills this worker: it completes only here (elsewhere it wakes itself and yields,
                // in case the other worker took it from this one's LIFO slot).
                Thread self = Thread.currentThread();
                PollFuture<String> onlyHere = cx -> {
                    if (Thread.currentThread() == self) {
                        return Poll.ready("done");
                    }
                    cx.waker().wake();
                    return Poll.pending();
                };
                engine.schedule(new Task<>(1, onlyHere, new ThrowingRelease(engine, () -> {}), false));
                return Async.await(reader) + "!";
            }));

            await().until(() -> runtime.metrics().deadWorkers() == 1);
            await().until(() -> log.messages().stream().anyMatch(m -> m.contains("could not be replaced")));
            String dead = log.messages().stream().filter(m -> m.contains("could not be replaced")).findFirst().orElseThrow();
            assertTrue(dead.startsWith("worker thread " + home.get().getName() + " died"),
                    () -> "the body's home worker (" + home.get().getName() + ") died: " + dead);

            promise.complete("x"); // wakes the task from outside: the surviving worker takes it
            assertEquals("x!", runtime.blockOn(handle, Duration.ofSeconds(10)), "the body resumed on the survivor");
            assertEquals(List.of(), uncaught);
        }
    }

    /** An engine whose task release throws, as if the runtime itself ran out of memory there. */
    private static final class ThrowingRelease implements Scheduler {
        private final Engine engine;
        private final Runnable beforeThrowing;

        ThrowingRelease(Engine engine, Runnable beforeThrowing) {
            this.engine = engine;
            this.beforeThrowing = beforeThrowing;
        }

        @Override
        public void schedule(Task<?> task) {
            engine.schedule(task);
        }

        @Override
        public void yieldTask(Task<?> task) {
            engine.yieldTask(task);
        }

        @Override
        public boolean enterRegistry(Task<?> task) {
            return engine.enterRegistry(task);
        }

        @Override
        public void release(Task<?> task) {
            beforeThrowing.run();
            throw new OutOfMemoryError("injected into the runtime's own code");
        }

        @Override
        public long slowPollThresholdNanos() {
            return Long.MAX_VALUE;
        }

        @Override
        public void reportSlowPoll(Task<?> task, long nanos) {}

        @Override
        public void reportUncaught(Throwable failure, String source) {}
    }
}
