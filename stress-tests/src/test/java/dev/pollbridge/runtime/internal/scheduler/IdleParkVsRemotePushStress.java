package dev.pollbridge.runtime.internal.scheduler;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZZ_Result;

/**
 * The no-lost-wake argument of {@code Idle}, with a foreign producer: the only worker of an
 * engine is the last searcher and gives up (it found no work) to park, while a thread outside the
 * runtime schedules a task (global queue push, then {@code notifyParked}).
 *
 * <p>The worker actor runs what {@code Worker.park()} does before it blocks: look for work once
 * more ({@code hasVisibleWork}), then {@code idle.transitionWorkerToParked} and, as the last
 * searcher, re-check every queue ({@code notifyIfWorkPending}). The actual {@code Parker.park()}
 * is not called (it would block the actor); instead the arbiter reads whether the worker would
 * stay asleep: still on the sleeper list, and whether its parker holds a permit. Interleavings:
 * <ul>
 *   <li>the push lands before the worker's look: it sees the work and does not park;
 *   <li>the push lands after the worker's look: either the producer sees no searcher and unparks
 *       the parked worker, or the worker's re-check (after its decrement) sees the push and
 *       unparks itself; the two volatile read-modify-writes make at least one of these happen.
 * </ul>
 * Outcome: (the worker saw the work before parking, it was taken off the sleeper list, its parker
 * holds a permit). Forbidden: a worker that parks on the list with the task queued (lost wake),
 * or one taken off the list without a permit (it would park forever).
 */
@JCStressTest
@Outcome(id = "true, true, false", expect = ACCEPTABLE, desc = "the worker saw the task and did not park")
@Outcome(id = "false, true, true", expect = ACCEPTABLE, desc = "the worker parked and was unparked (by the producer or its own re-check)")
@Outcome(expect = FORBIDDEN, desc = "lost wake: parked with a task queued, or listed off without a permit")
@State
public class IdleParkVsRemotePushStress {

    private final WorkStealingEngine engine = Engines.unstarted(1);

    public IdleParkVsRemotePushStress() {
        if (!engine.idle.transitionWorkerToSearching()) {
            throw new AssertionError("a lone worker may always search");
        }
    }

    @Actor
    public void worker(ZZZ_Result r) {
        r.r1 = engine.hasVisibleWork();
        if (!r.r1) {
            if (engine.idle.transitionWorkerToParked(0, true)) {
                engine.notifyIfWorkPending();
            }
        }
    }

    @Actor
    public void producer() {
        engine.schedule(Engines.task(engine));
    }

    @Arbiter
    public void arbiter(ZZZ_Result r) {
        r.r2 = engine.idle.transitionWorkerFromParked(0);
        r.r3 = engine.parkers[0].spinForPermit(0);
    }
}
