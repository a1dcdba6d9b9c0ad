package dev.pollbridge.runtime.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One owner pushing and popping, several stealer threads stealing into their own queues and
 * draining them: every element must come out exactly once (no loss, no duplicate), also while
 * the owner grows its ring under the stealers.
 */
@Tag("stress")
@Timeout(30)
class LocalQueueStressTest {

    private static final int ELEMENTS = 400_000;
    private static final int STEALERS = 3;
    private static final long TIME_LIMIT_NANOS = 6_000_000_000L;

    @Test
    void everyElementIsConsumedExactlyOnce() throws Exception {
        everyElementIsConsumedExactlyOnce(new LocalQueue<>());
    }

    /** A ring of 2 that grows to 1,024 while stealers take from it, then overflows at 1,024. */
    @Test
    void everyElementIsConsumedExactlyOnceWhileTheRingGrows() throws Exception {
        LocalQueue<Integer> owner = new LocalQueue<>(2, 1024);
        everyElementIsConsumedExactlyOnce(owner);
        assertEquals(1024, owner.capacity());
    }

    private void everyElementIsConsumedExactlyOnce(LocalQueue<Integer> owner) throws Exception {
        AtomicIntegerArray seen = new AtomicIntegerArray(ELEMENTS);
        ConcurrentLinkedQueue<Object> overflow = new ConcurrentLinkedQueue<>();
        AtomicBoolean producing = new AtomicBoolean(true);
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> stealers = new ArrayList<>();
        ConcurrentLinkedQueue<Throwable> errors = new ConcurrentLinkedQueue<>();
        for (int s = 0; s < STEALERS; s++) {
            Thread stealer = new Thread(() -> {
                LocalQueue<Integer> mine = new LocalQueue<>();
                try {
                    start.await();
                    while (producing.get() || !owner.isEmpty()) {
                        Integer first = owner.stealInto(mine, null);
                        if (first != null) {
                            record(seen, first);
                            for (Integer next = mine.pop(); next != null; next = mine.pop()) {
                                record(seen, next);
                            }
                        } else {
                            Thread.onSpinWait();
                        }
                    }
                } catch (Throwable e) {
                    errors.add(e);
                }
            }, "stealer-" + s);
            stealer.start();
            stealers.add(stealer);
        }
        start.countDown();
        long deadline = System.nanoTime() + TIME_LIMIT_NANOS;
        int pushed = 0;
        while (pushed < ELEMENTS && System.nanoTime() - deadline < 0) {
            int burst = Math.min(ELEMENTS - pushed, 1 + (pushed % 300));
            for (int i = 0; i < burst; i++) {
                owner.pushBack(pushed++, overflow::add);
            }
            // The owner consumes too, racing the stealers for the same head.
            for (int i = 0; i < burst / 3; i++) {
                Integer popped = owner.pop();
                if (popped == null) {
                    break;
                }
                record(seen, popped);
            }
        }
        for (Integer rest = owner.pop(); rest != null; rest = owner.pop()) {
            record(seen, rest);
        }
        producing.set(false);
        for (Thread stealer : stealers) {
            stealer.join();
        }
        for (Object moved : overflow) {
            record(seen, (Integer) moved);
        }
        assertTrue(errors.isEmpty(), () -> "stealer failed: " + errors);
        assertTrue(pushed > 10_000, "too few elements pushed in time: " + pushed);
        for (int i = 0; i < pushed; i++) {
            assertEquals(1, seen.get(i), "element " + i + " consumed " + seen.get(i) + " times");
        }
    }

    private static void record(AtomicIntegerArray seen, int element) {
        seen.incrementAndGet(element);
    }
}
