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
 * Closing from the sending side: the last sender sends a value and closes while a receiver that
 * has seen the initial value polls {@code changed()} for the first time. The receiver must get
 * the last value as a change and then the end, never the end first, and never wait unwoken.
 *
 * <p>Outcome: (the first poll: 1 ready, 0 pending, 2 failed closed; wakes; the poll after both:
 * 1 ready, 2 failed closed, 0 pending; the one after that).
 */
@JCStressTest
@Outcome(id = "1, 0, 2", expect = ACCEPTABLE, desc = "sent (and maybe closed) first: the change, then the end")
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE, desc = "waiting first: woken, the change (then the end)")
@Outcome(expect = FORBIDDEN, desc = "the last value lost behind the end, or pending and never woken")
@State
public class WatchSenderCloseVsChangedStress {

    private final WatchSender<String> sender = WatchSender.create("a");
    private final WatchReceiver<String> receiver = sender.subscribe();
    private final PollFuture<Void> changed = receiver.changed();
    private final CountingWaker waker = new CountingWaker();

    @Actor
    public void poller(III_Result r) {
        r.r1 = code(changed.poll(waker.context()));
    }

    @Actor
    public void lastSender() {
        sender.send("b");
        sender.close();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = waker.wakes();
        int second = r.r1 == 0 ? code(changed.poll(waker.context())) : 9;
        int end = code(receiver.changed().poll(new CountingWaker().context()));
        // r3: the poll after the first ready one must be the end; after a woken pending, ready
        r.r3 = r.r1 == 0 ? (second == 1 && end == 2 ? 1 : 9) : end;
    }

    private static int code(Poll<Void> poll) {
        if (poll.isPending()) {
            return 0;
        }
        if (poll.isReady()) {
            return 1;
        }
        return poll.error() instanceof ChannelClosedException ? 2 : 9;
    }
}
