package dev.pollbridge.runtime.bridge.adapters;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.stress.CountingWaker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@code WakerSlot} (rule 6): the poller registers its waker and then re-checks the shared
 * state; the producer publishes and then wakes. The shared state here is a <em>plain</em> field,
 * which is what {@code WakerSlot}'s comment claims suffices: both slot operations are swaps on
 * one variable, so whichever comes second either takes the poller's waker (and wakes it) or reads
 * the producer's swap, which makes the producer's earlier write visible to the re-check.
 *
 * <p>Outcome: (what the poller's re-check saw, wakes).
 */
@JCStressTest
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the producer's swap came first: the re-check sees the data")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "the register came first: the producer woke the poller")
@Outcome(id = "1, 1", expect = ACCEPTABLE_INTERESTING, desc = "the register came first and the re-check saw the data too: a spurious wake")
@Outcome(expect = FORBIDDEN, desc = "the data missed and no wake: a lost wake-up")
@State
public class WakerSlotRegisterVsWakeStress {

    private final WakerSlot slot = new WakerSlot();
    private final CountingWaker waker = new CountingWaker();
    /** Plain on purpose (see the class comment). */
    private int data;

    @Actor
    public void poller(II_Result r) {
        slot.register(waker);
        r.r1 = data;
    }

    @Actor
    public void producer() {
        data = 1;
        slot.wake();
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r2 = waker.wakes();
    }
}
