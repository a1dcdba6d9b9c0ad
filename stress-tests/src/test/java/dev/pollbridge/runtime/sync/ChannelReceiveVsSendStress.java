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
 * {@code Channel} (rule 6): a receive on an empty channel races with a send. The receive checks
 * and registers under the lock, and the send wakes the first registered receiver after adding the
 * item under the same lock: the receive either takes the item or is pending and woken.
 *
 * <p>Outcome: (the receive's poll: 1 ready, 0 pending; wakes; the receive's next poll after both:
 * 1 ready with the item, 0 nothing because the first poll took it).
 */
@JCStressTest
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "sent first: the receive took the item")
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE, desc = "registered first: woken, the next poll takes the item")
@Outcome(expect = FORBIDDEN, desc = "lost wake, or the item lost or received twice")
@State
public class ChannelReceiveVsSendStress {

    private final Channel<String> channel = Channel.bounded(1);
    private final PollFuture<String> receive = channel.receive();
    private final CountingWaker waker = new CountingWaker();

    @Actor
    public void receiver(III_Result r) {
        Poll<String> result = receive.poll(waker.context());
        r.r1 = result.isReady() && "a".equals(result.value()) ? 1 : Outcomes.code(result) == Outcomes.PENDING ? 0 : Outcomes.OTHER;
    }

    @Actor
    public void sender() {
        channel.trySend("a");
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = waker.wakes();
        if (r.r1 == 0) {
            Poll<String> next = receive.poll(waker.context());
            r.r3 = next.isReady() && "a".equals(next.value()) ? 1 : Outcomes.OTHER;
        } else {
            r.r3 = channel.size();
        }
    }
}
