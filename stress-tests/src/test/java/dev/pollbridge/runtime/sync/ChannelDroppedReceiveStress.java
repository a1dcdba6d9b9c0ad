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
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * {@code Channel} receive is cancel-safe: two receives wait (first and second in FIFO order); a
 * send of one item races with the close (drop) of the first receive. A receive takes an item only
 * in the poll that returns it, so the dropped one never eats the item; and a wake that it got but
 * never used is passed on, so the second receive is always woken:
 * <ul>
 *   <li>send first: it wakes the first receive; its close sees an unused wake with an item
 *       buffered and wakes the second;
 *   <li>drop first: the first leaves the queue; the send wakes the second directly.
 * </ul>
 * Outcome: (items in the channel after both; wakes of the first; wakes of the second; the second
 * receive's next poll: 1 ready with the item).
 */
@JCStressTest
@Outcome(id = "1, 1, 1, 1", expect = ACCEPTABLE, desc = "send first: the dropped receiver's wake was passed on")
@Outcome(id = "1, 0, 1, 1", expect = ACCEPTABLE, desc = "drop first: the send woke the second receiver")
@Outcome(expect = FORBIDDEN, desc = "the dropped receive ate the item, or the live receiver was never woken")
@State
public class ChannelDroppedReceiveStress {

    private final Channel<String> channel = Channel.bounded(1);
    private final PollFuture<String> first = channel.receive();
    private final PollFuture<String> second = channel.receive();
    private final CountingWaker firstWaker = new CountingWaker();
    private final CountingWaker secondWaker = new CountingWaker();

    public ChannelDroppedReceiveStress() {
        if (!first.poll(firstWaker.context()).isPending() || !second.poll(secondWaker.context()).isPending()) {
            throw new AssertionError("the channel is empty");
        }
    }

    @Actor
    public void sender() {
        channel.trySend("a");
    }

    @Actor
    public void dropper() {
        first.close();
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r1 = channel.size();
        r.r2 = firstWaker.wakes();
        r.r3 = secondWaker.wakes();
        Poll<String> next = second.poll(secondWaker.context());
        r.r4 = next.isReady() && "a".equals(next.value()) ? 1 : 0;
    }
}
