package dev.pollbridge.runtime.internal.scheduler;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.runtime.internal.task.Task;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The owner of a real {@code Worker} spawns task b while its LIFO slot holds a, and another
 * thread steals a from the slot. A spawn does not displace: it fills the slot only if it is empty,
 * else it queues b. Every task ends up in exactly one place.
 *
 * <p>Outcome: (the stealer got a: 1 or 0; the queue's tasks as digits in pop order, 2 for b, 0 for
 * none; the slot afterwards: 1 for a, 2 for b, 0 for empty).
 */
@JCStressTest
@Outcome(id = "1, 2, 0", expect = ACCEPTABLE, desc = "spawned first: b queued; then a stolen, the slot empty")
@Outcome(id = "1, 0, 2", expect = ACCEPTABLE, desc = "stolen first: the spawn found the slot empty and filled it")
@Outcome(expect = FORBIDDEN, desc = "a or b lost or in two places, or a displaced")
@State
public class LifoSlotSpawnVsStealStress {

    private final WorkStealingEngine engine = Engines.unstarted(2);
    private final Worker worker = engine.workers[0];
    private final Task<?> a = Engines.task(engine);
    private final Task<?> b = Engines.task(engine);

    public LifoSlotSpawnVsStealStress() {
        worker.scheduleWoken(a);
    }

    @Actor
    public void owner() {
        worker.scheduleSpawned(b);
    }

    @Actor
    public void stealer(III_Result r) {
        r.r1 = worker.stealLifo(a) ? 1 : 0;
    }

    @Arbiter
    public void arbiter(III_Result r) {
        int digits = 0;
        for (Task<?> task = worker.queue.pop(); task != null; task = worker.queue.pop()) {
            digits = digits * 10 + (task == b ? 2 : 9);
        }
        r.r2 = digits;
        Task<?> slot = worker.takeLifo();
        r.r3 = slot == a ? 1 : slot == b ? 2 : slot == null ? 0 : 9;
    }
}
