package dev.pollbridge.runtime.internal.task;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.api.Poll;
import dev.pollbridge.stress.CountingWaker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZI_Result;

/**
 * Rule T9: the joiner stores its waker then re-reads the state word; the completer sets COMPLETE
 * then swaps the waker out and wakes it. Both sides are volatile (sequentially consistent), so at
 * least one sees the other: a joiner that returns pending is always woken.
 *
 * <p>Interleavings: completion before the join's first read (ready, no wake); the joiner's store
 * before the completer's read (pending, woken); both see each other (the joiner returns ready and
 * also gets a spurious wake, which is harmless: rule 8).
 *
 * <p>Outcome: (join returned ready, wakes of the joiner's waker).
 */
@JCStressTest
@Outcome(id = "true, 0", expect = ACCEPTABLE, desc = "the task completed first: ready, no wake")
@Outcome(id = "false, 1", expect = ACCEPTABLE, desc = "the joiner registered first: pending, then woken")
@Outcome(id = "true, 1", expect = ACCEPTABLE_INTERESTING, desc = "each saw the other: ready, plus a spurious wake")
@Outcome(expect = FORBIDDEN, desc = "pending and never woken (lost wake), or woken twice")
@State
public class TaskJoinWakerStress {

    private final Task<String> task = new Task<>(1,
            new ScriptedFuture<>(() -> Poll.ready("value")), new RecordingScheduler(), true);
    private final TaskJoinHandle<String> handle = new TaskJoinHandle<>(task);
    private final CountingWaker joiner = new CountingWaker();

    @Actor
    public void join(ZI_Result r) {
        r.r1 = handle.poll(joiner.context()).isReady();
    }

    @Actor
    public void worker() {
        task.run();
    }

    @Arbiter
    public void arbiter(ZI_Result r) {
        r.r2 = joiner.wakes();
    }
}
