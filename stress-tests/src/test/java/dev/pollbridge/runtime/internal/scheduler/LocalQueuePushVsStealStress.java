package dev.pollbridge.runtime.internal.scheduler;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@code LocalQueue}: the owner pushes 1 then 2 (new objects, their field written just before
 * each push) while a stealer steals from the empty-looking queue. The owner's slot write is a
 * plain store published by the release store of {@code tail}; the stealer reads {@code tail}
 * with acquire before it reads slots, so a stolen element is always seen fully written.
 * <ul>
 *   <li>the stealer sees no element: nothing stolen;
 *   <li>it sees one or two: it takes half rounded up, which is the oldest one, 1.
 * </ul>
 * Outcome: (stolen element's number as the stealer read it, -1 for none; left in the source;
 * moved to the stealer's queue besides it). A stolen element read as 0 is unpublished.
 */
@JCStressTest
@Outcome(id = "-1, 12, 0", expect = ACCEPTABLE, desc = "the steal saw an empty queue")
@Outcome(id = "1, 2, 0", expect = ACCEPTABLE, desc = "the steal took the oldest element")
@Outcome(expect = FORBIDDEN, desc = "an element unpublished, lost, duplicated or out of order")
@State
public class LocalQueuePushVsStealStress {

    private final LocalQueue<Item> source = new LocalQueue<>();
    private final LocalQueue<Item> stealerQueue = new LocalQueue<>();

    @Actor
    public void owner() {
        source.pushBack(Item.of(1), overflow -> { throw new AssertionError(); });
        source.pushBack(Item.of(2), overflow -> { throw new AssertionError(); });
    }

    @Actor
    public void stealer(III_Result r) {
        r.r1 = Item.numberOf(source.stealInto(stealerQueue, null));
        r.r3 = Item.drain(stealerQueue);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = Item.drain(source);
    }
}
