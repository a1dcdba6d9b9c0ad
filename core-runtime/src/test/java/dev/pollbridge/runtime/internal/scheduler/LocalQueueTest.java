package dev.pollbridge.runtime.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LocalQueueTest {

    private final List<Object> overflow = new ArrayList<>();

    @Test
    void ownerPopsInFifoOrder() {
        LocalQueue<Integer> queue = new LocalQueue<>();
        for (int i = 0; i < 10; i++) {
            assertEquals(i, queue.pushBack(i, overflow::add), "length before the push");
        }
        assertEquals(10, queue.size());
        for (int i = 0; i < 10; i++) {
            assertEquals(i, queue.pop());
        }
        assertNull(queue.pop());
        assertTrue(queue.isEmpty());
    }

    @Test
    void fullQueueMovesItsOlderHalfAndTheNewElementToTheOverflow() {
        LocalQueue<Integer> queue = new LocalQueue<>();
        for (int i = 0; i < LocalQueue.CAPACITY; i++) {
            assertEquals(i, queue.pushBack(i, overflow::add));
        }
        assertEquals(LocalQueue.OVERFLOWED, queue.pushBack(LocalQueue.CAPACITY, overflow::add));
        assertEquals(LocalQueue.CAPACITY / 2 + 1, overflow.size());
        for (int i = 0; i < LocalQueue.CAPACITY / 2; i++) {
            assertEquals(i, overflow.get(i));
        }
        assertEquals(LocalQueue.CAPACITY, overflow.get(LocalQueue.CAPACITY / 2));
        assertEquals(LocalQueue.CAPACITY / 2, queue.size());
        assertEquals(LocalQueue.CAPACITY / 2, queue.pop());
    }

    @Test
    void stealTakesTheOlderHalfRoundedUp() {
        LocalQueue<Integer> source = new LocalQueue<>();
        LocalQueue<Integer> destination = new LocalQueue<>();
        for (int i = 0; i < 5; i++) {
            source.pushBack(i, overflow::add);
        }
        int[] stolen = new int[1];
        assertEquals(2, source.stealInto(destination, stolen));
        assertEquals(3, stolen[0]);
        assertEquals(2, source.size());
        assertEquals(2, destination.size());
        assertEquals(0, destination.pop());
        assertEquals(1, destination.pop());
        assertEquals(3, source.pop());
        assertEquals(4, source.pop());
    }

    @Test
    void stealingFromAnEmptyQueueFindsNothing() {
        LocalQueue<Integer> source = new LocalQueue<>();
        assertNull(source.stealInto(new LocalQueue<>(), null));
        source.pushBack(7, overflow::add);
        LocalQueue<Integer> destination = new LocalQueue<>();
        assertSame(7, source.stealInto(destination, null));
        assertTrue(destination.isEmpty());
        assertTrue(source.isEmpty());
    }

    @Test
    void positionsWrapAround() {
        LocalQueue<Integer> queue = new LocalQueue<>();
        for (int round = 0; round < 5 * LocalQueue.CAPACITY; round++) {
            queue.pushBack(round, overflow::add);
            queue.pushBack(-round, overflow::add);
            assertEquals(round, queue.pop());
            assertEquals(-round, queue.pop());
        }
        assertTrue(overflow.isEmpty());
    }
}
