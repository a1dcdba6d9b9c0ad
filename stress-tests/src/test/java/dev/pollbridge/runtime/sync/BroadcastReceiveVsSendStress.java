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
 * Broadcast (rule 6): the first poll of a receive on an empty ring races with a send. The receive
 * reads the slot without the lock, then re-checks {@code tail > next} under the lock before it
 * waits; the send stores the tail and the entry and takes the waiters under that lock. So the
 * receive either takes the value or waits and is woken.
 *
 * <p>Outcome: (the first poll: 1 ready with the value, 0 pending; wakes; the next poll if the
 * first was pending: 1 ready with the value; else 2).
 */
@JCStressTest
@Outcome(id = "1, 0, 2", expect = ACCEPTABLE, desc = "sent first: the receive took it")
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE, desc = "waiting first: woken, the next poll takes it")
@Outcome(expect = FORBIDDEN, desc = "pending and never woken, or the value lost")
@State
public class BroadcastReceiveVsSendStress {

    private final BroadcastSender<String> sender = BroadcastSender.create(4);
    private final BroadcastReceiver<String> receiver = sender.subscribe();
    private final PollFuture<String> receive = receiver.receive();
    private final CountingWaker waker = new CountingWaker();

    @Actor
    public void receiver(III_Result r) {
        r.r1 = code(receive.poll(waker.context()));
    }

    @Actor
    public void sender() {
        sender.send("a");
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = waker.wakes();
        r.r3 = r.r1 == 0 ? code(receive.poll(waker.context())) : 2;
    }

    private static int code(Poll<String> poll) {
        return poll.isPending() ? 0 : poll.isReady() && "a".equals(poll.value()) ? 1 : 9;
    }
}
