package dev.pollbridge.runtime.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.internal.task.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Several producers and several consumers on one {@link GlobalQueue}, more threads than cores so
 * that threads are preempted between a claim and its store (the poisoning path). Bounded in
 * items and in time.
 */
@Tag("stress")
@Timeout(60)
class GlobalQueueStressTest {

    private static final int PRODUCERS = 3;
    private static final int CONSUMERS = 3;
    private static final int PER_PRODUCER = 200_000;
    private static final long TIME_LIMIT_NANOS = 8_000_000_000L;

    /**
     * Every pushed task is popped exactly once, and each consumer sees each producer's tasks in
     * the order that producer pushed them.
     */
    @Test
    void everyTaskExactlyOnceAndFifoPerProducer() throws Exception {
        GlobalQueue queue = new GlobalQueue();
        AtomicIntegerArray seen = new AtomicIntegerArray(PRODUCERS * PER_PRODUCER);
        int[] pushed = new int[PRODUCERS];
        AtomicLong producersRunning = new AtomicLong(PRODUCERS);
        ConcurrentLinkedQueue<Throwable> errors = new ConcurrentLinkedQueue<>();
        CountDownLatch start = new CountDownLatch(1);
        long deadline = System.nanoTime() + TIME_LIMIT_NANOS;
        List<Thread> threads = new ArrayList<>();

        for (int p = 0; p < PRODUCERS; p++) {
            int producer = p;
            threads.add(new Thread(() -> {
                try {
                    start.await();
                    int sequence = 0;
                    while (sequence < PER_PRODUCER && System.nanoTime() - deadline < 0) {
                        // Bursts of varying length, so the queue is sometimes empty, sometimes long.
                        int burst = Math.min(PER_PRODUCER - sequence, 1 + sequence % 2_000);
                        for (int i = 0; i < burst; i++) {
                            queue.push(GlobalQueueTest.task(((long) producer << 32) | sequence++));
                        }
                        Thread.yield();
                    }
                    pushed[producer] = sequence;
                } catch (Throwable e) {
                    errors.add(e);
                } finally {
                    producersRunning.decrementAndGet();
                }
            }, "producer-" + p));
        }
        for (int c = 0; c < CONSUMERS; c++) {
            threads.add(new Thread(() -> {
                int[] lastSeen = new int[PRODUCERS];
                java.util.Arrays.fill(lastSeen, -1);
                try {
                    start.await();
                    while (true) {
                        boolean producing = producersRunning.get() > 0;
                        Task<?> task = (Task<?>) queue.poll();
                        if (task == null) {
                            if (!producing) {
                                return; // the producers were done before this pop found nothing
                            }
                            Thread.onSpinWait();
                            continue;
                        }
                        int producer = (int) (task.id() >>> 32);
                        int sequence = (int) task.id();
                        if (sequence <= lastSeen[producer]) {
                            throw new AssertionError("producer " + producer + ": " + sequence
                                    + " after " + lastSeen[producer] + " (FIFO per producer broken)");
                        }
                        lastSeen[producer] = sequence;
                        seen.incrementAndGet(producer * PER_PRODUCER + sequence);
                        if (sequence % 1_000 == 0) {
                            queue.size(); // racing size() must not break anything
                            queue.isEmpty();
                        }
                    }
                } catch (Throwable e) {
                    errors.add(e);
                }
            }, "consumer-" + c));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }

        assertTrue(errors.isEmpty(), () -> "a thread failed: " + errors);
        assertNull(queue.poll(), "nothing left behind");
        assertTrue(queue.isEmpty());
        assertEquals(0, queue.size());
        long total = 0;
        for (int p = 0; p < PRODUCERS; p++) {
            total += pushed[p];
            for (int s = 0; s < PER_PRODUCER; s++) {
                int expected = s < pushed[p] ? 1 : 0;
                assertEquals(expected, seen.get(p * PER_PRODUCER + s), "producer " + p + " task " + s);
            }
        }
        assertTrue(total > 50_000, "too few tasks pushed in time: " + total);
    }

    /**
     * The ordering {@link Idle}'s no-lost-wake argument needs, as a Dekker test: a producer pushes
     * and then reads a flag; a consumer sets the flag and then asks {@code isEmpty()}. At least
     * one of them must see the other's write.
     */
    @Test
    void pushThenReadVersusWriteThenIsEmptyNeverMissEachOther() throws Exception {
        int rounds = 20_000;
        AtomicBoolean[] flags = new AtomicBoolean[rounds];
        GlobalQueue[] queues = new GlobalQueue[rounds];
        for (int i = 0; i < rounds; i++) {
            flags[i] = new AtomicBoolean();
            queues[i] = new GlobalQueue();
        }
        boolean[] producerSawFlag = new boolean[rounds];
        boolean[] consumerSawEmpty = new boolean[rounds];
        CyclicBarrier barrier = new CyclicBarrier(2);
        AtomicLong stopAt = new AtomicLong(-1);
        long deadline = System.nanoTime() + TIME_LIMIT_NANOS;
        Thread producer = new Thread(() -> {
            try {
                for (int i = 0; ; i++) {
                    barrier.await();
                    if (stopAt.get() == i) {
                        return;
                    }
                    queues[i].push(GlobalQueueTest.task(i));
                    producerSawFlag[i] = flags[i].get();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "producer");
        producer.start();
        int completed = 0;
        while (completed < rounds && System.nanoTime() - deadline < 0) {
            barrier.await();
            flags[completed].set(true);
            consumerSawEmpty[completed] = queues[completed].isEmpty();
            completed++;
        }
        stopAt.set(completed);
        barrier.await();
        producer.join();
        for (int i = 0; i < completed; i++) {
            assertTrue(producerSawFlag[i] || !consumerSawEmpty[i], "round " + i + ": both missed the other");
        }
        assertTrue(completed > 1_000, "too few rounds in time: " + completed);
    }
}
