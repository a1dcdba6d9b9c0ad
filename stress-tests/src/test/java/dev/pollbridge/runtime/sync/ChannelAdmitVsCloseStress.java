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
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * {@code Channel}: a receiver frees the slot of a full channel (which admits the waiting sender
 * and wakes it) while the channel is closed (which wakes every waiting sender). The waiting
 * sender is woken exactly once either way, and its next poll, after the close, fails without
 * delivering: the receiver got the buffered item, and nothing else comes out.
 *
 * <p>Outcome: (receive result: 1 the item "a"; the sender's wakes; its poll after the close: 2
 * closed; what a receiver drains after).
 */
@JCStressTest
@Outcome(id = "1, 1, 2, 0", expect = ACCEPTABLE, desc = "admitted or released by the close: woken once, then fails")
@Outcome(expect = FORBIDDEN, desc = "the waiting sender not woken, woken twice, or its item delivered after the close")
@State
public class ChannelAdmitVsCloseStress {

    private final Channel<String> channel = Channel.bounded(1);
    private final PollFuture<Void> send = channel.send("b");
    private final CountingWaker sender = new CountingWaker();

    public ChannelAdmitVsCloseStress() {
        channel.trySend("a");
        if (!send.poll(sender.context()).isPending()) {
            throw new AssertionError("the channel is full");
        }
    }

    @Actor
    public void receiver(IIII_Result r) {
        var result = channel.receive().poll(new CountingWaker().context());
        r.r1 = result.isReady() && "a".equals(result.value()) ? 1 : Outcomes.OTHER;
    }

    @Actor
    public void closer() {
        channel.close();
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r2 = sender.wakes();
        r.r3 = Outcomes.code(send.poll(sender.context()));
        r.r4 = Outcomes.drainClosed(channel);
    }
}
