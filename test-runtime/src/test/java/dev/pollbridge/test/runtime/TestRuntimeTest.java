package dev.pollbridge.test.runtime;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class TestRuntimeTest {

    private static PollFuture<Void> record(List<String> log, String name) {
        return cx -> {
            log.add(name);
            return Poll.ready(null);
        };
    }

    @Test
    void nothingRunsUntilTheTestDrivesTheRuntime() {
        try (TestRuntime rt = TestRuntime.create()) {
            List<String> log = new ArrayList<>();
            JoinHandle<Void> handle = rt.spawn(record(log, "a"));
            assertTrue(log.isEmpty());
            assertFalse(handle.isFinished());
            assertEquals(1, rt.runUntilIdle());
            assertEquals(List.of("a"), log);
            assertTrue(handle.isFinished());
        }
    }

    @Test
    void tasksRunInFifoOrderIncludingTasksSpawnedAndWokenMeanwhile() {
        for (int repetition = 0; repetition < 3; repetition++) {
            try (TestRuntime rt = TestRuntime.create()) {
                List<String> log = new ArrayList<>();
                ProbeFuture<String> signal = new ProbeFuture<>();
                rt.spawn(cx -> {
                    log.add("waiter polled");
                    Poll<String> poll = signal.poll(cx);
                    if (poll.isPending()) {
                        return poll;
                    }
                    log.add("waiter got " + poll.value());
                    return Poll.ready(null);
                });
                rt.spawn(cx -> {
                    log.add("parent");
                    rt.spawn(record(log, "child"));
                    signal.complete("x");
                    return Poll.ready(null);
                });
                rt.spawn(record(log, "third"));
                rt.runUntilIdle();
                assertEquals(List.of("waiter polled", "parent", "third", "child", "waiter polled", "waiter got x"), log);
            }
        }
    }

    @Test
    void blockOnRunsTasksOnTheTestThread() {
        try (TestRuntime rt = TestRuntime.create()) {
            Thread test = Thread.currentThread();
            JoinHandle<Boolean> handle = rt.spawn(cx -> Poll.ready(Thread.currentThread() == test));
            assertTrue(rt.blockOn(handle));
            JoinHandle<Optional<PollRuntime>> current = rt.spawn(cx -> Poll.ready(PollRuntime.current()));
            assertEquals(Optional.of(rt.runtime()), rt.blockOn(current));
        }
    }

    @Test
    void blockOnWaitsForAWakeFromAnotherThread() throws Exception {
        try (TestRuntime rt = TestRuntime.create()) {
            ProbeFuture<Integer> probe = new ProbeFuture<>();
            JoinHandle<Integer> handle = rt.spawn(probe);
            Thread completer = new Thread(() -> {
                while (!probe.hasWaker()) {
                    Thread.onSpinWait();
                }
                probe.complete(9);
            });
            completer.start();
            assertEquals(9, rt.blockOn(handle));
            completer.join();
        }
    }

    @Test
    void twoThreadsInBlockOnShareTheDriving() throws Exception {
        try (TestRuntime rt = TestRuntime.create()) {
            for (int round = 0; round < 200; round++) {
                ProbeFuture<Integer> gate = new ProbeFuture<>();
                JoinHandle<Integer> first = rt.spawn(gate);
                JoinHandle<Integer> second = rt.spawn(cx -> Poll.ready(2));
                int[] firstResult = new int[1];
                Thread other = new Thread(() -> firstResult[0] = rt.blockOn(first));
                other.start();
                assertEquals(2, rt.blockOn(second));
                // The task that opens the gate is queued while the other thread may be the only
                // one waiting: it must still be run.
                rt.spawn(cx -> {
                    gate.complete(1);
                    return Poll.ready(null);
                }).close();
                other.join(5_000);
                assertFalse(other.isAlive(), "blockOn on the other thread never saw its task run");
                assertEquals(1, firstResult[0]);
            }
        }
    }

    @Test
    void blockOnFollowsTheRuntimesFailureRule() {
        try (TestRuntime rt = TestRuntime.create()) {
            IOException checked = new IOException("checked");
            CompletionException wrapped = assertThrows(CompletionException.class,
                    () -> rt.blockOn(ProbeFuture.failedWith(checked)));
            assertSame(checked, wrapped.getCause());
            IllegalStateException unchecked = new IllegalStateException("unchecked");
            assertSame(unchecked, assertThrows(IllegalStateException.class,
                    () -> rt.blockOn(ProbeFuture.failedWith(unchecked))));
        }
    }

    @Test
    void abortAndDetachBehaveAsOnTheRealRuntime() {
        try (TestRuntime rt = TestRuntime.create()) {
            ProbeFuture<Integer> aborted = new ProbeFuture<>();
            JoinHandle<Integer> abortedHandle = rt.spawn(aborted);
            rt.runUntilIdle();
            abortedHandle.abort();
            assertEquals(0, aborted.closes());
            rt.runUntilIdle();
            assertEquals(1, aborted.closes());
            assertThrows(CancellationException.class, () -> rt.blockOn(abortedHandle));

            IOException failure = new IOException("detached");
            rt.spawn(cx -> Poll.failed(failure)).close();
            rt.runUntilIdle();
            assertEquals(1, rt.uncaughtFailures().size());
            assertSame(failure, rt.uncaughtFailures().get(0));
        }
    }

    @Test
    void closeCancelsQueuedAndIdleTasks() {
        TestRuntime rt = TestRuntime.create();
        ProbeFuture<Integer> idle = new ProbeFuture<>();
        ProbeFuture<Integer> queued = new ProbeFuture<>();
        rt.spawn(idle);
        rt.runUntilIdle();
        rt.spawn(queued);
        rt.close();
        assertEquals(1, idle.closes());
        assertEquals(1, queued.closes());
        assertEquals(0, queued.polls());
    }

    @Test
    void onlyCurrentThreadRuntimesCanBeWrapped() {
        try (PollRuntime threaded = PollRuntime.builder().workers(1).build()) {
            assertThrows(IllegalArgumentException.class, () -> TestRuntime.wrap(threaded));
        }
        try (TestRuntime rt = TestRuntime.wrap(PollRuntime.builder().workers(0).build())) {
            assertEquals(Integer.valueOf(3), rt.blockOn(rt.spawn(cx -> Poll.ready(3))));
        }
    }

    @Test
    void blockOnFromInsideATaskFailsFast() {
        try (TestRuntime rt = TestRuntime.create()) {
            ProbeFuture<Integer> inner = new ProbeFuture<>();
            JoinHandle<Integer> nested = rt.spawn(cx -> Poll.ready(rt.blockOn(inner)));
            IllegalStateException error = assertThrows(IllegalStateException.class, () -> rt.blockOn(nested));
            assertTrue(error.getMessage().contains("inside a task"), error.getMessage());
            assertEquals(1, inner.closes());
        }
    }

    @Test
    void runUntilIdleFromInsideATaskFails() {
        try (TestRuntime rt = TestRuntime.create()) {
            JoinHandle<Long> nested = rt.spawn(cx -> Poll.ready(rt.runUntilIdle()));
            rt.runUntilIdle();
            assertThrows(IllegalStateException.class, () -> rt.blockOn(nested));
        }
    }

    /** A task that wakes itself and returns pending on every poll, until it is aborted. */
    private static PollFuture<Void> spinner(AtomicLong polls, Runnable onTenthPoll) {
        return cx -> {
            if (polls.incrementAndGet() == 10) {
                onTenthPoll.run();
            }
            cx.waker().wake();
            return Poll.pending();
        };
    }

    /** Runs {@code rt.blockOn(future)} on a new thread; the outcome (value or throwable) lands in the reference. */
    private static Thread blockOnInOwnThread(TestRuntime rt, PollFuture<?> future, AtomicReference<Object> outcome) {
        Thread driver = new Thread(() -> {
            try {
                outcome.set(rt.blockOn(future));
            } catch (Throwable failure) {
                outcome.set(failure);
            }
        }, "test-runtime-driver");
        driver.start();
        return driver;
    }

    @Test
    void blockOnReturnsOnceItsFutureIsReadyWhileAnotherTaskKeepsWakingItself() throws Exception {
        try (TestRuntime rt = TestRuntime.create()) {
            ProbeFuture<String> main = new ProbeFuture<>();
            AtomicLong polls = new AtomicLong();
            JoinHandle<Void> spinning = rt.spawn(spinner(polls, () -> main.complete("done")));
            AtomicReference<Object> outcome = new AtomicReference<>();
            Thread driver = blockOnInOwnThread(rt, main, outcome);
            try {
                await().atMost(Duration.ofSeconds(5)).until(() -> outcome.get() != null);
                assertEquals("done", outcome.get());
                assertHealthyAfterAborting(rt, spinning);
            } finally {
                rt.close();
                driver.join(5_000);
            }
        }
    }

    @Test
    void blockOnStopsAtAnInterruptWhileAnotherTaskKeepsWakingItself() throws Exception {
        try (TestRuntime rt = TestRuntime.create()) {
            AtomicLong polls = new AtomicLong();
            JoinHandle<Void> spinning = rt.spawn(spinner(polls, () -> {}));
            AtomicReference<Object> outcome = new AtomicReference<>();
            Thread driver = blockOnInOwnThread(rt, new ProbeFuture<String>(), outcome);
            try {
                await().until(() -> polls.get() > 1_000);
                driver.interrupt(); // what a test time-out does to the test thread
                await().atMost(Duration.ofSeconds(5)).until(() -> outcome.get() != null);
                CompletionException stopped = assertInstanceOf(CompletionException.class, outcome.get());
                assertInstanceOf(InterruptedException.class, stopped.getCause());
                assertHealthyAfterAborting(rt, spinning);
            } finally {
                rt.close();
                driver.join(5_000);
            }
        }
    }

    private static void assertHealthyAfterAborting(TestRuntime rt, JoinHandle<Void> spinning) {
        spinning.abort();
        assertEquals(Integer.valueOf(7), rt.blockOn(rt.spawn(cx -> Poll.ready(7))));
        assertThrows(CancellationException.class, () -> rt.blockOn(spinning));
        assertEquals(List.of(), rt.uncaughtFailures());
    }
}
