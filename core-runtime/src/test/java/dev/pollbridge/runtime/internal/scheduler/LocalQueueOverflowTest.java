package dev.pollbridge.runtime.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.internal.task.Task;
import dev.pollbridge.runtime.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A full local queue hands its older half and the pushed task to the global queue as one batch
 * entry, and a worker takes a batch whole: every task ends up in exactly one queue, in FIFO order,
 * whatever room the taker has. Real workers of an engine whose threads are never started; the test
 * thread plays each worker's owner in turn.
 */
class LocalQueueOverflowTest {

    /** A worker's queue at its largest. */
    private static final int FULL = LocalQueue.MAX_CAPACITY;
    private static final int HALF = LocalQueue.MAX_CAPACITY / 2;

    private final WorkStealingEngine engine = new WorkStealingEngine(new EngineConfig(2, 1, Duration.ofSeconds(1),
            "overflow-", Duration.ofDays(1), failure -> { }, Clock.system(), true, null));
    private final Worker owner = engine.workers[0];
    private final Worker taker = engine.workers[1];
    private int nextId;

    @Test
    void aFullLocalQueueHandsItsOlderHalfAndThePushedTaskToTheGlobalQueueAsOneEntry() {
        List<Task<?>> pushed = pushTasks(owner, FULL + 1);

        assertEquals(HALF + 1, engine.global.size(), "the size counts a batch's tasks");
        Object entry = engine.global.poll();
        assertInstanceOf(Object[].class, entry, "one batch entry");
        List<Task<?>> expected = new ArrayList<>(pushed.subList(0, HALF));
        expected.add(pushed.get(FULL));
        assertEquals(ids(expected), ids(tasksOf(entry)), "the older half, then the pushed task, in order");
        assertTrue(engine.global.isEmpty());
        assertEquals(ids(pushed.subList(HALF, FULL)), ids(drain(owner.queue)), "the newer half stays");
    }

    @Test
    void aTakerRunsABatchsFirstTaskAndQueuesTheRestLocally() {
        List<Task<?>> pushed = pushTasks(owner, FULL + 1);
        Task<?> first = taker.takeGlobalBatch();

        assertSame(pushed.get(0), first);
        List<Task<?>> expected = new ArrayList<>(pushed.subList(1, HALF));
        expected.add(pushed.get(FULL));
        assertEquals(ids(expected), ids(drain(taker.queue)));
        assertTrue(engine.global.isEmpty());
        assertEquals(0, engine.global.size());
    }

    /** The first version dropped the batch's first task here (it took it for the one to run). */
    @Test
    void aBatchMetAfterASingleTaskInOneTakeIsQueuedWholeGrowingTheTakersQueue() {
        Task<?> single = task();
        engine.global.push(single);
        List<Task<?>> pushed = pushTasks(owner, FULL + 1);

        assertSame(single, taker.takeGlobalBatch());
        List<Task<?>> batch = new ArrayList<>(pushed.subList(0, HALF));
        batch.add(pushed.get(FULL));
        assertEquals(ids(batch), ids(drain(taker.queue)), "the whole batch, in order");
        assertTrue(engine.global.isEmpty());
    }

    @Test
    void aTakerWithLittleRoomSendsTheRestOfTheBatchBackAsOneEntry() {
        int room = 56;
        List<Task<?>> local = pushTasks(taker, FULL - room);
        List<Task<?>> pushed = pushTasks(owner, FULL + 1);
        List<Task<?>> batch = new ArrayList<>(pushed.subList(0, HALF));
        batch.add(pushed.get(FULL));

        assertSame(batch.get(0), taker.takeGlobalBatch());
        List<Task<?>> queued = new ArrayList<>(local);
        queued.addAll(batch.subList(1, 1 + room));
        assertEquals(ids(queued), ids(drain(taker.queue)), "its own tasks, then as many of the batch as fit");
        assertEquals(HALF - room, engine.global.size());
        Object rest = engine.global.poll();
        assertInstanceOf(Object[].class, rest, "the rest as one entry");
        assertEquals(ids(batch.subList(1 + room, HALF + 1)), ids(tasksOf(rest)));
        assertTrue(engine.global.isEmpty());
    }

    @Test
    void theCloserDrainsEveryTaskOfABatch() {
        List<Task<?>> pushed = pushTasks(owner, FULL + 1);
        List<Task<?>> drained = new ArrayList<>();
        engine.clearQueues(drained);

        assertEquals(FULL + 1, drained.size());
        assertTrue(drained.containsAll(pushed));
        assertEquals(0, engine.global.size());
    }

    private Task<?> task() {
        return GlobalQueueTest.task(nextId++);
    }

    private List<Task<?>> pushTasks(Worker worker, int count) {
        List<Task<?>> tasks = new ArrayList<>();
        IntStream.range(0, count).forEach(i -> {
            Task<?> task = task();
            tasks.add(task);
            worker.pushBack(task);
        });
        return tasks;
    }

    private static List<Task<?>> drain(LocalQueue<Task<?>> queue) {
        List<Task<?>> tasks = new ArrayList<>();
        for (Task<?> task; (task = queue.pop()) != null; ) {
            tasks.add(task);
        }
        return tasks;
    }

    private List<Task<?>> drainGlobal() {
        List<Task<?>> tasks = new ArrayList<>();
        for (Object entry; (entry = engine.global.poll()) != null; ) {
            GlobalQueue.addTasks(entry, tasks);
        }
        return tasks;
    }

    /** Ids, for readable failures. */
    private static List<Long> ids(List<Task<?>> tasks) {
        return tasks.stream().map(Task::id).toList();
    }

    private static List<Task<?>> tasksOf(Object entry) {
        List<Task<?>> tasks = new ArrayList<>();
        GlobalQueue.addTasks(entry, tasks);
        return tasks;
    }
}
