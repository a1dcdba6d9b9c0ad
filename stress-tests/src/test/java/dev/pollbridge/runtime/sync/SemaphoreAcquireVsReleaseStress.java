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
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@code Semaphore} (rule 6): an acquire's first poll races with the release of the only permit.
 * The poll checks and queues under the semaphore's lock and the release assigns to the queue under
 * it, so the acquire either takes the permit now or is queued and then granted and woken.
 *
 * <p>Outcome: (first poll: 1 ready, 0 pending; wakes; permits available once the acquired permit
 * is released again: 1).
 */
@JCStressTest
@Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "released first: the acquire took the permit at once")
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE, desc = "queued first: granted by the release and woken")
@Outcome(expect = FORBIDDEN, desc = "lost wake, or a permit lost or doubled")
@State
public class SemaphoreAcquireVsReleaseStress {

    private final Semaphore semaphore = new Semaphore(1);
    private final Permit held = semaphore.tryAcquire().orElseThrow();
    private final PollFuture<Permit> acquire = semaphore.acquire();
    private final CountingWaker waker = new CountingWaker();
    private Permit acquired;

    @Actor
    public void acquirer(III_Result r) {
        Poll<Permit> result = acquire.poll(waker.context());
        if (result.isReady()) {
            acquired = result.value();
        }
        r.r1 = result.isReady() ? 1 : 0;
    }

    @Actor
    public void releaser() {
        held.close();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = waker.wakes();
        if (acquired == null) {
            Poll<Permit> granted = acquire.poll(waker.context());
            acquired = granted.isReady() ? granted.value() : null;
        }
        if (acquired != null) {
            acquired.close();
        }
        r.r3 = semaphore.availablePermits();
    }
}
