package dev.pollbridge.rxjava3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** {@link OverflowRing}: exact bound, FIFO, and no item lost or duplicated with two consumers. */
class OverflowRingTest {

    @Test
    void holdsExactlyItsCapacityInOrderForEveryCapacity() {
        for (int capacity : new int[] {1, 2, 3, 5, 8, 100}) {
            OverflowRing<Integer> ring = new OverflowRing<>(capacity);
            for (int round = 0; round < 3; round++) { // wrap around the array several times
                for (int i = 0; i < capacity; i++) {
                    assertTrue(ring.offer(i), "capacity " + capacity);
                }
                assertFalse(ring.offer(-1), "one more than capacity " + capacity);
                assertEquals(capacity, ring.size());
                for (int i = 0; i < capacity; i++) {
                    assertEquals(i, ring.poll());
                }
                assertNull(ring.poll());
                assertEquals(0, ring.size());
            }
        }
    }

    /**
     * One producer that drops the oldest item when full (a second consumer) against a consumer
     * thread: every item is taken exactly once, by one of the two, the consumer sees a rising
     * sequence, and the size never exceeds the capacity. Bounded in items and in time.
     */
    @Test
    void producerDroppingTheOldestRacingAConsumerLosesAndDuplicatesNothingStress() throws InterruptedException {
        int capacity = 3;
        int items = 2_000_000;
        OverflowRing<Integer> ring = new OverflowRing<>(capacity);
        BitSet dropped = new BitSet(items);
        List<Integer> consumed = new ArrayList<>();
        AtomicBoolean producing = new AtomicBoolean(true);
        Thread consumer = new Thread(() -> {
            while (true) {
                Integer item = ring.poll();
                if (item != null) {
                    consumed.add(item);
                } else if (!producing.get() && ring.size() == 0) {
                    return;
                }
            }
        });
        consumer.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        int produced = 0;
        int maxSize = 0;
        while (produced < items && System.nanoTime() < deadline) {
            Integer item = produced++;
            while (!ring.offer(item)) {
                Integer oldest = ring.poll();
                if (oldest != null) {
                    dropped.set(oldest);
                }
            }
            maxSize = Math.max(maxSize, ring.size());
        }
        producing.set(false);
        consumer.join(10_000);
        assertFalse(consumer.isAlive());
        assertTrue(maxSize <= capacity, "size " + maxSize);
        BitSet seen = (BitSet) dropped.clone();
        int previous = -1;
        for (int item : consumed) {
            assertTrue(item > previous, "FIFO: " + item + " after " + previous);
            previous = item;
            assertFalse(seen.get(item), "taken twice: " + item);
            seen.set(item);
        }
        assertEquals(produced, seen.cardinality(), "every item taken exactly once");
    }
}
