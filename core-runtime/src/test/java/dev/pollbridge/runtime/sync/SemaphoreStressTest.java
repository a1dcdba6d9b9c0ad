package dev.pollbridge.runtime.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Several threads acquire (1 or 2 permits), randomly drop pending acquires, hold briefly and
 * release. The number of permits held never exceeds the total and none leaks. Bounded in
 * iterations and time.
 */
class SemaphoreStressTest {

    private static final int THREADS = 4;
    private static final int PERMITS = 3;
    private static final int ROUNDS = 5_000;
    private static final long MAX_MILLIS = 20_000;

    @Test
    void permitsAreNeverExceededAndNeverLeak() throws Exception {
        Semaphore semaphore = new Semaphore(PERMITS);
        AtomicInteger held = new AtomicInteger();
        AtomicInteger maxHeld = new AtomicInteger();
        AtomicLong dropped = new AtomicLong();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        // Every thread's first acquire meets a semaphore the test thread holds empty, so each run
        // drops at least THREADS pending acquires however the threads are scheduled.
        Permit all = semaphore.tryAcquire(PERMITS).orElseThrow();
        CountDownLatch firstDropped = new CountDownLatch(THREADS);
        for (int t = 0; t < THREADS; t++) {
            Thread thread = new Thread(() -> {
                try {
                    ParkingPoller poller = new ParkingPoller(MAX_MILLIS);
                    ThreadLocalRandom random = ThreadLocalRandom.current();
                    for (int round = 0; round < ROUNDS && !poller.expired(); round++) {
                        int wanted = 1 + random.nextInt(2);
                        PollFuture<Permit> acquire = semaphore.acquireMany(wanted);
                        Poll<Permit> poll = poller.pollOnce(acquire);
                        if (round == 0) {
                            assertTrue(poll.isPending(), "the first acquire waits");
                            dropped.incrementAndGet();
                            acquire.close();
                            firstDropped.countDown();
                            continue;
                        }
                        if (poll.isPending() && random.nextInt(3) == 0) {
                            dropped.incrementAndGet();
                            acquire.close();
                            continue;
                        }
                        if (poll.isPending()) {
                            poller.parkUntilWoken();
                            poll = poller.await(acquire);
                        }
                        acquire.close();
                        try (Permit permit = poll.value()) {
                            int now = held.addAndGet(permit.count());
                            maxHeld.accumulateAndGet(now, Math::max);
                            if (now > PERMITS) {
                                throw new AssertionError(now + " permits held of " + PERMITS);
                            }
                            Thread.onSpinWait();
                            held.addAndGet(-permit.count());
                        }
                    }
                } catch (Throwable failure) {
                    failures.add(failure);
                }
            }, "acquirer-" + t);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        assertTrue(firstDropped.await(MAX_MILLIS, TimeUnit.MILLISECONDS), "every thread dropped its first acquire");
        all.close();
        for (Thread thread : threads) {
            thread.join(MAX_MILLIS);
        }
        assertTrue(failures.isEmpty(), () -> "failures: " + failures);
        assertTrue(maxHeld.get() <= PERMITS);
        assertTrue(dropped.get() > 0, "the run exercised dropped acquires");
        assertEquals(PERMITS, semaphore.availablePermits(), "no permit leaked");
    }
}
