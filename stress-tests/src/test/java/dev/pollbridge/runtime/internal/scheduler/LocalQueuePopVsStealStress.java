package dev.pollbridge.runtime.internal.scheduler;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * {@code LocalQueue}: the owner's {@code pop()} races with a stealer's {@code stealInto} on a queue
 * holding 1, 2. Both advance {@code real} by CAS on {@code head}, so each element goes to exactly
 * one of them; the owner pops from the front, and a stealer takes half (rounded up) from the front.
 * <ul>
 *   <li>pop first: the owner gets 1; the stealer sees one element and takes 2;
 *   <li>steal first: the stealer claims 1 (steal != real while it copies); the owner may pop 2
 *       meanwhile ({@code pop} advances {@code real} past a claimed range).
 * </ul>
 * Outcome: (owner's element, stealer's element, left in the source, moved into the stealer's
 * queue besides the one returned); digits in order, 0 for none, -1 for no element.
 */
@JCStressTest
@Outcome(id = "1, 2, 0, 0", expect = ACCEPTABLE, desc = "pop first, then the steal takes the rest")
@Outcome(id = "2, 1, 0, 0", expect = ACCEPTABLE, desc = "steal first (the oldest), then the pop")
@Outcome(expect = FORBIDDEN, desc = "an element lost, taken twice, taken out of order, or seen unpublished")
@State
public class LocalQueuePopVsStealStress {

    private final LocalQueue<Item> source = new LocalQueue<>();
    private final LocalQueue<Item> stealerQueue = new LocalQueue<>();

    public LocalQueuePopVsStealStress() {
        source.pushBack(Item.of(1), overflow -> { throw new AssertionError(); });
        source.pushBack(Item.of(2), overflow -> { throw new AssertionError(); });
    }

    @Actor
    public void owner(IIII_Result r) {
        r.r1 = Item.numberOf(source.pop());
    }

    @Actor
    public void stealer(IIII_Result r) {
        r.r2 = Item.numberOf(source.stealInto(stealerQueue, null));
        r.r4 = Item.drain(stealerQueue);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r3 = Item.drain(source);
    }
}
