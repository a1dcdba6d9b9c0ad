package dev.pollbridge.runtime.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

/**
 * Threads contend for a {@link Mutex}, a {@link RwLock} and a {@link Barrier}, dropping pending
 * lock futures at random. The mutex's data sees every increment (plain fields: the lock alone
 * orders them), a writer is always alone, readers are never beside a writer, no guard leaks, and
 * each barrier round has one leader and lets nobody through early. Bounded in rounds and time.
 */
class LockStressTest {

    private static final int THREADS = 4;
    private static final int ROUNDS = 5_000;
    private static final long MAX_MILLIS = 20_000;

    /** A counter with a plain field: only the mutex makes the increments visible to each other. */
    static final class Counter {
        long value;
    }

    @Test
    void theMutexLosesNoIncrementAndNoLock() throws Exception {
        Mutex<Counter> mutex = new Mutex<>(new Counter());
        AtomicLong increments = new AtomicLong();
        AtomicLong dropped = new AtomicLong();
        AtomicInteger holders = new AtomicInteger();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        // Every locker's first lock meets a mutex the test thread holds, so each run drops at
        // least THREADS waiting locks however the threads are scheduled.
        MutexGuard<Counter> held = mutex.tryLock().orElseThrow();
        CountDownLatch firstDropped = new CountDownLatch(THREADS);
        for (int t = 0; t < THREADS; t++) {
            threads.add(WatchStressTest.start("locker-" + t, failures, () -> {
                ParkingPoller poller = new ParkingPoller(MAX_MILLIS);
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int round = 0; round < ROUNDS && !poller.expired(); round++) {
                    PollFuture<MutexGuard<Counter>> lock = mutex.lock();
                    Poll<MutexGuard<Counter>> poll = poller.pollOnce(lock);
                    if (round == 0) {
                        assertTrue(poll.isPending(), "the first lock waits");
                        lock.close();
                        dropped.incrementAndGet();
                        firstDropped.countDown();
                        continue;
                    }
                    if (poll.isPending() && random.nextInt(3) == 0) {
                        lock.close();
                        dropped.incrementAndGet();
                        continue;
                    }
                    if (poll.isPending()) {
                        poller.parkUntilWoken();
                        poll = poller.await(lock);
                    }
                    lock.close();
                    try (MutexGuard<Counter> guard = poll.value()) {
                        if (holders.incrementAndGet() != 1) {
                            throw new AssertionError("two holders of a mutex");
                        }
                        guard.get().value++;
                        increments.incrementAndGet();
                        holders.decrementAndGet();
                    }
                }
            }));
        }
        assertTrue(firstDropped.await(MAX_MILLIS, TimeUnit.MILLISECONDS), "every locker dropped its first lock");
        held.close();
        for (Thread thread : threads) {
            thread.join(MAX_MILLIS * 2);
        }
        assertTrue(failures.isEmpty(), () -> "failures: " + failures);
        try (MutexGuard<Counter> guard = mutex.tryLock().orElseThrow(() -> new AssertionError("a lock leaked"))) {
            assertEquals(increments.get(), guard.get().value);
        }
        assertTrue(dropped.get() > 0, "the run dropped some pending locks");
    }

    @Test
    void aWriterIsAlwaysAlone() throws Exception {
        RwLock<Counter> lock = new RwLock<>(new Counter(), 3);
        AtomicInteger readers = new AtomicInteger();
        AtomicInteger writers = new AtomicInteger();
        AtomicLong writes = new AtomicLong();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            boolean writer = t < 2;
            threads.add(WatchStressTest.start((writer ? "writer-" : "reader-") + t, failures, () -> {
                ParkingPoller poller = new ParkingPoller(MAX_MILLIS);
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int round = 0; round < ROUNDS && !poller.expired(); round++) {
                    PollFuture<? extends AutoCloseable> acquire = writer ? lock.write() : lock.read();
                    Poll<? extends AutoCloseable> poll = poller.pollOnce(acquire);
                    if (poll.isPending() && random.nextInt(3) == 0) {
                        acquire.close();
                        continue;
                    }
                    if (poll.isPending()) {
                        poller.parkUntilWoken();
                        poll = poller.await(acquire);
                    }
                    acquire.close();
                    try (AutoCloseable guard = poll.value()) {
                        if (writer) {
                            if (writers.incrementAndGet() != 1 || readers.get() != 0) {
                                throw new AssertionError("a writer beside another guard");
                            }
                            ((RwLockWriteGuard<Counter>) guard).get().value++;
                            writes.incrementAndGet();
                            writers.decrementAndGet();
                        } else {
                            readers.incrementAndGet();
                            if (writers.get() != 0) {
                                throw new AssertionError("a reader beside a writer");
                            }
                            readers.decrementAndGet();
                        }
                    }
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join(MAX_MILLIS * 2);
        }
        assertTrue(failures.isEmpty(), () -> "failures: " + failures);
        try (RwLockWriteGuard<Counter> guard = lock.tryWrite().orElseThrow(() -> new AssertionError("a guard leaked"))) {
            assertEquals(writes.get(), guard.get().value);
        }
    }

    @Test
    void eachBarrierRoundHasOneLeaderAndLetsNobodyThroughEarly() throws Exception {
        int rounds = ROUNDS / 5;
        Barrier barrier = new Barrier(THREADS);
        AtomicLongArray arrivedAt = new AtomicLongArray(rounds);
        AtomicLongArray leadersAt = new AtomicLongArray(rounds);
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            threads.add(WatchStressTest.start("party-" + t, failures, () -> {
                ParkingPoller poller = new ParkingPoller(MAX_MILLIS);
                for (int round = 0; round < rounds; round++) {
                    arrivedAt.incrementAndGet(round);
                    try (PollFuture<Boolean> wait = barrier.arriveAndWait()) {
                        Poll<Boolean> passed = poller.await(wait);
                        if (arrivedAt.get(round) != THREADS) {
                            throw new AssertionError("through round " + round + " with " + arrivedAt.get(round) + " arrived");
                        }
                        if (passed.value()) {
                            leadersAt.incrementAndGet(round);
                        }
                    }
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join(MAX_MILLIS * 2);
        }
        assertTrue(failures.isEmpty(), () -> "failures: " + failures);
        for (int round = 0; round < rounds; round++) {
            assertEquals(1, leadersAt.get(round), "leaders of round " + round);
        }
        assertEquals(0, barrier.waiting());
    }
}
