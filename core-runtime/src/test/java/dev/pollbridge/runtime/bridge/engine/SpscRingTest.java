package dev.pollbridge.runtime.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SpscRingTest {

    @Test
    void capacityIsTheNextPowerOfTwo() {
        assertEquals(1, new SpscRing<>(1).capacity());
        assertEquals(2, new SpscRing<>(2).capacity());
        assertEquals(4, new SpscRing<>(3).capacity());
        assertEquals(256, new SpscRing<>(256).capacity());
        assertEquals(512, new SpscRing<>(257).capacity());
        assertThrows(IllegalArgumentException.class, () -> new SpscRing<>(0));
        assertThrows(IllegalArgumentException.class, () -> new SpscRing<>((1 << 30) + 1));
    }

    @Test
    void fifoUntilFullThenRefusesWithoutChange() {
        SpscRing<Integer> ring = new SpscRing<>(4);
        assertNull(ring.poll());
        for (int i = 0; i < 4; i++) {
            assertTrue(ring.offer(i));
        }
        assertFalse(ring.offer(99), "full");
        assertEquals(4, ring.size());
        for (int i = 0; i < 4; i++) {
            assertEquals(i, ring.poll());
        }
        assertNull(ring.poll());
        assertEquals(0, ring.size());
    }

    @Test
    void wrapsAroundManyTimes() {
        SpscRing<Integer> ring = new SpscRing<>(8);
        int next = 0;
        int expected = 0;
        for (int round = 0; round < 1_000; round++) {
            for (int i = 0; i < round % 6 + 1; i++) { // at most 2 left + 6 <= 8
                assertTrue(ring.offer(next++));
            }
            while (ring.size() > round % 3) {
                assertEquals(expected++, ring.poll());
            }
        }
        ring.clear();
        assertEquals(0, ring.size());
        assertNull(ring.poll());
    }

    /** One producer thread, one consumer thread: every item arrives once, in order. */
    @Test
    @Timeout(30)
    void producerAndConsumerThreadsExchangeEveryItemInOrder() throws Exception {
        int items = 2_000_000;
        long deadline = System.nanoTime() + 8_000_000_000L;
        SpscRing<Integer> ring = new SpscRing<>(16);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        int[] offered = new int[1];
        Thread producer = new Thread(() -> {
            int i = 0;
            while (i < items && System.nanoTime() - deadline < 0) {
                if (ring.offer(i)) {
                    i++;
                } else {
                    Thread.onSpinWait();
                }
            }
            offered[0] = i;
            ring.offer(-1); // may fail if full: the consumer also stops at the deadline
        }, "producer");
        producer.start();
        int expected = 0;
        while (System.nanoTime() - deadline < 0 || producer.isAlive()) {
            Integer item = ring.poll();
            if (item == null) {
                if (!producer.isAlive() && ring.size() == 0) {
                    break;
                }
                Thread.onSpinWait();
                continue;
            }
            if (item == -1) {
                break;
            }
            if (item != expected) {
                failure.set(new AssertionError("expected " + expected + ", got " + item));
                break;
            }
            expected++;
        }
        producer.join();
        for (Integer rest = ring.poll(); rest != null && rest != -1; rest = ring.poll()) {
            assertEquals(expected++, rest);
        }
        assertNull(failure.get(), () -> failure.get().getMessage());
        assertEquals(offered[0], expected, "every offered item arrived");
        assertTrue(expected > 10_000, "too few items in time: " + expected);
    }
}
