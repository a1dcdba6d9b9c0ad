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
 * Broadcast's end: the last sender sends "a" and closes while a receiver's stream polls. A
 * receiver that finds no value and sees the channel closed reads the slot again (the close comes
 * after the send), so the stream yields "a" and only then ends.
 *
 * <p>Outcome: (the first poll: 1 "a", 0 pending, 2 done; wakes; what the stream yields after
 * both, as digits: "a" then the end is 12, the end alone 2).
 */
@JCStressTest
@Outcome(id = "1, 0, 2", expect = ACCEPTABLE, desc = "sent first: the value, then the end")
@Outcome(id = "0, 1, 12", expect = ACCEPTABLE, desc = "waiting first: woken, the value, then the end")
@Outcome(expect = FORBIDDEN, desc = "the end before the value, the value lost, or pending and never woken")
@State
public class BroadcastSenderCloseVsReceiveStress {

    private final BroadcastSender<String> sender = BroadcastSender.create(4);
    private final BroadcastReceiver<String> receiver = sender.subscribe();
    private final PollStream<String> stream = receiver.stream();
    private final CountingWaker waker = new CountingWaker();

    @Actor
    public void receiver(III_Result r) {
        r.r1 = code(stream.pollNext(waker.context()));
    }

    @Actor
    public void lastSender() {
        sender.send("a");
        sender.close();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = waker.wakes();
        int rest = 0;
        if (r.r1 != 2) {
            for (int code = code(stream.pollNext(waker.context())); ; code = code(stream.pollNext(waker.context()))) {
                rest = rest * 10 + code;
                if (code != 1) {
                    break;
                }
            }
        }
        r.r3 = rest;
    }

    private static int code(Poll<String> poll) {
        if (poll.isPending()) {
            return 0;
        }
        if (poll.isDone()) {
            return 2;
        }
        return poll.isReady() && "a".equals(poll.value()) ? 1 : 9;
    }
}
