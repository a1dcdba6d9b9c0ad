package dev.pollbridge.runtime.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The token tree two levels down: the root's cancel walks root, then child (one lock at a time)
 * while a grandchild is made from the child. The walk reaches the child either before the
 * grandchild is linked (then the grandchild is born cancelled) or after (then the walk finds it).
 * The actor that made the grandchild records whether it was born cancelled.
 *
 * <p>Outcome: (born cancelled: 1, 0; the grandchild cancelled after both: 1).
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the child was cancelled first: born cancelled")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "linked first: the walk reached it")
@Outcome(expect = FORBIDDEN, desc = "a grandchild the cancel missed")
@State
public class CancellationTokenCancelVsGrandchildStress {

    private final CancellationToken root = new CancellationToken();
    private final CancellationToken child = root.childToken();
    private CancellationToken grandchild;

    @Actor
    public void canceller() {
        root.cancel();
    }

    @Actor
    public void registrar(II_Result r) {
        grandchild = child.childToken();
        r.r1 = grandchild.isCancelled() ? 1 : 0;
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r2 = grandchild.isCancelled() ? 1 : 0;
    }
}
