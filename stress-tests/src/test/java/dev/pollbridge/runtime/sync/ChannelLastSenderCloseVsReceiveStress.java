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
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@code Channel}: the last {@link Sender} sends an item and closes (which closes the channel)
 * while a receiving stream polls. The item is never lost and the end never comes before it: the
 * stream gets "a" then done, whichever way the poll and the two sender steps interleave, and a
 * pending poll is always woken.
 *
 * <p>Outcome: (the actor's poll: 0 pending, 1 the item, 3 done; wakes after it; what the arbiter
 * drains next: 1 the item then the end, 3 just the end).
 */
@JCStressTest
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE, desc = "polled empty, woken by the send: the item, then the end")
@Outcome(id = "1, 0, 3", expect = ACCEPTABLE, desc = "the item first; the end follows")
@Outcome(expect = FORBIDDEN, desc = "the item lost, the end before it, or a pending poll never woken")
@State
public class ChannelLastSenderCloseVsReceiveStress {

    private final Channel<String> channel = Channel.bounded(1);
    private final Sender<String> sender = channel.sender();
    private final PollStream<String> stream = channel.stream();
    private final CountingWaker waker = new CountingWaker();

    @Actor
    public void producer() {
        sender.trySend("a");
        sender.close();
    }

    @Actor
    public void consumer(III_Result r) {
        r.r1 = code(stream.pollNext(waker.context()));
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = waker.wakes();
        Poll<String> next = stream.pollNext(waker.context());
        int code = code(next);
        if (code == 1) {
            code = code(stream.pollNext(waker.context())) == 3 ? 1 : 9; // the end must follow the item
        }
        r.r3 = code;
    }

    private static int code(Poll<String> poll) {
        if (poll.isPending()) {
            return 0;
        }
        if (poll.isDone()) {
            return 3;
        }
        return poll.isReady() && poll.value().equals("a") ? 1 : 9;
    }
}
