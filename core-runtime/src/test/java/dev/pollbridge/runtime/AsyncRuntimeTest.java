package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.async.AsyncMode;
import static dev.pollbridge.runtime.PollDriver.soon;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.task.TaskLocal;
import dev.pollbridge.test.ProbeFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Async bodies and task-locals on the real runtime. */
class AsyncRuntimeTest {

    private static final TaskLocal<String> TRACE = TaskLocal.create("trace");

    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix("async-rt-test-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    private <R> R join(JoinHandle<R> handle) {
        soon().until(handle::isFinished);
        return runtime.blockOn(handle);
    }

    @Test
    void aSpawnedBodyAwaitsOtherTasks() {
        JoinHandle<String> handle = runtime.spawn(Async.run(() -> {
            int a = Async.await(runtime.spawn(Async.run(() -> 20)));
            int b = Async.await(runtime.spawn(Async.run(() -> 22)));
            return "answer " + (a + b);
        }));
        assertEquals("answer 42", join(handle));
    }

    @Test
    void blockOnDrivesABodyFromPlainCode() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        Thread completer = new Thread(() -> {
            soon().until(probe::hasWaker);
            probe.complete("from another thread");
        });
        completer.start();
        assertEquals("FROM ANOTHER THREAD", runtime.blockOn(Async.run(() -> Async.await(probe).toUpperCase())));
    }

    @Test
    void abortingTheTaskCancelsTheBody() {
        ProbeFuture<String> child = new ProbeFuture<>();
        AtomicBoolean finallyRan = new AtomicBoolean();
        AtomicBoolean nextLineRan = new AtomicBoolean();
        JoinHandle<String> handle = runtime.spawn(Async.run(() -> {
            try {
                String value = Async.await(child);
                nextLineRan.set(true);
                return value;
            } finally {
                finallyRan.set(true);
            }
        }));
        soon().until(child::hasWaker);
        handle.abort();
        assertThrows(CancellationException.class, () -> join(handle));
        soon().untilTrue(finallyRan);
        assertFalse(nextLineRan.get());
        assertEquals(1, child.closes());
        assertTrue(child.isCancelled());
    }

    @Test
    void aFailureReachesTheJoinerAsTheSameInstance() {
        IllegalStateException failure = new IllegalStateException("boom");
        JoinHandle<String> handle = runtime.spawn(Async.run(() -> Async.await(ProbeFuture.failedWith(failure))));
        soon().until(handle::isFinished);
        AtomicReference<Throwable> seen = new AtomicReference<>();
        try {
            runtime.blockOn(handle);
        } catch (IllegalStateException e) {
            seen.set(e);
        }
        assertSame(failure, seen.get());
    }

    @Test
    void taskLocalsReachBodiesAndPlainFuturesOnWorkers() {
        PollFuture<String> plain = cx -> Poll.ready(TRACE.get() + "@" + Thread.currentThread().getName().startsWith("async-rt-test-"));
        assertEquals("t1@true", join(runtime.spawn(TRACE.scope("t1", plain))));
        assertEquals("t2", join(runtime.spawn(TRACE.scope("t2", Async.run(TRACE::get)))));
        assertFalse(TRACE.isBound());
    }

    @Test
    void manySpawnedBodiesFinish() {
        int count = Async.mode() != AsyncMode.PLATFORM_THREAD ? 5_000 : 100;
        List<JoinHandle<Integer>> handles = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int n = i;
            handles.add(runtime.spawn(Async.run(() -> Async.await(runtime.spawn(Async.run(() -> n))) + 1)));
        }
        for (int i = 0; i < count; i++) {
            assertEquals(i + 1, join(handles.get(i)));
        }
    }
}
