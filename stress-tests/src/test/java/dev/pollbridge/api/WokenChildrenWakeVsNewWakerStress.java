package dev.pollbridge.api;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.stress.CountingWaker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@code WokenChildren} (rule 7): the join moved to another task, whose first poll stores its
 * waker while a child wakes. The children keep their child wakers, so nothing re-registers them:
 * a wake that still read the old task's waker must have queued the child before the new poll
 * took the stack, and then the new poll polls the child; otherwise the new task is woken.
 *
 * <p>Outcome: (the new poll polled the child, old task's wakes, new task's wakes).
 */
@JCStressTest
@Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "wake first (old waker): the new poll polls the child")
@Outcome(id = "0, 0, 1", expect = ACCEPTABLE, desc = "the new poll first: the new task is woken")
@Outcome(id = "1, 0, 1", expect = ACCEPTABLE_INTERESTING, desc = "pushed before the take, woke the new waker: one spurious task wake")
@Outcome(expect = FORBIDDEN, desc = "the child neither polled nor the new task woken: a lost wake")
@State
public class WokenChildrenWakeVsNewWakerStress {

    private final CountingWaker oldTask = new CountingWaker();
    private final CountingWaker newTask = new CountingWaker();
    private final WokenChildren woken = new WokenChildren(1);
    private final Waker child;

    public WokenChildrenWakeVsNewWakerStress() {
        woken.beginPoll(oldTask.context()); // polled by the old task: the child is pending
        woken.next();
        child = woken.contextFor(0, oldTask.context()).waker();
        woken.next();
    }

    @Actor
    public void newPoll(III_Result r) {
        woken.beginPoll(newTask.context());
        r.r1 = woken.next() + 1; // 1 if child 0 is to be polled, 0 if none
    }

    @Actor
    public void wake() {
        child.wake();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = oldTask.wakes();
        r.r3 = newTask.wakes();
    }
}
