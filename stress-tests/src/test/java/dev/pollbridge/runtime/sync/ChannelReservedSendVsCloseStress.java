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
 * {@code Channel}: a waiting sender was admitted (a receiver freed the only slot and reserved it
 * for the sender, then woke it); the sender's next poll races with {@code close()}. A reserved
 * slot does not outrank the close: if the close came first, the send fails and its item is not
 * delivered (and the reservation is released); if the poll came first, the item is in and
 * survives the close.
 *
 * <p>Outcome: (send result: 1 ready, 2 closed; what a receiver drains after the close: 2 the
 * item "b", 0 nothing).
 */
@JCStressTest
@Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "the admitted send completed before the close; its item is received")
@Outcome(id = "2, 0", expect = ACCEPTABLE, desc = "closed first: the send failed, nothing delivered")
@Outcome(expect = FORBIDDEN, desc = "a sent item lost, or a failed send's item delivered")
@State
public class ChannelReservedSendVsCloseStress {

    private final Channel<String> channel = Channel.bounded(1);
    private final PollFuture<Void> send = channel.send("b");
    private final CountingWaker sender = new CountingWaker();

    public ChannelReservedSendVsCloseStress() {
        channel.trySend("a");
        if (!send.poll(sender.context()).isPending()) {
            throw new AssertionError("the channel is full");
        }
        if (!channel.receive().poll(new CountingWaker().context()).isReady() || sender.wakes() != 1) {
            throw new AssertionError("receiving the item admits the waiting sender");
        }
    }

    @Actor
    public void sender(II_Result r) {
        r.r1 = Outcomes.code(send.poll(sender.context()));
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
