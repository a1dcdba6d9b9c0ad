package dev.pollbridge.runtime.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.api.Poll;
import dev.pollbridge.stress.CountingWaker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@code Promise}: the producer gives up ({@code close()} without a value) while the reader's first
 * poll registers. The reader never waits for ever: it sees the closed producer at once, or it
 * registered first and the close woke it to see it.
 *
 * <p>Outcome: (the reader's poll: 0 pending, 2 failed closed; wakes after it; the arbiter's poll
 * if the first was pending: 2 failed closed, 0 none).
 */
@JCStressTest
@Outcome(id = "2, 0, 0", expect = ACCEPTABLE, desc = "closed first: the reader fails at once")
@Outcome(id = "0, 1, 2", expect = ACCEPTABLE, desc = "registered first: the close woke it, and it fails")
@Outcome(expect = FORBIDDEN, desc = "pending and never woken: the reader hangs on a producer that gave up")
@State
public class PromiseCloseVsPollStress {

    private final Promise<String> promise = Promise.create();
    private final PromiseFuture<String> reader = promise.future();
    private final CountingWaker waker = new CountingWaker();

    @Actor
    public void producer() {
        promise.close();
    }

    @Actor
    public void reader(III_Result r) {
        r.r1 = code(reader.poll(waker.context()));
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = waker.wakes();
        r.r3 = r.r1 == 0 ? code(reader.poll(waker.context())) : 0;
    }

    private static int code(Poll<String> poll) {
        if (poll.isPending()) {
            return 0;
        }
        return poll.isFailed() && poll.error() instanceof ChannelClosedException ? 2 : 9;
    }
}
