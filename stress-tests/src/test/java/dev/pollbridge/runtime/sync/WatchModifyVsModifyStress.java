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
 * The watch's compare-and-set retry: {@code sendIfModified(v -> v + 1)} and
 * {@code sendModify(v -> v + 10)} at once. The update that loses the CAS is applied again to the
 * winner's value, so neither update is lost, and the version counts both.
 *
 * <p>Outcome: (the final value; the version).
 */
@JCStressTest
@Outcome(id = "11, 2", expect = ACCEPTABLE, desc = "both updates applied, in either order")
@Outcome(expect = FORBIDDEN, desc = "an update lost (a CAS that did not retry), or a version miscounted")
@State
public class WatchModifyVsModifyStress {

    private final WatchSender<Integer> first = WatchSender.create(0);
    private final WatchSender<Integer> second = first.duplicate();
    private final WatchReceiver<Integer> receiver = first.subscribe();

    @Actor
    public void increment() {
        first.sendIfModified(value -> value + 1);
    }

    @Actor
    public void addTen() {
        second.sendModify(value -> value + 10);
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r1 = receiver.borrowAndUpdate();
        r.r2 = (int) receiver.seen; // borrowAndUpdate marked the current version seen
    }
}
