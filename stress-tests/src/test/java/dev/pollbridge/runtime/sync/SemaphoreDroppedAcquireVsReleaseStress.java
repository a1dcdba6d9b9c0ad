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
 * {@code Semaphore} acquire is cancel-safe: with its one permit held, acquires A and B wait in
 * that order. The holder releases the permit while A is dropped (closed). No permit is lost or
 * doubled, and B, next in line, always gets it:
 * <ul>
 *   <li>release first: the permit is assigned to A (GRANTED, A woken); A's close gives it back,
 *       which assigns it to B;
 *   <li>drop first: A leaves the queue; the release assigns the permit to B.
 * </ul>
 * Outcome: (wakes of A; wakes of B; B's next poll: 1 ready; permits available after B's permit
 * is released too: must be the total, 1).
 */
@JCStressTest
@Outcome(id = "1, 1, 1, 1", expect = ACCEPTABLE, desc = "released first: granted to A, handed on to B by A's close")
@Outcome(id = "0, 1, 1, 1", expect = ACCEPTABLE, desc = "dropped first: the release went straight to B")
@Outcome(expect = FORBIDDEN, desc = "a permit lost or doubled, or B not woken")
@State
public class SemaphoreDroppedAcquireVsReleaseStress {

    private final Semaphore semaphore = new Semaphore(1);
    private final Permit held = semaphore.tryAcquire().orElseThrow();
    private final PollFuture<Permit> acquireA = semaphore.acquire();
    private final PollFuture<Permit> acquireB = semaphore.acquire();
    private final CountingWaker wakerA = new CountingWaker();
    private final CountingWaker wakerB = new CountingWaker();

    public SemaphoreDroppedAcquireVsReleaseStress() {
        if (!acquireA.poll(wakerA.context()).isPending() || !acquireB.poll(wakerB.context()).isPending()) {
            throw new AssertionError("the only permit is held");
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
