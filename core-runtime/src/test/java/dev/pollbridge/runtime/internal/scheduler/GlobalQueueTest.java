package dev.pollbridge.runtime.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.internal.task.Task;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GlobalQueueTest {

    private final GlobalQueue queue = new GlobalQueue();

    /** A task that is only ever queued, never run (no future, no scheduler): its id tells which one it is. */
    static Task<?> task(long id) {
        return new Task<Void>(id, null, null, false, 0L);
    }

    /** The next entry, which these tests expect to be a single task (or none). */
    private Task<?> pop() {
        return (Task<?>) queue.poll();
    }

    @Test
    void emptyQueue() {
        assertTrue(queue.isEmpty());
        assertEquals(0, queue.size());
        assertNull(pop());
        assertNull(pop());
        assertTrue(queue.isEmpty(), "popping an empty queue leaves it empty");
        assertEquals(0, queue.size());
    }

    @Test
    void fifoAcrossSeveralNodes() {
        int count = 3 * GlobalQueue.NODE_SIZE + 7;
        for (int i = 0; i < count; i++) {
            queue.push(task(i));
            assertEquals(i + 1, queue.size());
        }
        assertFalse(queue.isEmpty());
        for (int i = 0; i < count; i++) {
            Task<?> popped = pop();
            assertEquals(i, popped.id(), "pop " + i);
            assertEquals(count - i - 1, queue.size());
        }
        assertNull(pop());
        assertTrue(queue.isEmpty());
    }

    @Test
    void interleavedPushAndPopKeepOrderAndExactSize() {
        List<Long> expected = new ArrayList<>();
        List<Long> popped = new ArrayList<>();
        long next = 0;
        for (int round = 0; round < 200; round++) {
            for (int i = 0; i < round % 37 + 1; i++) {
                expected.add(next);
                queue.push(task(next++));
            }
            for (int i = 0; i < round % 23; i++) {
                Task<?> task = pop();
                if (task == null) {
                    break;
                }
                popped.add(task.id());
            }
            assertEquals(expected.size() - popped.size(), queue.size());
            assertEquals(expected.size() == popped.size(), queue.isEmpty());
        }
        for (Task<?> task = pop(); task != null; task = pop()) {
            popped.add(task.id());
        }
        assertEquals(expected, popped);
        assertTrue(next > 2 * GlobalQueue.NODE_SIZE, "the test crosses node boundaries");
    }

    @Test
    void aDrainedNodeIsLeftBehindAndHoldsNoTask() {
        GlobalQueue.Node first = queue.head;
        Task<?> task = null;
        for (int i = 0; i <= GlobalQueue.NODE_SIZE; i++) {
            queue.push(task = task(i));
        }
        for (int i = 0; i < GlobalQueue.NODE_SIZE; i++) {
            pop();
        }
        assertSame(task, pop(), "the last task was in the second node");
        assertNotSame(first, queue.head, "head moved past the drained node");
        for (Object slot : first.slots) {
            assertFalse(slot instanceof Task, "a drained node keeps no task reachable");
        }
    }

    /**
     * A producer that claimed a slot and stalls before its store: a consumer does not wait for it.
     * It poisons that slot and reports empty (the push has not happened yet); the producer's retry
     * takes the next slot, and nothing is lost or duplicated.
     */
    @Test
    void aConsumerPoisonsTheSlotOfAStalledProducerInsteadOfWaiting() {
        int stalledSlot = queue.tail.claimEnqueue();
        assertEquals(0, stalledSlot);
        assertFalse(queue.isEmpty(), "a claimed slot makes the queue look non-empty (a harmless hint)");

        assertNull(pop(), "the consumer poisons the slot and finds nothing else");
        assertTrue(queue.isEmpty());
        assertEquals(0, queue.size(), "the poisoned claim and the consumer's claim cancel out");

        // The producer's store now fails, as in push(): the slot is TAKEN.
        assertFalse(java.lang.invoke.MethodHandles.arrayElementVarHandle(Object[].class)
                .compareAndSet(queue.tail.slots, stalledSlot, (Object) null, (Object) task(99)));
        queue.push(task(1)); // the retry, in a fresh slot
        assertEquals(1, queue.size());
        assertEquals(1, pop().id());
        assertNull(pop());
    }

    @Test
    void aProducerThatFindsTheNodeFullLinksANewNodeWithItsTask() {
        for (int i = 0; i < GlobalQueue.NODE_SIZE; i++) {
            queue.push(task(i));
        }
        GlobalQueue.Node full = queue.tail;
        queue.push(task(GlobalQueue.NODE_SIZE));
        assertNotSame(full, queue.tail);
        assertSame(queue.tail, full.next);
        assertEquals(GlobalQueue.NODE_SIZE + 1, queue.size());
        for (int i = 0; i <= GlobalQueue.NODE_SIZE; i++) {
            assertEquals(i, pop().id());
        }
        assertTrue(queue.isEmpty());
    }

    /**
     * A batch (a local queue's overflow) is one entry: taken whole, in its place in the FIFO order,
     * and counted as its tasks by size().
     */
    @Test
    void aBatchIsOneEntryTakenWholeAndCountedAsItsTasks() {
        queue.push(task(1));
        Object[] batch = {task(2), task(3), task(4)};
        queue.pushBatch(batch);
        queue.push(task(5));
        assertEquals(5, queue.size());
        assertEquals(1, pop().id());
        assertEquals(4, queue.size());
        assertSame(batch, queue.poll(), "the batch, whole");
        assertEquals(1, queue.size());
        assertEquals(5, pop().id());
        assertTrue(queue.isEmpty());
        assertEquals(0, queue.size());
        List<Task<?>> tasks = new ArrayList<>();
        GlobalQueue.addTasks(batch, tasks);
        GlobalQueue.addTasks(task(6), tasks);
        assertEquals(List.of(2L, 3L, 4L, 6L), tasks.stream().map(Task::id).toList());
    }

    @Test
    void clearDropsEverything() {
        for (int i = 0; i < 2 * GlobalQueue.NODE_SIZE + 3; i++) {
            queue.push(task(i));
        }
        queue.pushBatch(new Object[] {task(1), task(2)});
        queue.clear();
        assertTrue(queue.isEmpty());
        assertEquals(0, queue.size());
        assertNull(pop());
        queue.push(task(7));
        assertEquals(7, pop().id(), "the queue stays usable");
    }
}
