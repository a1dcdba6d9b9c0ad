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
 * The owner of a real {@code Worker} puts task b into its LIFO slot, which holds a (the swap that
 * displaces a to the local queue), while another thread steals a from the slot. a ends up in
 * exactly one place (stolen, or in the queue) and b in the slot: the owner's swap returns null
 * when the stealer was first, and then it queues nothing.
 *
 * <p>Outcome: (the stealer got a: 1 or 0; the queue's tasks as digits in pop order, 1 for a, 0 for
 * none; the slot afterwards: 2 for b).
 */
@JCStressTest
@Outcome(id = "1, 0, 2", expect = ACCEPTABLE, desc = "stolen first: nothing displaced, b in the slot")
@Outcome(id = "0, 1, 2", expect = ACCEPTABLE, desc = "displaced first: a queued, the steal found b and left it")
@Outcome(expect = FORBIDDEN, desc = "a lost or in two places, or b not in the slot")
@State
public class LifoSlotDisplaceVsStealStress {

    private final WorkStealingEngine engine = Engines.unstarted(2);
    private final Worker worker = engine.workers[0];
    private final Task<?> a = Engines.task(engine);
    private final Task<?> b = Engines.task(engine);

    public LifoSlotDisplaceVsStealStress() {
        worker.scheduleWoken(a);
    }

    @Actor
    public void owner() {
        worker.scheduleWoken(b);
    }

    @Actor
    public void stealer(III_Result r) {
        r.r1 = worker.stealLifo(a) ? 1 : 0;
    }

    @Arbiter
    public void arbiter(III_Result r) {
        int digits = 0;
        for (Task<?> task = worker.queue.pop(); task != null; task = worker.queue.pop()) {
            digits = digits * 10 + (task == a ? 1 : 9);
        }
        r.r2 = digits;
        Task<?> slot = worker.takeLifo();
        r.r3 = slot == b ? 2 : slot == null ? 0 : 9;
    }
}
