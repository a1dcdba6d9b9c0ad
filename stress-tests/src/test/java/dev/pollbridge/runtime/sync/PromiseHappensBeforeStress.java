package dev.pollbridge.runtime.sync;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.stress.CountingWaker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@code Promise} (rule 10, happens-before): the producer writes two plain fields of an object,
 * then completes the promise with it; a reader that polls the value sees both writes, with no
 * lock of its own (the completing CAS publishes, the reader's volatile read acquires).
 *
 * <p>Outcome: (the two fields as the reader saw them; -1, -1 while still pending).
 */
@JCStressTest
@Outcome(id = "-1, -1", expect = ACCEPTABLE, desc = "polled before the completion: pending")
@Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "the value and everything written before it")
@Outcome(expect = FORBIDDEN, desc = "the value seen without the writes made before completing")
@State
public class PromiseHappensBeforeStress {

    /** Written with plain stores by the producer. */
    static final class Box {
        int first;
        int second;
    }

    private final Box box = new Box();
    private final Promise<Box> promise = Promise.create();
    private final PollFuture<Box> reader = promise.future();

    @Actor
    public void producer() {
        box.first = 1;
        box.second = 2;
        promise.complete(box);
    }

    @Actor
    public void consumer(II_Result r) {
        Poll<Box> result = reader.poll(new CountingWaker().context());
        if (result.isReady()) {
            Box seen = result.value();
            r.r1 = seen.first;
            r.r2 = seen.second;
        } else {
            r.r1 = -1;
            r.r2 = -1;
        }
    }
}
