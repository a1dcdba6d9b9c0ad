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
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@code Promise.closed()}: the producer's poll of it registers while the reader closes. The
 * producer learns the reader is gone either at once or by a wake (rule 6: check and register in
 * one CAS against the reader's swap).
 *
 * <p>Outcome: (the producer's poll: 0 pending, 1 ready; wakes after it; the arbiter's poll if the
 * first was pending: 1 ready, 0 none).
 */
@JCStressTest
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "the reader was gone: ready at once")
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE, desc = "registered first: the reader's close woke it")
@Outcome(expect = FORBIDDEN, desc = "pending and never woken")
@State
public class PromiseReaderCloseVsClosedStress {

    private final Promise<String> promise = Promise.create();
    private final PromiseFuture<String> reader = promise.future();
    private final PollFuture<Void> closed = promise.closed();
    private final CountingWaker waker = new CountingWaker();

    @Actor
    public void producer(III_Result r) {
        r.r1 = closed.poll(waker.context()).isReady() ? 1 : 0;
    }

    @Actor
    public void readerGoesAway() {
        reader.close();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r2 = waker.wakes();
        r.r3 = r.r1 == 0 ? (closed.poll(waker.context()).isReady() ? 1 : 0) : 0;
    }
}
