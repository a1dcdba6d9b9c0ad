package dev.pollbridge.runtime.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.api.PollFuture;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * {@code Promise}'s single CAS: a completion races with the reader's close. Both are one CAS from
 * a pending state, so exactly one wins: either the value was delivered ({@code tryComplete}
 * returns true, the promise is not cancelled) or the reader was closed first (the completion is
 * refused and the promise reports cancelled).
 *
 * <p>Outcome: (tryComplete returned true, isCancelled afterwards).
 */
@JCStressTest
@Outcome(id = "true, false", expect = ACCEPTABLE, desc = "the completion won")
@Outcome(id = "false, true", expect = ACCEPTABLE, desc = "the close won; the value was refused")
@Outcome(expect = FORBIDDEN, desc = "both won, or neither")
@State
public class PromiseCompleteVsCloseStress {

    private final Promise<String> promise = Promise.create();
    private final PollFuture<String> reader = promise.future();

    @Actor
    public void completer(ZZ_Result r) {
        r.r1 = promise.tryComplete("value");
    }

    @Actor
    public void closer() {
        reader.close();
    }

    @Arbiter
    public void arbiter(ZZ_Result r) {
        r.r2 = promise.isCancelled();
    }
}
