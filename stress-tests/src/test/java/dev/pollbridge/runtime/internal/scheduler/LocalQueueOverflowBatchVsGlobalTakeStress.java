package dev.pollbridge.runtime.internal.scheduler;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.runtime.internal.task.Task;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * A real {@code Worker} whose local queue is full at its largest (tasks 1..C, C =
 * {@code LocalQueue.INITIAL_CAPACITY}, the engine's queues set not to grow) pushes task C + 1: the
 * overflow hands the older half and C + 1 to the global queue as one batch entry. Meanwhile another
 * worker takes its share of the global queue, which holds one single task (0) to begin with. The
 * taker gets the single task, and the batch too if it was there when it looked again: a batch is
 * taken whole (its empty local queue has room for all C / 2 + 1).
 *
 * <p>Outcome: (tasks the taker got: returned plus queued; tasks left in the global queue; tasks in
 * the owner's queue; 1 if every task is in exactly one place and each place holds them in FIFO
 * order).
 */
@JCStressTest
@Outcome(id = "1, " + (LocalQueue.INITIAL_CAPACITY / 2 + 1) + ", " + LocalQueue.INITIAL_CAPACITY / 2 + ", 1", expect = ACCEPTABLE, desc = "the take came first (or looked once): the batch waits in the global queue")
@Outcome(id = (LocalQueue.INITIAL_CAPACITY / 2 + 2) + ", 0, " + LocalQueue.INITIAL_CAPACITY / 2 + ", 1", expect = ACCEPTABLE, desc = "the batch came first: taken whole, after the single task")
@Outcome(expect = FORBIDDEN, desc = "a task lost, duplicated or out of order")
@State
public class LocalQueueOverflowBatchVsGlobalTakeStress {

    private static final int FULL = LocalQueue.INITIAL_CAPACITY;

    private final WorkStealingEngine engine = Engines.unstarted(2, FULL);
    private final Worker owner = engine.workers[0];
    private final Worker taker = engine.workers[1];
    private final Task<?>[] tasks = new Task<?>[FULL + 2];
    private Task<?> taken;

    public LocalQueueOverflowBatchVsGlobalTakeStress() {
        for (int i = 0; i < tasks.length; i++) {
            tasks[i] = new Task<Object>(i, null, engine, false, 0L);
        }
        for (int i = 1; i <= FULL; i++) {
            owner.queue.pushBack(tasks[i], overflow -> { throw new AssertionError(); });
        }
        engine.global.push(tasks[0]);
    }

    @Actor
    public void owner() {
        owner.pushBack(tasks[FULL + 1]);
    }

    @Actor
    public void taker() {
        taken = taker.takeGlobalBatch();
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        List<Task<?>> got = new ArrayList<>();
        if (taken != null) {
            got.add(taken);
        }
        drain(taker.queue, got);
        List<Task<?>> global = new ArrayList<>();
        for (Object entry; (entry = engine.global.poll()) != null; ) {
            GlobalQueue.addTasks(entry, global);
        }
        List<Task<?>> left = new ArrayList<>();
        drain(owner.queue, left);
        int[] seen = new int[tasks.length];
        boolean ordered = countAndCheckOrder(got, seen) & countAndCheckOrder(global, seen)
                & countAndCheckOrder(left, seen);
        for (int count : seen) {
            ordered &= count == 1;
        }
        r.r1 = got.size();
        r.r2 = global.size();
        r.r3 = left.size();
        r.r4 = ordered ? 1 : 0;
    }

    private static void drain(LocalQueue<Task<?>> queue, List<Task<?>> into) {
        for (Task<?> task = queue.pop(); task != null; task = queue.pop()) {
            into.add(task);
        }
    }

    /** Counts each task's id in {@code seen}; true if the ids rise (FIFO order within one place). */
    private static boolean countAndCheckOrder(List<Task<?>> found, int[] seen) {
        boolean ordered = true;
        long previous = -1;
        for (Task<?> task : found) {
            int id = (int) task.id();
            seen[id]++;
            ordered &= id > previous;
            previous = id;
        }
        return ordered;
    }
}
