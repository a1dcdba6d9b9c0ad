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
 * {@code LocalQueue}: two owner pops, the first of which may claim a batch, race with a steal on a
 * queue holding 1..16 ({@code BATCH_MIN_QUEUED}). A pop of 16 claims 1 and 2 with one CAS and the
 * second pop takes 2 with plain reads; the steal must see neither.
 * <ul>
 *   <li>the first pop first: the owner gets 1 and 2 (claimed), the stealer half of the 14 visible;
 *   <li>the steal first (or mid-copy): the stealer takes 1..8, the owner then pops 9 and 10 one by
 *       one (8 queued is below the batch threshold).
 * </ul>
 * Outcome: (owner's first, owner's second, 1 if every element was taken exactly once in FIFO
 * order per taker, elements the stealer took).
 */
@JCStressTest
@Outcome(id = "1, 2, 1, 7", expect = ACCEPTABLE, desc = "the batch claim first; the steal takes half of the rest")
@Outcome(id = "9, 10, 1, 8", expect = ACCEPTABLE, desc = "the steal first; the owner pops after it")
@Outcome(expect = FORBIDDEN, desc = "an element lost, taken twice, a claimed one stolen, or seen unpublished")
@State
public class LocalQueueBatchPopVsStealStress {

    private static final int COUNT = LocalQueue.BATCH_MIN_QUEUED;

    private final LocalQueue<Item> source = new LocalQueue<>();
    private final LocalQueue<Item> stealerQueue = new LocalQueue<>();
    private final int[] takenBy = new int[COUNT + 1];
    private int stolen;

    public LocalQueueBatchPopVsStealStress() {
        for (int i = 1; i <= COUNT; i++) {
            source.pushBack(Item.of(i), overflow -> { throw new AssertionError(); });
        }
    }

    @Actor
    public void owner(IIII_Result r) {
        Item first = source.pop();
        Item second = source.pop();
        r.r1 = Item.numberOf(first);
        r.r2 = Item.numberOf(second);
    }

    @Actor
    public void stealer() {
        int[] count = new int[1];
        Item returned = source.stealInto(stealerQueue, count);
        if (returned != null) {
            stolen = count[0];
            int previous = 0;
            for (Item item = stealerQueue.pop(); item != null; item = stealerQueue.pop()) {
                if (item.number <= previous) {
                    stolen = -100; // out of order
                }
                previous = item.number;
                mark(item);
            }
            mark(returned);
        }
    }

    private void mark(Item item) {
        int number = Item.numberOf(item);
        if (number >= 1 && number <= COUNT) {
            takenBy[number]++;
        }
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        if (r.r1 > 0) {
            takenBy[r.r1]++;
        }
        if (r.r2 > 0) {
            takenBy[r.r2]++;
        }
        for (Item item = source.pop(); item != null; item = source.pop()) {
            mark(item);
        }
        boolean once = true;
        for (int i = 1; i <= COUNT; i++) {
            once &= takenBy[i] == 1;
        }
        r.r3 = once && r.r1 < r.r2 ? 1 : 0;
        r.r4 = stolen;
    }
}
