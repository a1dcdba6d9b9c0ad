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
 * {@code Channel}: a send's first poll into an empty channel races with {@code close()}. Under the
 * channel lock, either the item got in before the close (the send is ready, and the item survives
 * the close: receivers drain it) or the close came first (the send fails with
 * {@code ChannelClosedException} and its item is not delivered).
 *
 * <p>Outcome: (send result: 1 ready, 2 closed; what a receiver drains after the close: 1 the item,
 * 0 nothing).
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "sent before the close; the item is still received")
@Outcome(id = "2, 0", expect = ACCEPTABLE, desc = "closed first; the send failed and delivered nothing")
@Outcome(expect = FORBIDDEN, desc = "a sent item lost, a failed send delivered, or a send left pending")
@State
public class ChannelSendVsCloseStress {

    private final Channel<String> channel = Channel.bounded(1);
    private final PollFuture<Void> send = channel.send("a");

    @Actor
    public void sender(II_Result r) {
        r.r1 = Outcomes.code(send.poll(new CountingWaker().context()));
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
