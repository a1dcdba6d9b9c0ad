package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.metrics.PollRuntimeMetrics;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The scheduler under load. Each test is bounded in work and in time. */
@Tag("stress")
@Timeout(60)
class SchedulerStressTest {

    private static final Duration LIMIT = Duration.ofSeconds(30);
    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private final List<PollRuntime> runtimes = new ArrayList<>();

    private PollRuntime runtime(String prefix, int workers) {
        PollRuntime runtime = PollRuntime.builder().workers(workers).threadNamePrefix(prefix)
                .uncaughtFailureHandler(uncaught::add).build();
        runtimes.add(runtime);
        return runtime;
    }

    @AfterEach
    void closeAll() {
        runtimes.forEach(PollRuntime::close);
        assertTrue(uncaught.isEmpty(), () -> "uncaught failures: " + uncaught);
    }

    /** Awaitility polling every millisecond (the default 100 ms would dominate the short waits here). */
    private static org.awaitility.core.ConditionFactory soon() {
        return await().pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1)).atMost(LIMIT);
    }

    private static boolean threadsAlive(String prefix) {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().startsWith(prefix) && t.isAlive());
    }

    @Test
    void aMillionTinyTasksFromOutsideAndInsideAllComplete() {
        PollRuntime runtime = runtime("stress-million-", 2);
        LongAdder done = new LongAdder();
        PollFuture<Void> tiny = cx -> {
            done.increment();
            return Poll.ready(null);
        };
        int parents = 1_000;
        int childrenEach = 500;
        Thread outside = new Thread(() -> {
            for (int i = 0; i < 500_000; i++) {
                runtime.spawn(tiny).close();
            }
        });
        outside.start();
        for (int p = 0; p < parents; p++) {
            runtime.spawn(cx -> {
                for (int c = 0; c < childrenEach; c++) {
                    runtime.spawn(tiny).close();
                }
                return Poll.ready(null);
            }).close();
        }
        soon().until(() -> done.sum() == 1_000_000);
        soon().until(() -> runtime.metrics().tasksAlive() == 0);
        PollRuntimeMetrics metrics = runtime.metrics();
        assertEquals(1_000_000 + parents, metrics.tasksSpawned());
        assertEquals(1_000_000 + parents, metrics.tasksCompleted());
        assertTrue(metrics.polls() >= 1_000_000 + parents, metrics.toString());
    }

    /** Pending until it has seen {@code target} wakes; flags concurrent polls. */
    static final class WakeCounting implements PollFuture<Void> {
        final AtomicInteger wakes = new AtomicInteger();
        final AtomicBoolean inPoll = new AtomicBoolean();
        final int target;
        final AtomicInteger overlaps;

        WakeCounting(int target, AtomicInteger overlaps) {
            this.target = target;
            this.overlaps = overlaps;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (!inPoll.compareAndSet(false, true)) {
                overlaps.incrementAndGet();
            }
            try {
                return wakes.get() >= target ? Poll.ready(null) : Poll.pending();
            } finally {
                inPoll.set(false);
            }
        }
    }

    @Test
    void concurrentForeignWakesAreNeverLostAndNeverPollConcurrently() throws Exception {
        PollRuntime runtime = runtime("stress-wakes-", 2);
        int taskCount = 100_000;
        int wakers = 4;
        int roundsPerWaker = 2;
        AtomicInteger overlaps = new AtomicInteger();
        List<WakeCounting> futures = new ArrayList<>(taskCount);
        List<JoinHandle<Void>> handles = new ArrayList<>(taskCount);
        // The task's waker is captured on its first poll; the wakers below call it from outside.
        List<dev.pollbridge.api.Waker> wakersOfTasks = new CopyOnWriteArrayList<>();
        dev.pollbridge.api.Waker[] captured = new dev.pollbridge.api.Waker[taskCount];
        AtomicInteger firstPolls = new AtomicInteger();
        for (int i = 0; i < taskCount; i++) {
            WakeCounting future = new WakeCounting(wakers * roundsPerWaker, overlaps);
            futures.add(future);
            int index = i;
            handles.add(runtime.spawn(cx -> {
                if (captured[index] == null) {
                    captured[index] = cx.waker();
                    firstPolls.incrementAndGet();
                }
                return future.poll(cx);
            }));
        }
        soon().until(() -> firstPolls.get() == taskCount);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < wakers; w++) {
            int offset = w * (taskCount / wakers);
            threads.add(new Thread(() -> {
                for (int round = 0; round < roundsPerWaker; round++) {
                    for (int k = 0; k < taskCount; k++) {
                        int index = (offset + k) % taskCount;
                        futures.get(index).wakes.incrementAndGet();
                        captured[index].wake();
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        soon().until(() -> handles.stream().allMatch(JoinHandle::isFinished));
        assertEquals(0, overlaps.get(), "a task was polled concurrently");
        assertTrue(wakersOfTasks.isEmpty());
    }

    @Test
    void handOffsFromOutsideNeverStall() throws Exception {
        // Exercises the idle protocol: workers go from running to searching to parked between
        // rounds, and foreign producers must always get one of them back (a lost notification
        // leaves a task in the global queue with every worker parked: a hang here).
        PollRuntime runtime = runtime("stress-handoff-", 2);
        long deadline = System.nanoTime() + 4_000_000_000L;
        AtomicInteger rounds = new AtomicInteger();
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < 3; p++) {
            int seed = p;
            producers.add(new Thread(() -> {
                java.util.Random random = new java.util.Random(seed);
                for (int i = 0; i < 20_000 && System.nanoTime() - deadline < 0; i++) {
                    int value = i;
                    assertEquals(Integer.valueOf(value), runtime.blockOn(runtime.spawn(cx -> Poll.ready(value))));
                    if (random.nextInt(64) == 0) {
                        // let every worker run out of spinning and park
                        java.util.concurrent.locks.LockSupport.parkNanos(200_000);
                    }
                    rounds.incrementAndGet();
                }
            }));
        }
        producers.forEach(Thread::start);
        for (Thread producer : producers) {
            producer.join(30_000);
            assertTrue(!producer.isAlive(), "a hand-off stalled");
        }
        assertTrue(rounds.get() >= 1_000, "too few rounds in time: " + rounds.get());
    }

    @Test
    void abortRacingCompletionYieldsExactlyOneOutcomeAndOneClose() throws Exception {
        PollRuntime runtime = runtime("stress-abort-", 2);
        long deadline = System.nanoTime() + 4_000_000_000L;
        int values = 0;
        int cancellations = 0;
        for (int round = 0; round < 3_000 && System.nanoTime() - deadline < 0; round++) {
            ProbeFuture<Integer> probe = new ProbeFuture<>();
            JoinHandle<Integer> handle = runtime.spawn(probe);
            if (round % 2 == 0) {
                soon().until(probe::hasWaker);
            }
            int value = round;
            Thread completer = new Thread(() -> probe.complete(value));
            completer.start();
            handle.abort();
            completer.join();
            try {
                assertEquals(round, runtime.blockOn(handle));
                values++;
            } catch (CancellationException expected) {
                cancellations++;
            }
            assertTrue(handle.isFinished());
            assertEquals(1, probe.closes(), "future closed " + probe.closes() + " times");
            assertEquals(0, probe.pollsAfterReady());
        }
        assertTrue(values + cancellations >= 100, "too few rounds in time");
        assertTrue(cancellations > 0, "abort never won");
    }

    @Test
    void shutdownWithManyPendingTasksClosesEveryFutureOnce() {
        String prefix = "stress-shutdown-";
        PollRuntime runtime = runtime(prefix, 2);
        int taskCount = 100_000;
        List<ProbeFuture<Integer>> probes = new ArrayList<>(taskCount);
        List<JoinHandle<Integer>> handles = new ArrayList<>(taskCount);
        for (int i = 0; i < taskCount; i++) {
            ProbeFuture<Integer> probe = new ProbeFuture<>();
            probes.add(probe);
            handles.add(runtime.spawn(probe));
        }
        // Some are idle (polled, pending), some still queued, some complete when close starts.
        for (int i = 0; i < taskCount; i += 10) {
            probes.get(i).complete(i);
        }
        runtime.close();
        for (int i = 0; i < taskCount; i++) {
            assertEquals(1, probes.get(i).closes(), "probe " + i);
            assertTrue(handles.get(i).isFinished(), "handle " + i);
        }
        assertEquals(0, runtime.metrics().tasksAlive());
        assertTrue(!threadsAlive(prefix), "runtime threads still alive after close()");
    }

    /**
     * A task that woke only itself is re-queued still RUNNING (rule T4's owned re-queue): the
     * closer that drains such an entry owns the task and must cancel it, or its future is never
     * closed and it stays alive.
     */
    @Test
    void shutdownWithTasksThatKeepYieldingClosesEveryFutureOnce() {
        String prefix = "stress-shutdown-yield-";
        PollRuntime runtime = runtime(prefix, 2);
        int taskCount = 2_000;
        AtomicInteger polled = new AtomicInteger();
        List<AtomicInteger> closes = new ArrayList<>(taskCount);
        List<JoinHandle<Void>> handles = new ArrayList<>(taskCount);
        for (int i = 0; i < taskCount; i++) {
            AtomicInteger closed = new AtomicInteger();
            closes.add(closed);
            handles.add(runtime.spawn(new PollFuture<Void>() {
                @Override
                public Poll<Void> poll(Context cx) {
                    polled.incrementAndGet();
                    cx.waker().wake(); // a yield, for ever
                    return Poll.pending();
                }

                @Override
                public void close() {
                    closed.incrementAndGet();
                }
            }));
        }
        soon().until(() -> polled.get() >= 10 * taskCount); // every task has yielded, most of them often
        runtime.close();
        for (int i = 0; i < taskCount; i++) {
            assertEquals(1, closes.get(i).get(), "closes of task " + i);
            assertTrue(handles.get(i).isFinished(), "handle " + i);
        }
        assertEquals(0, runtime.metrics().tasksAlive());
        assertTrue(!threadsAlive(prefix), "runtime threads still alive after close()");
    }

    @Test
    void anAlwaysReadySourceCannotStarveItsWorker() {
        PollRuntime runtime = runtime("stress-budget-", 1);
        AtomicBoolean neighbourRan = new AtomicBoolean();
        AtomicInteger yields = new AtomicInteger();
        // A cooperative always-ready source, consumed in a loop inside one poll (like forEach).
        JoinHandle<Integer> greedy = runtime.spawn(cx -> {
            int consumed = 0;
            for (;;) {
                if (neighbourRan.get()) {
                    return Poll.ready(consumed);
                }
                if (!dev.pollbridge.runtime.internal.task.CoopBudget.tryConsume()) {
                    yields.incrementAndGet();
                    cx.waker().wake();
                    return Poll.pending();
                }
                consumed++;
            }
        });
        JoinHandle<Void> neighbour = runtime.spawn(cx -> {
            neighbourRan.set(true);
            return Poll.ready(null);
        });
        assertEquals(null, runtime.blockOn(neighbour));
        runtime.blockOn(greedy);
        assertTrue(yields.get() >= 1);
    }

    @Test
    void pingPongThroughTheLifoSlotCompletes() {
        PollRuntime runtime = runtime("stress-pingpong-", 2);
        int exchanges = 200_000;
        AtomicInteger ball = new AtomicInteger();
        dev.pollbridge.api.Waker[] wakers = new dev.pollbridge.api.Waker[2];
        List<JoinHandle<Void>> players = new ArrayList<>();
        for (int side = 0; side < 2; side++) {
            int me = side;
            players.add(runtime.spawn(cx -> {
                synchronized (wakers) {
                    wakers[me] = cx.waker();
                }
                for (;;) {
                    int value = ball.get();
                    if (value >= exchanges) {
                        wakeOther(wakers, me);
                        return Poll.ready(null);
                    }
                    if (value % 2 != me) {
                        return Poll.pending();
                    }
                    if (ball.compareAndSet(value, value + 1)) {
                        wakeOther(wakers, me);
                    }
                }
            }));
        }
        for (JoinHandle<Void> player : players) {
            runtime.blockOn(player);
        }
        assertEquals(exchanges, ball.get());
    }

    private static void wakeOther(dev.pollbridge.api.Waker[] wakers, int me) {
        dev.pollbridge.api.Waker other;
        synchronized (wakers) {
            other = wakers[1 - me];
        }
        if (other != null) {
            other.wake();
        }
    }
}
