package dev.pollbridge.api;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.stress.CountingWaker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * {@code ReadySet}: a wake of a pending child races the owner's drain of the ready queue and a
 * push of a new child. The owner takes the queue (and polls the child if the wake was in it),
 * then pushes; the woken child must be polled exactly once, by this poll or the next, and the
 * pushed child exactly once, by the next; the task is woken once.
 *
 * <p>Outcome: (the woken child polled by the racing poll, by the next poll, the pushed child
 * polled by the next poll, task wakes).
 */
@JCStressTest
@Outcome(id = "1, 0, 1, 1", expect = ACCEPTABLE, desc = "the wake came before the drain: polled at once")
@Outcome(id = "0, 1, 1, 1", expect = ACCEPTABLE, desc = "the wake came after the drain: polled by the next poll")
@Outcome(expect = FORBIDDEN, desc = "a child lost or polled twice, a push lost, or a task wake missing or doubled")
@State
public class ReadySetWakeVsDrainAndPushStress {

    private final CountingWaker task = new CountingWaker();
    private final ReadySet<String> set = new ReadySet<>();
    private final ReadySet.Node<String> woken;

    public ReadySetWakeVsDrainAndPushStress() {
        woken = set.add("woken");
        set.beginPoll(task.context()); // the first poll: the child is pending with its waker
        set.contextFor(set.next(), task.context());
        set.next();
    }

    @Actor
    public void owner(IIII_Result r) {
        set.beginPoll(task.context());
        for (ReadySet.Node<String> node = set.next(); node != null; node = set.next()) {
            set.contextFor(node, task.context()); // polled (and pending again)
            r.r1 += node == woken ? 1 : 0;
        }
        set.add("pushed");
    }

    @Actor
    public void waker() {
        woken.wake();
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        set.beginPoll(task.context());
        for (ReadySet.Node<String> node = set.next(); node != null; node = set.next()) {
            set.contextFor(node, task.context());
            if (node == woken) {
                r.r2++;
            } else if ("pushed".equals(node.child)) {
                r.r3++;
            }
        }
        r.r4 = task.wakes();
    }
}
