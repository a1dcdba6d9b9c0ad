package dev.pollbridge.runtime.internal.scheduler;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.ArrayList;
import java.util.List;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@code LocalQueue}: the owner pushes onto a full ring at its largest (elements 1..C, C =
 * {@code LocalQueue.INITIAL_CAPACITY}; the ring started at C / 2 and grew once while filled) while
 * a stealer steals.
 * A push that finds the ring full claims the older half by CAS on {@code head} and moves it, plus
 * the new element, to the overflow sink (the global queue); that CAS races with the stealer's
 * claim. Interleavings:
 * <ul>
 *   <li>the steal finishes first: it took C / 2; the push then fits, nothing overflows;
 *   <li>the overflow claim wins: 1..C / 2 and C + 1 go to the sink, the stealer takes half of
 *       the remaining C / 2;
 *   <li>the stealer is mid-copy when the push looks: the ring is still full but its claimed half
 *       is not free yet, so only the new element goes to the sink;
 *   <li>the overflow CAS fails because the stealer claimed meanwhile: the push retries.
 * </ul>
 * In every case each of the C + 1 elements ends in exactly one place (sink, stealer, or still in
 * the ring), each place holds its elements in FIFO order, and the drained ring holds no reference.
 *
 * <p>Outcome: (elements in the sink, elements the stealer got, 1 if every element is accounted
 * for exactly once and in order).
 */
@JCStressTest
@Outcome(id = "0, " + LocalQueue.INITIAL_CAPACITY / 2 + ", 1", expect = ACCEPTABLE, desc = "the steal finished first; the push fit")
@Outcome(id = (LocalQueue.INITIAL_CAPACITY / 2 + 1) + ", " + LocalQueue.INITIAL_CAPACITY / 4 + ", 1", expect = ACCEPTABLE, desc = "the overflow claim won; the steal took half of the rest")
@Outcome(id = "1, " + LocalQueue.INITIAL_CAPACITY / 2 + ", 1", expect = ACCEPTABLE_INTERESTING, desc = "the push saw the stealer mid-copy: only the new element overflowed")
@Outcome(expect = FORBIDDEN, desc = "an element lost, duplicated or out of order")
@State
public class LocalQueueOverflowVsStealStress {

    private static final int FULL = LocalQueue.INITIAL_CAPACITY;

    private final LocalQueue<Item> source = new LocalQueue<>(FULL / 2, FULL);
    private final LocalQueue<Item> stealerQueue = new LocalQueue<>(FULL, FULL);
    private final List<Item> sink = new ArrayList<>();
    private final List<Item> stolen = new ArrayList<>();

    public LocalQueueOverflowVsStealStress() {
        for (int i = 1; i <= FULL; i++) {
            source.pushBack(Item.of(i), overflow -> { throw new AssertionError(); });
        }
    }

    @Actor
    public void owner() {
        source.pushBack(Item.of(FULL + 1), moved -> sink.add((Item) moved));
    }

    @Actor
    public void stealer() {
        Item returned = source.stealInto(stealerQueue, null);
        for (Item item = stealerQueue.pop(); item != null; item = stealerQueue.pop()) {
            stolen.add(item);
        }
        if (returned != null) {
            stolen.add(returned);
        }
    }

    @Arbiter
    public void arbiter(III_Result r) {
        List<Item> left = new ArrayList<>();
        for (Item item = source.pop(); item != null; item = source.pop()) {
            left.add(item);
        }
        int[] seen = new int[FULL + 2];
        boolean ordered = countAndCheckOrder(sink, seen) & countAndCheckOrder(stolen, seen)
                & countAndCheckOrder(left, seen);
        for (int i = 1; i <= FULL + 1; i++) {
            ordered &= seen[i] == 1;
        }
        r.r1 = sink.size();
        r.r2 = stolen.size();
        r.r3 = ordered && seen[0] == 0 && source.referencedSlots() == 0 ? 1 : 0;
    }

    /** Counts each element's number in {@code seen}; true if there is no null and the numbers rise (FIFO order). */
    private static boolean countAndCheckOrder(List<Item> items, int[] seen) {
        boolean ordered = true;
        int previous = 0;
        for (Item item : items) {
            if (item == null) {
                return false;
            }
            int number = item.number;
            if (number < 0 || number >= seen.length) {
                return false;
            }
            seen[number]++;
            ordered &= number > previous;
            previous = number;
        }
        return ordered;
    }
}
