package dev.pollbridge.runtime.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Two senders of one broadcast channel send at once into a ring of 1 while a receiver waits at
 * the tail: the lock gives each send its own position, so the receiver sees the later one, after
 * a lag of exactly one (the earlier was overwritten), and both sends counted the receiver.
 *
 * <p>Outcome: (the first take: -missed for a lag; the second take: the later value, 1 or 2; the
 * sum of both sends' receiver counts).
 */
@JCStressTest
@Outcome(id = "-1, 1, 2", expect = ACCEPTABLE, desc = "2 then 1: 2 was overwritten")
@Outcome(id = "-1, 2, 2", expect = ACCEPTABLE, desc = "1 then 2: 1 was overwritten")
@Outcome(expect = FORBIDDEN, desc = "two sends in one position, a value lost without a lag")
@State
public class BroadcastSendVsSendStress {

    private final BroadcastSender<Integer> first = BroadcastSender.create(1);
    private final BroadcastSender<Integer> second = first.duplicate();
    private final BroadcastReceiver<Integer> receiver = first.subscribe();

    /** Each send's receiver count; each actor writes its own element, the arbiter reads both. */
    private final int[] counts = new int[2];

    @Actor
    public void actor1() {
        counts[0] = first.send(1);
    }

    @Actor
    public void actor2() {
        counts[1] = second.send(2);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = take();
        r.r2 = take();
        r.r3 = counts[0] + counts[1];
    }

    private int take() {
        try {
            return receiver.tryReceive().orElse(0);
        } catch (LaggedException lagged) {
            return (int) -lagged.missed();
        }
    }
}
