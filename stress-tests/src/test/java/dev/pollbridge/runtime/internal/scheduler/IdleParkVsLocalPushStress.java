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
 * The no-lost-wake argument of {@code Idle}, with a local push: worker 1 is running and pushes a
 * task to its own queue ({@code Worker.pushBack}: release store of the tail, full fence, then
 * {@code notifyParked}), while worker 0, the last searcher, gives up and parks. The task can be
 * stolen, so a parked worker must hear of it. The worker-0 actor runs the part of
 * {@code Worker.park()} before the blocking {@code Parker.park()}, as in
 * {@link IdleParkVsRemotePushStress}; the arbiter reads whether worker 0 would stay asleep.
 *
 * <p>Without the full fence in {@code pushBack}, the producer's read of the idle word could pass
 * its tail store (store buffering) and both sides could miss each other; this test is the check
 * of that fence.
 *
 * <p>Outcome: (worker 0 saw the task before parking, it was taken off the sleeper list, its
 * parker holds a permit).
 */
@JCStressTest
@Outcome(id = "true, true, false", expect = ACCEPTABLE, desc = "worker 0 saw the task and did not park")
@Outcome(id = "false, true, true", expect = ACCEPTABLE, desc = "worker 0 parked and was unparked (by the pusher or its own re-check)")
@Outcome(expect = FORBIDDEN, desc = "lost wake: parked with a stealable task queued, or listed off without a permit")
@State
public class IdleParkVsLocalPushStress {

    private final WorkStealingEngine engine = Engines.unstarted(2);

    public IdleParkVsLocalPushStress() {
        if (!engine.idle.transitionWorkerToSearching()) {
            throw new AssertionError("one of two workers may search");
        }
    }

    @Actor
    public void parkingWorker(ZZZ_Result r) {
        r.r1 = engine.hasVisibleWork();
        if (!r.r1) {
            if (engine.idle.transitionWorkerToParked(0, true)) {
                engine.notifyIfWorkPending();
            }
        }
    }

    @Actor
    public void runningWorker() {
        engine.workers[1].pushBack(Engines.task(engine));
    }

    @Arbiter
    public void arbiter(ZZZ_Result r) {
        r.r2 = engine.idle.transitionWorkerFromParked(0);
        r.r3 = engine.parkers[0].spinForPermit(0);
    }
}
