package dev.pollbridge.runtime.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LocalQueueTest {

    /** The capacity of the fixed-size rings the overflow tests fill. */
    private static final int C = LocalQueue.INITIAL_CAPACITY;

    private final List<Object> overflow = new ArrayList<>();

    /** A ring that does not grow: a full push overflows. */
    private static LocalQueue<Integer> fixed() {
        return new LocalQueue<>(C, C);
    }

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
        LocalQueue<Integer> queue = fixed();
        for (int i = 0; i < C; i++) {
            assertEquals(i, queue.pushBack(i, overflow::add));
        }
        assertEquals(LocalQueue.OVERFLOWED, queue.pushBack(C, overflow::add));
        assertEquals(C / 2 + 1, overflow.size());
        for (int i = 0; i < C / 2; i++) {
            assertEquals(i, overflow.get(i));
        }
        assertEquals(C, overflow.get(C / 2));
        assertEquals(C / 2, queue.size());
        assertEquals(C / 2, queue.pop());
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
        for (int round = 0; round < 5 * C; round++) {
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
        LocalQueue<Integer> queue = fixed();
        for (int i = 0; i < C; i++) {
            queue.pushBack(i, overflow::add);
        }
        assertEquals(0, queue.pop()); // claims 0..7, 1..7 left claimed
        assertEquals(1, queue.remainingSlots(), "the claimed slots count as used");
        assertEquals(C - LocalQueue.POP_BATCH, queue.pushBack(C, overflow::add));
        assertEquals(0, queue.remainingSlots(), "the claimed slots still count");
        assertEquals(LocalQueue.OVERFLOWED, queue.pushBack(C + 1, overflow::add));
        assertEquals(C / 2 + 1, overflow.size());
        assertEquals(LocalQueue.POP_BATCH, overflow.get(0), "the overflow takes the oldest after the batch");
        for (int i = 1; i < LocalQueue.POP_BATCH; i++) {
            assertEquals(i, queue.pop(), "a claimed element survived the overflow");
        }
        assertEquals(LocalQueue.POP_BATCH + C / 2, queue.pop());
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
        LocalQueue<Integer> queue = fixed();
        for (int i = 0; i < 64; i++) {
            queue.pushBack(i, overflow::add);
        }
        assertEquals(0, queue.pop()); // claims 0..7
        for (int i = 64; i < C + 1; i++) {
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

    @Test
    void aFullRingDoublesAndKeepsFifoOrder() {
        LocalQueue<Integer> queue = new LocalQueue<>(4, 64);
        for (int i = 0; i < 64; i++) {
            assertEquals(i, queue.pushBack(i, overflow::add), "length before the push");
        }
        assertEquals(64, queue.capacity());
        assertTrue(overflow.isEmpty(), "nothing overflows below the largest ring");
        for (int i = 0; i < 64; i++) {
            assertEquals(i, queue.pop());
        }
        assertNull(queue.pop());
    }

    @Test
    void aGrowKeepsPositionsThatWrappedTheSmallerRing() {
        LocalQueue<Integer> queue = new LocalQueue<>(8, 16);
        for (int i = 0; i < 8; i++) {
            queue.pushBack(i, overflow::add);
        }
        for (int i = 0; i < 5; i++) {
            assertEquals(i, queue.pop());
        }
        for (int i = 8; i < 13; i++) { // positions 8..12: slots 0..4 of the ring of 8
            queue.pushBack(i, overflow::add);
        }
        assertEquals(8, queue.capacity());
        assertEquals(0, queue.remainingSlots());
        queue.pushBack(13, overflow::add);
        assertEquals(16, queue.capacity());
        for (int i = 5; i < 14; i++) {
            assertEquals(i, queue.pop());
        }
        assertNull(queue.pop());
        assertTrue(overflow.isEmpty());
    }

    @Test
    void aGrowCopiesTheOwnersClaimedBatch() {
        LocalQueue<Integer> queue = new LocalQueue<>(32, 64);
        for (int i = 0; i < 32; i++) {
            queue.pushBack(i, overflow::add);
        }
        assertEquals(0, queue.pop()); // claims 0..3
        queue.pushBack(32, overflow::add);
        assertEquals(0, queue.remainingSlots(), "full from the oldest claimed slot on");
        queue.pushBack(33, overflow::add);
        assertEquals(64, queue.capacity());
        for (int i = 1; i < 34; i++) {
            assertEquals(i, queue.pop(), "claimed ones first, from the new ring");
        }
        assertNull(queue.pop());
        assertTrue(overflow.isEmpty());
    }

    @Test
    void atItsLargestAFullRingOverflowsItsOlderHalf() {
        LocalQueue<Integer> queue = new LocalQueue<>(4, 8);
        for (int i = 0; i < 8; i++) {
            queue.pushBack(i, overflow::add);
        }
        assertEquals(LocalQueue.OVERFLOWED, queue.pushBack(8, overflow::add));
        assertEquals(List.of(0, 1, 2, 3, 8), overflow);
        for (int i = 4; i < 8; i++) {
            assertEquals(i, queue.pop());
        }
        assertEquals(8, queue.capacity());
    }

    @Test
    void aStealTakesNoMoreThanTheThiefHasRoomFor() {
        LocalQueue<Integer> source = new LocalQueue<>(4, 64);
        for (int i = 0; i < 40; i++) {
            source.pushBack(i, overflow::add);
        }
        LocalQueue<Integer> thief = new LocalQueue<>(8, 8);
        int[] stolen = new int[1];
        assertEquals(7, source.stealInto(thief, stolen));
        assertEquals(8, stolen[0], "half of 40 is 20; the thief has 8 slots at most");
        assertEquals(8, thief.capacity(), "the thief is at its largest");
        for (int i = 0; i < 7; i++) {
            assertEquals(i, thief.pop());
        }
        assertEquals(32, source.size());
        assertEquals(8, source.pop());
    }

    @Test
    void aStealGrowsTheThiefsRingToTakeHalf() {
        LocalQueue<Integer> source = new LocalQueue<>(4, 64);
        for (int i = 0; i < 40; i++) {
            source.pushBack(i, overflow::add);
        }
        LocalQueue<Integer> thief = new LocalQueue<>(4, 64);
        int[] stolen = new int[1];
        assertEquals(19, source.stealInto(thief, stolen));
        assertEquals(20, stolen[0]);
        assertEquals(32, thief.capacity());
        for (int i = 0; i < 19; i++) {
            assertEquals(i, thief.pop());
        }
        assertEquals(20, source.pop());
    }

    @Test
    void aBatchPushGrowsTheRingAndReturnsWhatFitInTheLargest() {
        LocalQueue<Integer> queue = new LocalQueue<>(4, 16);
        Object[] elements = new Object[12];
        for (int i = 0; i < elements.length; i++) {
            elements[i] = i;
        }
        assertEquals(10, queue.pushBackBatch(elements, 2, 10));
        assertEquals(16, queue.capacity());
        assertEquals(6, queue.pushBackBatch(elements, 0, 12), "the largest ring has 6 slots left");
        for (int i = 2; i < 12; i++) {
            assertEquals(i, queue.pop());
        }
        for (int i = 0; i < 6; i++) {
            assertEquals(i, queue.pop());
        }
        assertNull(queue.pop());
    }

    @Test
    void capacitiesMustBePowersOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> new LocalQueue<>(3, 8));
        assertThrows(IllegalArgumentException.class, () -> new LocalQueue<>(8, 4));
        assertThrows(IllegalArgumentException.class, () -> new LocalQueue<>(1, 1));
    }
}
