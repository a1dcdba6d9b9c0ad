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
 * {@code Channel}: closing stops sending, not receiving. A receive races with {@code close()} on a
 * channel holding one item: whatever the order, the receive gets the item, and afterwards the
 * channel is drained and ended.
 *
 * <p>Outcome: (receive result: 1 ready with the item; what a receiver drains after, -1 if it did
 * not end).
 */
@JCStressTest
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the buffered item was received; then the end")
@Outcome(expect = FORBIDDEN, desc = "the close dropped a buffered item, or the channel did not end")
@State
public class ChannelReceiveBufferedVsCloseStress {

    private final Channel<String> channel = Channel.bounded(1);
    private final PollFuture<String> receive = channel.receive();

    public ChannelReceiveBufferedVsCloseStress() {
        if (!channel.trySend("a")) {
            throw new AssertionError("an empty channel has room");
        }
    }

    @Actor
    public void receiver(II_Result r) {
        var result = receive.poll(new CountingWaker().context());
        r.r1 = result.isReady() && "a".equals(result.value()) ? 1 : Outcomes.OTHER;
    }

    @Actor
    public void closer() {
        channel.close();
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r2 = Outcomes.drainClosed(channel);
    }
}
