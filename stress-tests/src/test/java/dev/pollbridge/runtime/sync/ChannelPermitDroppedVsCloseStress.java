package dev.pollbridge.runtime.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.stress.CountingWaker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@code Channel}: a receiver waits on an empty channel that has one outstanding {@link SendPermit}
 * (the end of a closed channel waits for its permits). One actor drops the permit unused; the
 * other closes the channel and then polls the receiver again, as the task its close woke would.
 * Whatever the order, the receiver reaches the end: either that second poll sees it, or the
 * permit's drop, coming after, wakes the receiver that registered again.
 *
 * <p>Outcome: (the closer's poll: 0 pending, 3 done; wakes of the receiver after that poll, 0 or
 * more; the arbiter's poll: 3 done).
 */
@JCStressTest
@Outcome(id = "3, 0", expect = ACCEPTABLE, desc = "the permit was gone before the close: done at once")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "the permit was still out: pending, and its drop woke the receiver")
@Outcome(expect = FORBIDDEN, desc = "pending and never woken (the end lost), or not done in the end")
@State
public class ChannelPermitDroppedVsCloseStress {

    private final Channel<String> channel = Channel.bounded(1);
    private final SendPermit<String> permit;
    private final PollStream<String> stream = channel.stream();
    private final CountingWaker first = new CountingWaker();
    private final CountingWaker second = new CountingWaker();

    public ChannelPermitDroppedVsCloseStress() {
        Poll<SendPermit<String>> reserved = channel.reserve().poll(new CountingWaker().context());
        permit = reserved.value();
        if (!stream.pollNext(first.context()).isPending()) {
            throw new AssertionError("the channel is empty");
        }
    }

    @Actor
    public void dropper() {
        permit.close();
    }

    @Actor
    public void closer(II_Result r) {
        channel.close();
        Poll<String> poll = stream.pollNext(second.context());
        r.r1 = poll.isDone() ? 3 : poll.isPending() ? 0 : 9;
    }

    @Arbiter
    public void arbiter(II_Result r) {
        int wakes = second.wakes();
        boolean done = r.r1 == 3 || stream.pollNext(second.context()).isDone();
        r.r2 = done ? wakes : -1;
    }
}
