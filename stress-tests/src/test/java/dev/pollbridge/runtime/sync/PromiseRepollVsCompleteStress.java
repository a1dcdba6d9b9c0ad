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
import org.openjdk.jcstress.infra.results.ZII_Result;

/**
 * {@code Promise} (rule 7, the latest waker wins): the reader polled once with waker A and is
 * pending; it polls again with waker B (the future moved to another task) while the promise
 * completes. The second poll replaces A by B in one CAS, so the completion wakes whichever is
 * registered at its CAS: A if it came first (and the re-poll then sees the value), B otherwise.
 *
 * <p>Outcome: (the second poll returned the value, wakes of A, wakes of B). Forbidden: the second
 * poll pending while B is not woken (A, the stale waker, got the only wake).
 */
@JCStressTest
@Outcome(id = "true, 1, 0", expect = ACCEPTABLE, desc = "completed before the re-poll: A woken, the re-poll sees the value")
@Outcome(id = "false, 0, 1", expect = ACCEPTABLE, desc = "re-poll first: B registered and woken")
@Outcome(expect = FORBIDDEN, desc = "the latest waker not woken, or a wake lost or doubled")
@State
public class PromiseRepollVsCompleteStress {

    private final Promise<String> promise = Promise.create();
    private final PollFuture<String> reader = promise.future();
    private final CountingWaker first = new CountingWaker();
    private final CountingWaker second = new CountingWaker();

    public PromiseRepollVsCompleteStress() {
        if (!reader.poll(first.context()).isPending()) {
            throw new AssertionError("a new promise is pending");
        }
    }

    @Actor
    public void reader(ZII_Result r) {
        r.r1 = reader.poll(second.context()).isReady();
    }

    @Actor
    public void completer() {
        promise.complete("value");
    }

    @Arbiter
    public void arbiter(ZII_Result r) {
        r.r2 = first.wakes();
        r.r3 = second.wakes();
    }
}
