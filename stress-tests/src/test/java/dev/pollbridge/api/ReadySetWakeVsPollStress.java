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
 * {@code ReadySet} (the ready queue of {@code FuturesUnordered}, rule 6): the owner's poll takes a
 * child that is already queued (an earlier wake), clears its queued flag and polls it, while the
 * child completes and wakes again. A wake that finds the child still queued pushes nothing, so
 * the poll after the clear must see the completion; a wake after the clear must queue the child
 * again, once. The child's state is volatile, as every child synchronises its own state.
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
public class ReadySetWakeVsPollStress {

    private final CountingWaker task = new CountingWaker();
    private final ReadySet<Object> set = new ReadySet<>();
    private final ReadySet.Node<Object> node;
    private volatile int completed;

    public ReadySetWakeVsPollStress() {
        node = set.add("child");
        set.beginPoll(task.context()); // the first poll: the child is pending with its waker
        set.contextFor(set.next(), task.context());
        set.next();
        node.wake(); // a spurious wake: the child is queued and the task woken once
    }

    @Actor
    public void poller(III_Result r) {
        set.beginPoll(task.context());
        if (set.next() == node && set.next() == null) {
            set.contextFor(node, task.context()); // the clear, then the child's poll:
            r.r1 = completed;
        } else {
            r.r1 = -1; // the earlier wake's push was not taken: a bug of its own
        }
    }

    @Actor
    public void completer() {
        completed = 1;
        node.wake();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        set.beginPoll(task.context());
        r.r2 = 0;
        while (set.next() != null) {
            r.r2++;
        }
        r.r3 = task.wakes() - 1;
    }
}
