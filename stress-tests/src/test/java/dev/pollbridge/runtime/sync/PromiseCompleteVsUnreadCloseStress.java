package dev.pollbridge.runtime.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * A value nobody reads is closed exactly once (rule 11 for values): {@code complete} races the
 * close of a reader that polled once (pending) and never reads the value. Whichever of the two
 * CASes on the state word loses drops the value: {@code complete} when the reader was closed
 * first, the reader's close when the value was in first.
 *
 * <p>Outcome: (closes of the value, promise cancelled).
 */
@JCStressTest
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the value went in first; the reader's close dropped it")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the reader closed first; complete dropped the value")
@Outcome(expect = FORBIDDEN, desc = "the value leaked, or was closed twice")
@State
public class PromiseCompleteVsUnreadCloseStress {

    private final AtomicInteger closes = new AtomicInteger();
    private final AutoCloseable value = closes::incrementAndGet;
    private final Promise<AutoCloseable> promise = Promise.create();
    private final PollFuture<AutoCloseable> reader = promise.future();

    public PromiseCompleteVsUnreadCloseStress() {
        reader.poll(Context.of(() -> {})); // pending: the waker is registered
    }

    @Actor
    public void completer() {
        promise.complete(value);
    }

    @Actor
    public void closer() {
        reader.close();
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r1 = closes.get();
        r.r2 = promise.isCancelled() ? 1 : 0;
    }
}
