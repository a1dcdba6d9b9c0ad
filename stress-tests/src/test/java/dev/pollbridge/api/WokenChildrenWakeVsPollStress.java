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
 * {@code WokenChildren} (rule 6): the join's poll takes a child that is already queued (an
 * earlier wake), clears its queued flag and polls it, while the child completes and wakes again.
 * A wake that finds the child still queued pushes nothing, so the poll after the clear must see
 * the completion; a wake after the clear must queue the child again, once. The child's state is
 * volatile, as every child synchronises its own state (rules 6 and 10).
 *
 * <p>Outcome: (the poll saw the completion, times the child is queued afterwards, task wakes
 * during the race).
 */
@JCStressTest
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "the wake came before the clear: the poll saw the completion")
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE, desc = "the wake came after the poll: queued again, task woken")
@Outcome(id = "1, 1, 1", expect = ACCEPTABLE_INTERESTING, desc = "the wake came after the clear and the poll saw it too: one spurious child poll next time")
@Outcome(expect = FORBIDDEN, desc = "a lost wake (completion neither seen nor queued) or the child queued twice")
@State
public class WokenChildrenWakeVsPollStress {

    private final CountingWaker task = new CountingWaker();
    private final WokenChildren woken = new WokenChildren(1);
    private final Waker child;
    private volatile int completed;

    public WokenChildrenWakeVsPollStress() {
        woken.beginPoll(task.context()); // the first poll: the child is pending with its waker
        woken.next();
        child = woken.contextFor(0, task.context()).waker();
        woken.next();
        child.wake(); // a spurious wake: the child is queued and the task woken once
    }

    @Actor
    public void poller(III_Result r) {
        woken.beginPoll(task.context());
        if (woken.next() == 0 && woken.next() == -1) {
            woken.contextFor(0, task.context()); // the clear, then the child's poll:
            r.r1 = completed;
        } else {
            r.r1 = -1; // the earlier wake's push was not taken: a bug of its own
        }
    }

    @Actor
    public void completer() {
        completed = 1;
        child.wake();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        woken.beginPoll(task.context());
        r.r2 = 0;
        while (woken.next() >= 0) {
            r.r2++;
        }
        r.r3 = task.wakes() - 1;
    }
}
