package dev.pollbridge.runtime.internal.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The state word under contention, without the real scheduler: foreign threads wake (and abort)
 * tasks while two runner threads drain a shared queue. Checks: never two polls of one task at
 * once, never two queue entries, no lost wake (the last wake is always followed by a poll that
 * sees it), exactly one outcome and one close per task.
 */
@Tag("stress")
@Timeout(30)
class TaskStateStressTest {

    private static final long TIME_LIMIT_NANOS = 3_000_000_000L;

    /** Pending forever; each poll records the latest wake generation it saw. */
    static final class Watched implements PollFuture<Void> {
        final AtomicBoolean inPoll = new AtomicBoolean();
        final AtomicLong generation = new AtomicLong();
        volatile long seen = -1;
        final AtomicInteger overlaps = new AtomicInteger();
        final AtomicInteger closes = new AtomicInteger();
        final AtomicBoolean completeOnNextPoll = new AtomicBoolean();

        @Override
        public Poll<Void> poll(Context cx) {
            if (!inPoll.compareAndSet(false, true)) {
                overlaps.incrementAndGet();
            }
            seen = generation.get();
            Thread.onSpinWait();
            inPoll.set(false);
            return completeOnNextPoll.get() ? Poll.ready(null) : Poll.pending();
        }

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }

    @Test
    void concurrentWakesAreNeverLostNorPolledConcurrently() throws Exception {
        QueueScheduler scheduler = new QueueScheduler();
        int taskCount = 64;
        List<Watched> futures = new ArrayList<>();
        List<Task<Void>> tasks = new ArrayList<>();
        for (int i = 0; i < taskCount; i++) {
            Watched future = new Watched();
            futures.add(future);
            Task<Void> task = new Task<>(i, future, scheduler, true);
            tasks.add(task);
            scheduler.schedule(task);
        }
        AtomicBoolean running = new AtomicBoolean(true);
        List<Thread> threads = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            threads.add(new Thread(() -> {
                while (running.get()) {
                    if (!scheduler.runOne()) {
                        Thread.onSpinWait();
                    }
                }
            }));
        }
        long deadline = System.nanoTime() + TIME_LIMIT_NANOS;
        for (int w = 0; w < 4; w++) {
            int offset = w;
            threads.add(new Thread(() -> {
                for (int round = 0; round < 20_000 && System.nanoTime() - deadline < 0; round++) {
                    int index = (round * 7 + offset) % taskCount;
                    futures.get(index).generation.incrementAndGet();
                    tasks.get(index).wake();
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread waker : threads.subList(2, threads.size())) {
            waker.join();
        }
        // Every wake has been issued; let the runners drain, then stop them.
        while (!scheduler.queue.isEmpty()) {
            Thread.onSpinWait();
        }
        running.set(false);
        for (Thread runner : threads.subList(0, 2)) {
            runner.join();
        }
        scheduler.runAll();
        for (int i = 0; i < taskCount; i++) {
            Watched future = futures.get(i);
            assertEquals(0, future.overlaps.get(), "task " + i + " was polled concurrently");
            assertEquals(future.generation.get(), future.seen, "task " + i + " lost its last wake");
            assertTrue(!TaskState.isRunning(tasks.get(i).loadState()), tasks.get(i).stateDescription());
        }
        assertEquals(0, scheduler.doubleQueued.get(), "a task was in the queue twice");
    }

    @Test
    void abortRacingCompletionYieldsOneOutcomeAndOneClose() throws Exception {
        long deadline = System.nanoTime() + TIME_LIMIT_NANOS;
        int values = 0;
        int cancellations = 0;
        for (int round = 0; round < 5_000 && System.nanoTime() - deadline < 0; round++) {
            QueueScheduler scheduler = new QueueScheduler();
            Watched future = new Watched();
            Task<Void> task = new Task<>(round, future, scheduler, true);
            TaskJoinHandle<Void> handle = new TaskJoinHandle<>(task);
            scheduler.schedule(task);
            scheduler.runOne(); // now idle, pending
            future.completeOnNextPoll.set(true);
            Thread aborter = new Thread(handle::abort);
            Thread runner = new Thread(() -> {
                task.wake();
                scheduler.runAll();
            });
            aborter.start();
            runner.start();
            aborter.join();
            runner.join();
            scheduler.runAll();
            assertTrue(task.isFinished());
            assertEquals(1, future.closes.get(), "future closed " + future.closes.get() + " times");
            Poll<Void> outcome = handle.poll(Context.of(() -> {}));
            if (outcome.isReady()) {
                values++;
            } else {
                assertTrue(outcome.error() instanceof CancellationException, outcome.toString());
                cancellations++;
            }
            assertEquals(1, scheduler.released.get());
        }
        assertTrue(values + cancellations > 100, "too few rounds");
    }
}
