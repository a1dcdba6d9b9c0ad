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
 * The watch's lock-free send path (rule 6): a send (a CAS of the snapshot, then a volatile read of
 * the waiter count) races with the first poll of {@code changed()} (queue and count under the
 * lock, then re-read the snapshot). Volatile accesses are sequentially consistent, so either the
 * poll sees the new version, or the send sees the waiter and wakes it.
 *
 * <p>Outcome: (the poll: 1 ready, 0 pending; wakes; the next poll after both, if the first was
 * pending: 1 ready, 0 pending; else 2).
 */
@JCStressTest
@Outcome(id = "1, 0, 2", expect = ACCEPTABLE, desc = "sent first: the poll saw the new version")
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE, desc = "queued first: the send woke it, the next poll is ready")
@Outcome(expect = FORBIDDEN, desc = "pending and never woken (a lost wake-up), or woken though ready")
@State
public class WatchSendVsChangedStress {

    private final WatchSender<String> sender = WatchSender.create("a");
    private final WatchReceiver<String> receiver = sender.subscribe();
    private final PollFuture<Void> changed = receiver.changed();
    private final CountingWaker waker = new CountingWaker();

    @Actor
    public void poller(III_Result r) {
        r.r1 = changed.poll(waker.context()).isReady() ? 1 : 0;
    }

    @Actor
    public void sender() {
        sender.send("b");
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = waker.wakes();
        if (r.r1 == 0) {
            Poll<Void> next = changed.poll(waker.context());
            r.r3 = next.isReady() && "b".equals(receiver.borrow()) ? 1 : 0;
        } else {
            r.r3 = 2;
        }
    }
}
