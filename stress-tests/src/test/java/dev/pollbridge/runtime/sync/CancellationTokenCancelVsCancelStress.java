package dev.pollbridge.runtime.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Two cancels in one tree at once: the root's and the child's. Each {@code cancel()} promises
 * that when it returns, every descendant of its token is cancelled, even if the other cancel set
 * some flags first (then it walks on through them rather than stopping). Each actor checks the
 * grandchild right after its own cancel returned.
 *
 * <p>Outcome: (the grandchild cancelled when the root's cancel returned; when the child's did).
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "both cancels saw the whole subtree cancelled")
@Outcome(expect = FORBIDDEN, desc = "a cancel returned before its descendants were cancelled")
@State
public class CancellationTokenCancelVsCancelStress {

    private final CancellationToken root = new CancellationToken();
    private final CancellationToken child = root.childToken();
    private final CancellationToken grandchild = child.childToken();
    private final CancellationToken greatGrandchild = grandchild.childToken();

    @Actor
    public void rootCanceller(II_Result r) {
        root.cancel();
        r.r1 = greatGrandchild.isCancelled() ? 1 : 0;
    }

    @Actor
    public void childCanceller(II_Result r) {
        child.cancel();
        r.r2 = greatGrandchild.isCancelled() ? 1 : 0;
    }
}
