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
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@code Channel}: a receive on an empty channel races with {@code close()}. The receive checks
 * and registers under the channel lock, and the close wakes every registered receiver, so either
 * the receive saw the end (fails with {@code ChannelClosedException}) or it is pending and the
 * close woke it.
 *
 * <p>Outcome: (receive result: 0 pending, 2 closed; wakes).
 */
@JCStressTest
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "registered first: pending, woken by the close")
@Outcome(id = "2, 0", expect = ACCEPTABLE, desc = "closed first: the receive saw the end")
@Outcome(expect = FORBIDDEN, desc = "pending and never woken (lost wake), or a spurious extra wake")
@State
public class ChannelReceiveVsCloseStress {

    private final Channel<String> channel = Channel.bounded(1);
    private final PollFuture<String> receive = channel.receive();
    private final CountingWaker waker = new CountingWaker();

    @Actor
    public void receiver(II_Result r) {
        r.r1 = Outcomes.code(receive.poll(waker.context()));
    }

    @Actor
    public void closer() {
        channel.close();
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r2 = waker.wakes();
    }
}
