package dev.pollbridge.runtime.internal.scheduler;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.runtime.internal.task.Task;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The LIFO slot of a real {@code Worker} (of an engine whose threads are not started) holds task
 * a; its owner takes it after a poll ({@code takeLifo}, a CAS) while another thread (a searcher
 * or the watchdog, deciding the owner is stuck) steals it ({@code stealLifo}, a CAS). Exactly one
 * of them gets it: a task run twice, or by nobody, would break rule T2 or lose the task.
 *
 * <p>Outcome: (the owner got a: 1 or 0; the stealer got it: 1 or 0).
 */
@JCStressTest
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the owner took it first")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "the stealer took it first")
@Outcome(expect = FORBIDDEN, desc = "taken twice, or by nobody")
@State
public class LifoSlotTakeVsStealStress {

    private final WorkStealingEngine engine = Engines.unstarted(2);
    private final Worker worker = engine.workers[0];
    private final Task<?> a = Engines.task(engine);

    public LifoSlotTakeVsStealStress() {
        worker.scheduleWoken(a);
    }

    @Actor
    public void owner(II_Result r) {
        r.r1 = worker.takeLifo() == a ? 1 : 0;
    }

    @Actor
    public void stealer(II_Result r) {
        r.r2 = worker.stealLifo(a) ? 1 : 0;
    }
}
