package dev.pollbridge.runtime.sync;

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
 * The token tree: a parent's {@code cancel()} races a child's registration ({@code childToken()}
 * checks the parent's flag and links the child under the parent's lock; the cancel sets the flag
 * and walks the children under it) and the first poll of the child's {@code cancelled()}. The
 * child is born cancelled or reached by the walk, and its waiter is ready or woken.
 *
 * <p>Outcome: (the child's {@code cancelled()} first poll: 1 ready, 0 pending; wakes; the child
 * cancelled after both: 1).
 */
@JCStressTest
@Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "cancelled before the poll (born cancelled, or reached first)")
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE, desc = "the poll waited first: the cancel woke it")
@Outcome(expect = FORBIDDEN, desc = "the child missed by the cancel, or a waiter never woken")
@State
public class CancellationTokenCancelVsChildStress {

    private final CancellationToken parent = new CancellationToken();
    private final CountingWaker waker = new CountingWaker();
    private CancellationToken child;

    @Actor
    public void canceller() {
        parent.cancel();
    }

    @Actor
    public void registrar(III_Result r) {
        child = parent.childToken();
        r.r1 = child.cancelled().poll(waker.context()).isReady() ? 1 : 0;
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = waker.wakes();
        r.r3 = child.isCancelled() ? 1 : 0;
    }
}
