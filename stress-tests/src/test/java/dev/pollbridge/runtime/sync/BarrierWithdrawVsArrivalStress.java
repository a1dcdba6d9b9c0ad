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
 * The barrier's withdrawal: in a barrier of 2, A waits; A is closed while B arrives. Either B
 * completes the round with A (A was released; its close changes nothing) or A withdrew first and
 * B waits alone. The count never goes wrong either way.
 *
 * <p>Outcome: (B's first poll: 1 leader, 0 pending; the arrivals waiting after both; wakes of B).
 */
@JCStressTest
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "B arrived first: the round completed with A")
@Outcome(id = "0, 1, 0", expect = ACCEPTABLE, desc = "A withdrew first: B waits alone")
@Outcome(expect = FORBIDDEN, desc = "a withdrawn arrival counted, or a released one subtracted")
@State
public class BarrierWithdrawVsArrivalStress {

    private final Barrier barrier = new Barrier(2);
    private final PollFuture<Boolean> first = barrier.arriveAndWait();
    private final PollFuture<Boolean> second = barrier.arriveAndWait();
    private final CountingWaker waker = new CountingWaker();

    public BarrierWithdrawVsArrivalStress() {
        if (!first.poll(new CountingWaker().context()).isPending()) {
            throw new AssertionError("one of two arrived");
        }
    }

    @Actor
    public void withdrawer() {
        first.close();
    }

    @Actor
    public void arriver(III_Result r) {
        Poll<Boolean> poll = second.poll(waker.context());
        r.r1 = poll.isReady() && poll.value() ? 1 : poll.isPending() ? 0 : 9;
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = barrier.waiting();
        r.r3 = waker.wakes();
    }
}
