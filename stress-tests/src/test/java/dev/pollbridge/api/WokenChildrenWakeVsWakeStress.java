package dev.pollbridge.api;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.stress.CountingWaker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@code WokenChildren}: wakes coalesce (rule 8). Two threads wake the same idle child at once,
 * and each wakes another child; every woken child is queued exactly once and the task is woken
 * once per child queued.
 *
 * <p>Outcome: (children in the next batch, as a bit set plus 10 times duplicates; task wakes).
 */
@JCStressTest
@Outcome(id = "7, 3", expect = ACCEPTABLE, desc = "children 0, 1 and 2 each queued once, one task wake each")
@Outcome(expect = FORBIDDEN, desc = "a child lost or queued twice, or a task wake missing")
@State
public class WokenChildrenWakeVsWakeStress {

    private final CountingWaker task = new CountingWaker();
    private final WokenChildren woken = new WokenChildren(3);
    private final Waker shared;
    private final Waker first;
    private final Waker second;

    public WokenChildrenWakeVsWakeStress() {
        woken.beginPoll(task.context()); // the first poll: every child pending with its waker
        while (woken.next() >= 0) {
            // polled, pending
        }
        shared = woken.contextFor(0, task.context()).waker();
        first = woken.contextFor(1, task.context()).waker();
        second = woken.contextFor(2, task.context()).waker();
    }

    @Actor
    public void waker1() {
        shared.wake();
        first.wake();
    }

    @Actor
    public void waker2() {
        second.wake();
        shared.wake();
    }

    @Arbiter
    public void arbiter(II_Result r) {
        woken.beginPoll(task.context());
        int seen = 0;
        int duplicates = 0;
        for (int i = woken.next(); i >= 0; i = woken.next()) {
            int bit = 1 << i;
            duplicates += (seen & bit) != 0 ? 1 : 0;
            seen |= bit;
        }
        r.r1 = seen + 10 * duplicates;
        r.r2 = task.wakes();
    }
}
