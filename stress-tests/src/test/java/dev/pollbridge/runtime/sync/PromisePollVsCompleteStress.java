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
import org.openjdk.jcstress.infra.results.ZI_Result;

/**
 * {@code Promise} (rule 6): the reader's first poll (check, then register its waker by CAS)
 * races with the completion (CAS the outcome in, wake the waker it replaced). The check and the
 * register are one CAS, so a completion that lands between them makes the CAS fail and the poll
 * sees the value.
 *
 * <p>Outcome: (the poll returned the value, wakes). Forbidden: pending and never woken, or ready
 * and woken (a completion only wakes a waker it replaced).
 */
@JCStressTest
@Outcome(id = "true, 0", expect = ACCEPTABLE, desc = "completed first: the poll returned the value")
@Outcome(id = "false, 1", expect = ACCEPTABLE, desc = "registered first: pending, then woken by the completion")
@Outcome(expect = FORBIDDEN, desc = "lost wake, or a wake of a waker that was never registered")
@State
public class PromisePollVsCompleteStress {

    private final Promise<String> promise = Promise.create();
    private final PollFuture<String> reader = promise.future();
    private final CountingWaker waker = new CountingWaker();

    @Actor
    public void reader(ZI_Result r) {
        Poll<String> result = reader.poll(waker.context());
        r.r1 = result.isReady() && "value".equals(result.value());
    }

    @Actor
    public void completer() {
        promise.complete("value");
    }

    @Arbiter
    public void arbiter(ZI_Result r) {
        r.r2 = waker.wakes();
    }
}
