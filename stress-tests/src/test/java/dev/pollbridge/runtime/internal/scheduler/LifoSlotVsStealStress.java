package dev.pollbridge.runtime.internal.scheduler;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.runtime.internal.task.Task;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The LIFO slot hand-off of a real {@code Worker} (of an engine whose threads are not started):
 * the worker's thread schedules task a, then task b, as wakes from the task it polls (a goes to
 * the slot; b takes the slot and pushes a to the back of the local queue), while another worker
 * steals from that queue. A queue steal never takes the slot's task (only a {@code stealLifo}
 * of a stuck owner may, see {@code LifoSlotTakeVsStealStress}); the displaced task is published to
 * stealers by the queue push.
 *
 * <p>The arbiter reads what the slot holds the only way the worker exposes it: it schedules a
 * third task c, which pushes the slot's task to the queue, then pops the queue.
 *
 * <p>Outcome: (task the stealer got: 0 none, 1 a, 2 b; the queue after the arbiter's hand-off, as
 * digits in pop order).
 */
@JCStressTest
@Outcome(id = "0, 12", expect = ACCEPTABLE, desc = "the steal came before a was displaced: a then b are queued")
@Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "the stealer took the displaced a; b stayed in the slot")
@Outcome(expect = FORBIDDEN, desc = "the slot's task stolen, or a task lost or duplicated")
@State
public class LifoSlotVsStealStress {

    private final WorkStealingEngine engine = Engines.unstarted(1);
    private final Worker worker = engine.workers[0];
    private final LocalQueue<Task<?>> stealerQueue = new LocalQueue<>();
    private final Task<?> a = Engines.task(engine);
    private final Task<?> b = Engines.task(engine);
    private final Task<?> c = Engines.task(engine);

    @Actor
    public void owner() {
        worker.scheduleWoken(a);
        worker.scheduleWoken(b);
    }

    @Actor
    public void stealer(II_Result r) {
        r.r1 = code(worker.queue.stealInto(stealerQueue, null));
    }

    @Arbiter
    public void arbiter(II_Result r) {
        worker.scheduleWoken(c);
        int digits = 0;
        for (Task<?> task = worker.queue.pop(); task != null; task = worker.queue.pop()) {
            digits = digits * 10 + code(task);
        }
        r.r2 = digits;
    }

    private int code(Task<?> task) {
        return task == null ? 0 : task == a ? 1 : task == b ? 2 : task == c ? 3 : 9;
    }
}
