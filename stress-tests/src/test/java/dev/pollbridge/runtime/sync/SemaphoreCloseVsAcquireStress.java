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
 * {@code Semaphore.close()} against an acquire's first poll, with the only permit held: the
 * acquire either sees the close (fails at once) or queues first and is woken by the close to
 * fail. Never pending with nobody to wake it.
 *
 * <p>Outcome: (the actor's poll: 0 pending, 2 failed closed; wakes after it; the arbiter's poll
 * if the actor's was pending: 2 failed closed, 0 none).
 */
@JCStressTest
@Outcome(id = "2, 0, 0", expect = ACCEPTABLE, desc = "closed first: the acquire fails at once")
@Outcome(id = "0, 1, 2", expect = ACCEPTABLE, desc = "queued first: the close woke it, and it fails")
@Outcome(expect = FORBIDDEN, desc = "pending without a wake, or granted a permit that is held")
@State
public class SemaphoreCloseVsAcquireStress {

    private final Semaphore semaphore = new Semaphore(1);
    private final Permit held = semaphore.tryAcquire().orElseThrow();
    private final PollFuture<Permit> acquire = semaphore.acquire();
    private final CountingWaker waker = new CountingWaker();

    @Actor
    public void acquirer(III_Result r) {
        r.r1 = code(acquire.poll(waker.context()));
    }

    @Actor
    public void closer() {
        semaphore.close();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = waker.wakes();
        r.r3 = r.r1 == 0 ? code(acquire.poll(waker.context())) : 0;
        held.close();
    }

    private static int code(Poll<Permit> poll) {
        if (poll.isPending()) {
            return 0;
        }
        if (poll.isFailed() && poll.error() instanceof SemaphoreClosedException) {
            return 2;
        }
        return 9;
    }
}
