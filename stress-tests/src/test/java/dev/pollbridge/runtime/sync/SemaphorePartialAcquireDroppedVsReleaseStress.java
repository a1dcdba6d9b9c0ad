package dev.pollbridge.runtime.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.stress.CountingWaker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * {@code Semaphore.acquireMany} is cancel-safe while partly served: of two permits, one is held;
 * {@code acquireMany(2)} A waits at the head holding the other (partial assignment), and
 * {@code acquire()} B waits behind it. The holder releases its permit while A is dropped:
 * <ul>
 *   <li>release first: the permit completes A (GRANTED, woken); A's close gives both back, and B
 *       takes one;
 *   <li>drop first: A gives back the permit it held, which goes to B; the release makes the
 *       second one available.
 * </ul>
 * Either way no permit is lost or doubled and B gets one.
 *
 * <p>Outcome: (wakes of A; wakes of B; B's next poll: 1 ready; permits available once B's is
 * released too: must be the total, 2).
 */
@JCStressTest
@Outcome(id = "1, 1, 1, 2", expect = ACCEPTABLE, desc = "released first: A completed, its close handed on to B")
@Outcome(id = "0, 1, 1, 2", expect = ACCEPTABLE, desc = "dropped first: A's partial permit went to B")
@Outcome(expect = FORBIDDEN, desc = "a permit lost or doubled, or B not served")
@State
public class SemaphorePartialAcquireDroppedVsReleaseStress {

    private final Semaphore semaphore = new Semaphore(2);
    private final Permit held = semaphore.tryAcquire().orElseThrow();
    private final PollFuture<Permit> acquireA = semaphore.acquireMany(2);
    private final PollFuture<Permit> acquireB = semaphore.acquire();
    private final CountingWaker wakerA = new CountingWaker();
    private final CountingWaker wakerB = new CountingWaker();

    public SemaphorePartialAcquireDroppedVsReleaseStress() {
        if (!acquireA.poll(wakerA.context()).isPending() || !acquireB.poll(wakerB.context()).isPending()
                || semaphore.availablePermits() != 0) {
            throw new AssertionError("A holds one permit and waits for the other; B waits behind");
        }
    }

    @Actor
    public void releaser() {
        held.close();
    }

    @Actor
    public void dropper() {
        acquireA.close();
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r1 = wakerA.wakes();
        r.r2 = wakerB.wakes();
        Poll<Permit> granted = acquireB.poll(wakerB.context());
        r.r3 = granted.isReady() ? 1 : 0;
        if (granted.isReady()) {
            granted.value().close();
        }
        r.r4 = semaphore.availablePermits();
    }
}
