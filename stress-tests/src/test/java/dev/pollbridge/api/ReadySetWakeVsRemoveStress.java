package dev.pollbridge.api;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.stress.CountingWaker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@code ReadySet}: a child's late wake races its removal (it finished, or the set was cleared),
 * while another child wakes too. A removed child is never handed to the owner again, whenever its
 * wake lands; the other child is polled exactly once.
 *
 * <p>Outcome: (the removed child handed out afterwards, the other child handed out, task wakes:
 * 1 or 2, as the removed child's wake landed before or after its removal).
 */
@JCStressTest
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE, desc = "the removed child's wake came after the removal: it did nothing")
@Outcome(id = "0, 1, 2", expect = ACCEPTABLE, desc = "its wake came before the removal: a spurious task wake, the child skipped")
@Outcome(expect = FORBIDDEN, desc = "a removed child handed out, or the other child lost or doubled")
@State
public class ReadySetWakeVsRemoveStress {

    private final CountingWaker task = new CountingWaker();
    private final ReadySet<String> set = new ReadySet<>();
    private final ReadySet.Node<String> removed;
    private final ReadySet.Node<String> other;

    public ReadySetWakeVsRemoveStress() {
        removed = set.add("removed");
        other = set.add("other");
        set.beginPoll(task.context()); // the first poll: both pending with their wakers
        for (ReadySet.Node<String> node = set.next(); node != null; node = set.next()) {
            set.contextFor(node, task.context());
        }
    }

    @Actor
    public void owner() {
        set.remove(removed);
    }

    @Actor
    public void waker() {
        removed.wake();
        other.wake();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        set.beginPoll(task.context());
        for (ReadySet.Node<String> node = set.next(); node != null; node = set.next()) {
            if (node == removed) {
                r.r1++;
            } else if (node == other) {
                r.r2++;
            }
        }
        r.r3 = task.wakes();
    }
}
