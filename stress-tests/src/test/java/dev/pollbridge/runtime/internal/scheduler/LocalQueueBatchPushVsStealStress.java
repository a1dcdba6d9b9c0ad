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
 * {@code LocalQueue}: the owner moves a batch of three fresh elements in at once
 * ({@code pushBackBatch}, as a worker does with its share of the global queue: plain slot writes,
 * then one release store of {@code tail}) while a stealer steals. The stealer sees none of the
 * batch or all of it, and then takes half rounded up from the front, fully written.
 *
 * <p>Outcome: (the stolen element's number, -1 for none; the other stolen elements, moved to the
 * stealer's queue, as digits; what is left in the source, as digits).
 */
@JCStressTest
@Outcome(id = "-1, 0, 123", expect = ACCEPTABLE, desc = "the steal came before the batch was published")
@Outcome(id = "2, 1, 3", expect = ACCEPTABLE, desc = "the steal saw the whole batch and took the older two")
@Outcome(expect = FORBIDDEN, desc = "part of a batch seen, an element unpublished, lost, duplicated or out of order")
@State
public class LocalQueueBatchPushVsStealStress {

    private final LocalQueue<Item> source = new LocalQueue<>();
    private final LocalQueue<Item> stealerQueue = new LocalQueue<>();

    @Actor
    public void owner() {
        source.pushBackBatch(new Object[] {Item.of(1), Item.of(2), Item.of(3)}, 0, 3);
    }

    @Actor
    public void stealer(III_Result r) {
        r.r1 = Item.numberOf(source.stealInto(stealerQueue, null));
        r.r2 = Item.drain(stealerQueue);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r3 = Item.drain(source);
    }
}
