package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Item 6 of the fault-containment issue: a worker that closes its own runtime, and work spawned
 * by a task while the runtime shuts down.
 */
@Timeout(30)
class RuntimeShutdownTest {

    private static final String PREFIX = "shutdown-test-";
    private static final Context NO_WAKE = Context.of(() -> {});

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private final PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix(PREFIX)
            .uncaughtFailureHandler(uncaught::add).build();

    @AfterEach
    void stop() {
        runtime.close();
    }

    private static boolean noThreadOfTheRuntimeAlive() {
        return Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith(PREFIX) && t.isAlive());
    }

    @Test
    void aSecondCloseWaitsForTheWorkerThatIsClosing() throws Exception {
        AtomicReference<Thread> closingWorker = new AtomicReference<>();
        CountDownLatch closed = new CountDownLatch(1);
        CountDownLatch finishPoll = new CountDownLatch(1);
        runtime.spawn(cx -> {
            closingWorker.set(Thread.currentThread());
            runtime.close(); // returns at once on a worker: it cannot join itself
            closed.countDown();
            try {
                finishPoll.await(); // the rest of the poll (simulated work after close)
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Poll.ready(null);
        });
        assertTrue(closed.await(10, java.util.concurrent.TimeUnit.SECONDS));

        AtomicBoolean workerAliveWhenCloseReturned = new AtomicBoolean(true);
        Thread second = new Thread(() -> {
            runtime.close();
            workerAliveWhenCloseReturned.set(closingWorker.get().isAlive());
        }, "second-closer");
        second.start();
        // The second close either returned already (the defect) or waits for the worker.
        await().until(() -> second.getState() == Thread.State.WAITING || second.getState() == Thread.State.TERMINATED);
        finishPoll.countDown();
        second.join(10_000);
        assertFalse(second.isAlive());
        assertFalse(workerAliveWhenCloseReturned.get(), "close() returned while the closing worker was alive");
        assertTrue(noThreadOfTheRuntimeAlive());
        assertEquals(List.of(), uncaught);
    }

    @Test
    void aSpawnFromATaskDuringShutdownReturnsAHandleThatReportsCancellation() {
        ProbeFuture<String> child = new ProbeFuture<>();
        AtomicReference<Object> spawned = new AtomicReference<>();
        JoinHandle<String> parent = runtime.spawn(cx -> {
            runtime.close(); // the runtime shuts down while this task's poll is running
            try {
                spawned.set(runtime.spawn(child));
            } catch (Throwable failure) {
                spawned.set(failure);
            }
            return Poll.ready("parent done");
        });
        await().atMost(Duration.ofSeconds(10)).until(() -> spawned.get() != null);
        JoinHandle<?> handle = assertInstanceOf(JoinHandle.class, spawned.get(), "spawn threw into the task's poll");
        assertTrue(handle.isFinished());
        assertInstanceOf(CancellationException.class, handle.poll(NO_WAKE).error());
        assertEquals(0, child.polls(), "the child never ran");
        assertEquals(1, child.closes(), "the runtime closed the child's future once");

        await().until(parent::isFinished);
        await().until(RuntimeShutdownTest::noThreadOfTheRuntimeAlive);
        assertEquals(List.of(), uncaught);
    }

    @Test
    void aSpawnBlockingFromATaskDuringShutdownReturnsAFutureThatReportsCancellation() {
        AtomicReference<Object> spawned = new AtomicReference<>();
        AtomicBoolean ran = new AtomicBoolean();
        runtime.spawn(cx -> {
            runtime.close();
            try {
                spawned.set(runtime.spawnBlocking(() -> {
                    ran.set(true);
                    return 1;
                }));
            } catch (Throwable failure) {
                spawned.set(failure);
            }
            return Poll.ready(null);
        });
        await().atMost(Duration.ofSeconds(10)).until(() -> spawned.get() != null);
        PollFuture<?> future = assertInstanceOf(PollFuture.class, spawned.get(), "spawnBlocking threw into the task's poll");
        assertInstanceOf(CancellationException.class, future.poll(NO_WAKE).error());
        future.close();
        await().until(RuntimeShutdownTest::noThreadOfTheRuntimeAlive);
        assertFalse(ran.get());
        assertEquals(List.of(), uncaught);
    }
}
