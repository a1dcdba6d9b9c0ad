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
import org.openjdk.jcstress.infra.results.ZZI_Result;

/**
 * {@code Promise}: two producers race, one completing and one failing it. One CAS from pending
 * decides: exactly one {@code try*} call returns true, and the reader gets that one's result.
 *
 * <p>Outcome: (tryComplete won, tryFail won, what the reader got: 1 the value, 2 the failure).
 */
@JCStressTest
@Outcome(id = "true, false, 1", expect = ACCEPTABLE, desc = "the completion won")
@Outcome(id = "false, true, 2", expect = ACCEPTABLE, desc = "the failure won")
@Outcome(expect = FORBIDDEN, desc = "two winners, none, or the reader got the loser's result")
@State
public class PromiseCompleteVsFailStress {

    private static final IllegalStateException FAILURE = new IllegalStateException("failed");

    private final Promise<String> promise = Promise.create();
    private final PollFuture<String> reader = promise.future();

    @Actor
    public void completer(ZZI_Result r) {
        r.r1 = promise.tryComplete("value");
    }

    @Actor
    public void failer(ZZI_Result r) {
        r.r2 = promise.tryFail(FAILURE);
    }

    @Arbiter
    public void arbiter(ZZI_Result r) {
        Poll<String> result = reader.poll(new CountingWaker().context());
        r.r3 = result.isReady() && "value".equals(result.value()) ? 1 : result.isFailed() && result.error() == FAILURE ? 2 : 0;
    }
}
