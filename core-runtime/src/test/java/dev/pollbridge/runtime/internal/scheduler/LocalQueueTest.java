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

    @Test
    void aPopClaimsABatchThatStealersDoNotSee() {
        LocalQueue<Integer> queue = new LocalQueue<>();
        LocalQueue<Integer> thief = new LocalQueue<>();
        for (int i = 0; i < 64; i++) {
            queue.pushBack(i, overflow::add);
        }
        assertEquals(0, queue.pop());
        assertEquals(64 - LocalQueue.POP_BATCH, queue.size(), "the claimed batch is not stealable");
        int[] stolen = new int[1];
        assertEquals(LocalQueue.POP_BATCH + 27, queue.stealInto(thief, stolen), "the steal starts after the batch");
        assertEquals(28, stolen[0]);
        assertEquals(LocalQueue.POP_BATCH, thief.pop());
        for (int i = 1; i < 64; i++) {
            if (i == LocalQueue.POP_BATCH) {
                i += 28; // stolen
            }
            assertEquals(i, queue.pop());
        }
        assertNull(queue.pop());
        assertTrue(queue.isEmptyForOwner());
    }

    @Test
    void aShortQueuePopsOneAtATime() {
        LocalQueue<Integer> queue = new LocalQueue<>();
        for (int i = 0; i < LocalQueue.BATCH_MIN_QUEUED - 1; i++) {
            queue.pushBack(i, overflow::add);
        }
        assertEquals(0, queue.pop());
        assertEquals(LocalQueue.BATCH_MIN_QUEUED - 2, queue.size(), "nothing claimed beyond the popped one");
        assertNull(queue.popClaimed());
    }

    @Test
    void claimedSlotsAreNotOverwrittenWhenTheRingFills() {
        LocalQueue<Integer> queue = new LocalQueue<>();
        for (int i = 0; i < LocalQueue.CAPACITY; i++) {
            queue.pushBack(i, overflow::add);
        }
        assertEquals(0, queue.pop()); // claims 0..7, 1..7 left claimed
        assertEquals(1, queue.remainingSlots(), "the claimed slots count as used");
        assertEquals(LocalQueue.CAPACITY - LocalQueue.POP_BATCH, queue.pushBack(LocalQueue.CAPACITY, overflow::add));
        assertEquals(0, queue.remainingSlots(), "the claimed slots still count");
        assertEquals(LocalQueue.OVERFLOWED, queue.pushBack(LocalQueue.CAPACITY + 1, overflow::add));
        assertEquals(LocalQueue.CAPACITY / 2 + 1, overflow.size());
        assertEquals(LocalQueue.POP_BATCH, overflow.get(0), "the overflow takes the oldest after the batch");
        for (int i = 1; i < LocalQueue.POP_BATCH; i++) {
            assertEquals(i, queue.pop(), "a claimed element survived the overflow");
        }
        assertEquals(LocalQueue.POP_BATCH + LocalQueue.CAPACITY / 2, queue.pop());
    }

    @Test
    void popClaimedGivesBackTheRestOfTheBatch() {
        LocalQueue<Integer> queue = new LocalQueue<>();
        for (int i = 0; i < 64; i++) {
            queue.pushBack(i, overflow::add);
        }
        assertEquals(0, queue.pop());
        for (int i = 1; i < LocalQueue.POP_BATCH; i++) {
            assertEquals(i, queue.popClaimed());
        }
        assertNull(queue.popClaimed());
        assertEquals(LocalQueue.POP_BATCH, queue.pop(), "the next pop claims again");
    }

    @Test
    void aRingFullBehindAClaimedBatchOverflowsOnlyThePushedElement() {
        LocalQueue<Integer> queue = new LocalQueue<>();
        for (int i = 0; i < 64; i++) {
            queue.pushBack(i, overflow::add);
        }
        assertEquals(0, queue.pop()); // claims 0..7
        for (int i = 64; i < LocalQueue.CAPACITY + 1; i++) {
            queue.pushBack(i, overflow::add);
        }
        while (!queue.isEmpty()) { // stealers empty everything after the claimed batch
            LocalQueue<Integer> thief = new LocalQueue<>();
            queue.stealInto(thief, null);
        }
        assertEquals(0, queue.remainingSlots(), "the ring is full from the oldest claimed slot on");
        assertEquals(LocalQueue.OVERFLOWED, queue.pushBack(-1, overflow::add));
        assertEquals(List.of(-1), overflow, "only the pushed element overflows");
        assertEquals(1, queue.pop());
        assertEquals(0, queue.pushBack(-2, overflow::add), "a taken claimed slot is room again");
    }
}
