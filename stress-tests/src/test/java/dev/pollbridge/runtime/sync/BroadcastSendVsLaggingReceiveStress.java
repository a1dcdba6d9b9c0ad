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
 * The broadcast ring's head and tail with a lagging receiver: a ring of 2 holds values 0 and 1,
 * unread. A send of 2 (tail store, then the entry's release store) overwrites value 0 while the
 * receiver takes twice. A receiver that finds value 0 overwritten reads the tail after the entry,
 * so it always counts at least one missed value and resumes at the head; the values it receives
 * plus those it was told it missed account for every value sent.
 *
 * <p>Outcome: (first take: the value, or -missed for a lag; second take; values received plus
 * missed after draining the rest: must be 3; the last value received).
 */
@JCStressTest
@Outcome(id = "0, 1, 3, 2", expect = ACCEPTABLE, desc = "took 0 and 1 before the send, then 2")
@Outcome(id = "-1, 1, 3, 2", expect = ACCEPTABLE, desc = "sent first: lagged by 1, resumed at the head 1, then 2")
@Outcome(expect = FORBIDDEN, desc = "a lag of 0, a value skipped without a lag, or the count off")
@State
public class BroadcastSendVsLaggingReceiveStress {

    private final BroadcastSender<Integer> sender = BroadcastSender.create(2);
    private final BroadcastReceiver<Integer> receiver = sender.subscribe();

    public BroadcastSendVsLaggingReceiveStress() {
        sender.send(0);
        sender.send(1);
    }

    @Actor
    public void sender() {
        sender.send(2);
    }

    @Actor
    public void receiver(IIII_Result r) {
        r.r1 = take();
        r.r2 = take();
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        int accounted = count(r.r1) + count(r.r2);
        int last = Math.max(r.r1, r.r2);
        for (int value = take(); value != EMPTY; value = take()) {
            accounted += count(value);
            last = Math.max(last, value);
        }
        r.r3 = accounted;
        r.r4 = last;
    }

    private static final int EMPTY = Integer.MIN_VALUE;

    /** A value, -missed for a lag, or EMPTY. */
    private int take() {
        try {
            return receiver.tryReceive().orElse(EMPTY);
        } catch (LaggedException lagged) {
            return (int) -lagged.missed();
        }
    }

    private static int count(int taken) {
        return taken == EMPTY ? 0 : taken < 0 ? -taken : 1;
    }
}
