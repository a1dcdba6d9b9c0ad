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
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@code WakerSlot} (rule 7): waker A is registered; the poller, now polled with waker B,
 * registers B and re-checks, while the producer publishes and wakes. If the producer's swap came
 * first it woke A (stale but harmless) and the re-check sees the data; otherwise it wakes B. A
 * poller that missed the data is never left with only A woken.
 *
 * <p>Outcome: (what the re-check saw; wakes of A; wakes of B).
 */
@JCStressTest
@Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "the wake came first: A woken, the re-check sees the data")
@Outcome(id = "0, 0, 1", expect = ACCEPTABLE, desc = "B registered first and woken")
@Outcome(id = "1, 0, 1", expect = ACCEPTABLE_INTERESTING, desc = "B registered first, woken, and the re-check saw the data too")
@Outcome(expect = FORBIDDEN, desc = "the data missed and B not woken (the stale waker got the wake)")
@State
public class WakerSlotLatestWakerStress {

    private final WakerSlot slot = new WakerSlot();
    private final CountingWaker first = new CountingWaker();
    private final CountingWaker second = new CountingWaker();
    private int data;

    public WakerSlotLatestWakerStress() {
        slot.register(first);
    }

    @Actor
    public void poller(III_Result r) {
        slot.register(second);
        r.r1 = data;
    }

    @Actor
    public void producer() {
        data = 1;
        slot.wake();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = first.wakes();
        r.r3 = second.wakes();
    }
}
