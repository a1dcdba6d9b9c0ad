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
 * {@code LocalQueue}: the owner pushes 9 onto a full ring of 8 (elements 1..8, growing to 16) while
 * a stealer steals. The push grows the ring: it locks stealers out by CAS on {@code head}, copies
 * the eight elements into a ring of 16, publishes it and unlocks. Interleavings:
 * <ul>
 *   <li>the steal finishes first: it took 4; the push then fits in the ring of 8;
 *   <li>the grow finishes first: the steal takes half of 9, that is 5, from the ring of 16;
 *   <li>the stealer read {@code head} and {@code tail} before the grow and claims after it (the
 *       unlocked {@code head} equals the one it read): it takes 4, from the ring of 16;
 *   <li>the stealer looks while the grow holds {@code head}: it backs off with nothing;
 *   <li>the stealer claims between the owner's look and its locking CAS, which fails; the owner
 *       looks again and finds the stealer mid-copy (only 9 overflows) or done (9 fits).
 * </ul>
 * Outcome: (elements in the overflow sink, elements the stealer got, 1 if every element is
 * accounted for exactly once, in FIFO order per place, and the drained rings hold no reference,
 * the ring's capacity).
 */
@JCStressTest
@Outcome(id = "0, 4, 1, 8", expect = ACCEPTABLE, desc = "the steal first; the push fit")
@Outcome(id = "0, 5, 1, 16", expect = ACCEPTABLE, desc = "the grow first; the steal took half of 9")
@Outcome(id = "0, 4, 1, 16", expect = ACCEPTABLE_INTERESTING, desc = "the steal looked before the grow and claimed after it")
@Outcome(id = "0, 0, 1, 16", expect = ACCEPTABLE_INTERESTING, desc = "the steal looked during the grow and backed off")
@Outcome(id = "1, 4, 1, 8", expect = ACCEPTABLE_INTERESTING, desc = "the push found the stealer mid-copy: only 9 overflowed")
@Outcome(expect = FORBIDDEN, desc = "an element lost, duplicated, out of order or left referenced")
@State
public class LocalQueueGrowVsStealStress {

    private static final int FULL = 8;

    private final LocalQueue<Item> source = new LocalQueue<>(FULL, 2 * FULL);
    private final LocalQueue<Item> stealerQueue = new LocalQueue<>(2 * FULL, 2 * FULL);
    /** Per actor (and the arbiter): index 0 counts elements out of order or unknown, index n element n. */
    private final int[] ownerSeen = new int[FULL + 2];
    private final int[] stealerSeen = new int[FULL + 2];
    private final int[] leftSeen = new int[FULL + 2];
    private int sunk;
    private int stolen;

    public LocalQueueGrowVsStealStress() {
        for (int i = 1; i <= FULL; i++) {
            source.pushBack(Item.of(i), overflow -> { throw new AssertionError(); });
        }
    }

    @Actor
    public void owner() {
        source.pushBack(Item.of(FULL + 1), moved -> {
            sunk++;
            Item.mark(ownerSeen, (Item) moved, 0);
        });
    }

    @Actor
    public void stealer() {
        stolen = Item.stealAndMark(source, stealerQueue, stealerSeen);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        int previous = 0;
        for (Item item = source.pop(); item != null; item = source.pop()) {
            previous = Item.mark(leftSeen, item, previous);
        }
        boolean once = source.referencedSlots() == 0 && stealerQueue.referencedSlots() == 0;
        for (int i = 0; i <= FULL + 1; i++) {
            once &= ownerSeen[i] + stealerSeen[i] + leftSeen[i] == (i == 0 ? 0 : 1);
        }
        r.r1 = sunk;
        r.r2 = stolen;
        r.r3 = once ? 1 : 0;
        r.r4 = source.capacity();
    }
}
