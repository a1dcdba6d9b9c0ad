package dev.pollbridge.runtime.internal.scheduler;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * {@code LocalQueue}: a ring of 32 (growing to 64) is full from the owner's claimed batch on: 1..33
 * were pushed and one pop took 1 and claimed 2..4, which stealers cannot see. The owner pushes 34,
 * which grows the ring and must carry the claimed batch into the new ring, then pops three times:
 * 2, 3, 4, with plain reads from whichever ring it now has. Meanwhile a stealer steals half of the
 * 29 or 30 visible elements (15), 5..19.
 * <ul>
 *   <li>the steal first, or the grow first: the claimed batch still holds the oldest slots, so the
 *       ring is full and grows either way; the stealer gets 15;
 *   <li>the stealer looks while the grow holds {@code head}: it backs off with nothing;
 *   <li>the push finds the stealer mid-copy: it cannot grow, and only 34 overflows.
 * </ul>
 * Outcome: (elements in the overflow sink, elements the stealer got, 1 if the owner popped 2, 3, 4
 * and every element is accounted for exactly once, in FIFO order per place, with no reference left
 * in the drained rings, the ring's capacity).
 */
@JCStressTest
@Outcome(id = "0, 15, 1, 64", expect = ACCEPTABLE, desc = "the ring grew with the claimed batch in it; the steal took 15")
@Outcome(id = "0, 0, 1, 64", expect = ACCEPTABLE_INTERESTING, desc = "the steal looked during the grow and backed off")
@Outcome(id = "1, 15, 1, 32", expect = ACCEPTABLE_INTERESTING, desc = "the push found the stealer mid-copy: only 34 overflowed")
@Outcome(expect = FORBIDDEN, desc = "a claimed element lost or stolen, an element duplicated, out of order or left referenced")
@State
public class LocalQueueGrowVsClaimedBatchStress {

    private static final int RING = 32;
    private static final int LAST = RING + 2;

    private final LocalQueue<Item> source = new LocalQueue<>(RING, 2 * RING);
    private final LocalQueue<Item> stealerQueue = new LocalQueue<>(2 * RING, 2 * RING);
    /** Per actor (and the set-up and arbiter): index 0 counts elements out of order or unknown, index n element n. */
    private final int[] ownerSeen = new int[LAST + 1];
    private final int[] stealerSeen = new int[LAST + 1];
    private final int[] leftSeen = new int[LAST + 1];
    private int sunk;
    private int stolen;
    private boolean claimedFirst;

    public LocalQueueGrowVsClaimedBatchStress() {
        for (int i = 1; i <= RING; i++) {
            source.pushBack(Item.of(i), overflow -> { throw new AssertionError(); });
        }
        Item.mark(leftSeen, source.pop(), 0); // 1; claims 1..4 (32 queued / 8)
        source.pushBack(Item.of(RING + 1), overflow -> { throw new AssertionError(); });
    }

    @Actor
    public void owner() {
        source.pushBack(Item.of(LAST), moved -> {
            sunk++;
            Item.mark(ownerSeen, (Item) moved, 0);
        });
        int second = Item.mark(ownerSeen, source.pop(), 1);
        int third = Item.mark(ownerSeen, source.pop(), second);
        int fourth = Item.mark(ownerSeen, source.pop(), third);
        claimedFirst = second == 2 && third == 3 && fourth == 4;
    }

    @Actor
    public void stealer() {
        stolen = Item.stealAndMark(source, stealerQueue, stealerSeen);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        int previous = 4;
        for (Item item = source.pop(); item != null; item = source.pop()) {
            previous = Item.mark(leftSeen, item, previous);
        }
        boolean once = claimedFirst && source.referencedSlots() == 0
                && stealerQueue.referencedSlots() == 0;
        for (int i = 0; i <= LAST; i++) {
            once &= ownerSeen[i] + stealerSeen[i] + leftSeen[i] == (i == 0 ? 0 : 1);
        }
        r.r1 = sunk;
        r.r2 = stolen;
        r.r3 = once ? 1 : 0;
        r.r4 = source.capacity();
    }
}
