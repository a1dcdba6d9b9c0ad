package dev.pollbridge.runtime.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * The watch's version counter: two senders replace the value at once (a CAS of the snapshot
 * each). Each replacement adds exactly 1 to the version and returns the value it replaced, so one
 * sender gets the initial value back and the other the first sender's.
 *
 * <p>Outcome: (the value actor 1 replaced: 0 initial, 2 actor 2's; the value actor 2 replaced: 0
 * initial, 1 actor 1's; the version after both; the final value: 1 or 2).
 */
@JCStressTest
@Outcome(id = "0, 1, 2, 2", expect = ACCEPTABLE, desc = "actor 1 first, then actor 2")
@Outcome(id = "2, 0, 2, 1", expect = ACCEPTABLE, desc = "actor 2 first, then actor 1")
@Outcome(expect = FORBIDDEN, desc = "a send lost, a version skipped or counted twice")
@State
public class WatchSendVsSendStress {

    private final WatchSender<Integer> first = WatchSender.create(0);
    private final WatchSender<Integer> second = first.duplicate();
    private final WatchReceiver<Integer> receiver = first.subscribe();

    @Actor
    public void actor1(IIII_Result r) {
        r.r1 = first.sendReplace(1);
    }

    @Actor
    public void actor2(IIII_Result r) {
        r.r2 = second.sendReplace(2);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r4 = receiver.borrowAndUpdate();
        r.r3 = (int) receiver.seen; // borrowAndUpdate marked the current version seen
    }
}
