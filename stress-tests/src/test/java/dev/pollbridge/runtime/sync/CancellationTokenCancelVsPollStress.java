package dev.pollbridge.runtime.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.stress.CountingWaker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@code cancelled()} (rule 6): its first poll reads the flag, then checks again and queues under
 * the token's lock, racing {@code cancel()}, which sets the flag and takes the queue under that
 * lock.
 *
 * <p>Outcome: (the first poll: 1 ready, 0 pending; wakes; the next poll if the first was pending:
 * 1 ready; else 2).
 */
@JCStressTest
@Outcome(id = "1, 0, 2", expect = ACCEPTABLE, desc = "cancelled first: ready at once")
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE, desc = "queued first: woken, then ready")
@Outcome(expect = FORBIDDEN, desc = "pending and never woken")
@State
public class CancellationTokenCancelVsPollStress {

    private final CancellationToken token = new CancellationToken();
    private final PollFuture<Void> cancelled = token.cancelled();
    private final CountingWaker waker = new CountingWaker();

    @Actor
    public void poller(III_Result r) {
        r.r1 = cancelled.poll(waker.context()).isReady() ? 1 : 0;
    }

    @Actor
    public void canceller() {
        token.cancel();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = waker.wakes();
        r.r3 = r.r1 == 0 ? (cancelled.poll(waker.context()).isReady() ? 1 : 0) : 2;
    }
}
