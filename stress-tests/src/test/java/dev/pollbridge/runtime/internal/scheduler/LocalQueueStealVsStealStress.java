package dev.pollbridge.runtime.internal.scheduler;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@code LocalQueue}: two stealers (each the owner of its own destination queue) steal from a
 * queue holding 1, 2, 3, 4 at once. The first claim takes half, 1 and 2; while it copies
 * ({@code steal != real}) a second stealer backs off, which only means "try elsewhere"; once the
 * first released its range, the second takes half of the rest, 3.
 *
 * <p>Outcome: (what stealer A got, what stealer B got, what is left in the source), each as
 * digits in queue order (the element returned directly comes last), 0 for nothing.
 */
@JCStressTest
@Outcome(id = "12, 3, 4", expect = ACCEPTABLE, desc = "A stole first, B after A released its range")
@Outcome(id = "3, 12, 4", expect = ACCEPTABLE, desc = "B stole first, A after")
@Outcome(id = "12, 0, 34", expect = ACCEPTABLE_INTERESTING, desc = "B backed off while A was copying")
@Outcome(id = "0, 12, 34", expect = ACCEPTABLE_INTERESTING, desc = "A backed off while B was copying")
@Outcome(expect = FORBIDDEN, desc = "an element lost, stolen twice or out of order")
@State
public class LocalQueueStealVsStealStress {

    private final LocalQueue<Item> source = new LocalQueue<>();
    private final LocalQueue<Item> queueA = new LocalQueue<>();
    private final LocalQueue<Item> queueB = new LocalQueue<>();

    public LocalQueueStealVsStealStress() {
        for (int i = 1; i <= 4; i++) {
            source.pushBack(Item.of(i), overflow -> { throw new AssertionError(); });
        }
    }

    @Actor
    public void stealerA(III_Result r) {
        r.r1 = stealAll(queueA);
    }

    @Actor
    public void stealerB(III_Result r) {
        r.r2 = stealAll(queueB);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r3 = Item.drain(source);
    }

    private int stealAll(LocalQueue<Item> destination) {
        Item returned = source.stealInto(destination, null);
        if (returned == null) {
            return 0;
        }
        return Item.drain(destination) * 10 + returned.number;
    }
}
