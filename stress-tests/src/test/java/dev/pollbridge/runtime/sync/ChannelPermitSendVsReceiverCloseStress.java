package dev.pollbridge.runtime.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@code Channel}: a {@link SendPermit} sends an item while the last {@link Receiver} closes (which
 * drops the buffered items, closing the {@link AutoCloseable} ones). The item is handled exactly
 * once: either it got in and the receiver's close dropped (closed) it, or the permit's send was
 * refused and the item stays the sender's, unclosed. Never delivered and leaked, never closed and
 * reported as refused.
 *
 * <p>Outcome: (the send: 1 accepted, 0 refused; closes of the item).
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "sent first: the receiver's close dropped and closed it")
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "the receiver was gone: refused, the item is the sender's")
@Outcome(expect = FORBIDDEN, desc = "the item leaked, closed twice, or closed though refused")
@State
public class ChannelPermitSendVsReceiverCloseStress {

    private final Channel<AutoCloseable> channel = Channel.bounded(1);
    private final Receiver<AutoCloseable> receiver = channel.receiver();
    private final SendPermit<AutoCloseable> permit = channel.reserve()
            .poll(new dev.pollbridge.stress.CountingWaker().context()).value();
    private final AtomicInteger closes = new AtomicInteger();
    private final AutoCloseable item = closes::incrementAndGet;

    @Actor
    public void sender(II_Result r) {
        r.r1 = permit.send(item) ? 1 : 0;
    }

    @Actor
    public void receiverCloser() {
        receiver.close();
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r2 = closes.get();
    }
}
