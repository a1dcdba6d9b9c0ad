package dev.pollbridge.runtime.internal.task;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.api.Poll;
import dev.pollbridge.stress.CountingWaker;
import java.util.concurrent.CancellationException;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Rules T6/T5: an abort racing with a poll that completes the task. The task has one outcome: the
 * value if its poll ran, the cancellation if the abort came before the poll; its future is closed
 * exactly once either way, and the abort never pushes a task that is not idle.
 *
 * <p>Interleavings: abort while SCHEDULED (T2 then returns CANCELLED: the worker closes the
 * future unpolled); abort while RUNNING (CANCELLED|NOTIFIED, but T5 completes with the value: the
 * completion came first); abort after COMPLETE (nothing).
 *
 * <p>Outcome: (result: 1 value, 2 cancelled; polls; closes; pushes).
 */
@JCStressTest
@Outcome(id = "1, 1, 1, 0", expect = ACCEPTABLE, desc = "polled to completion; the abort came during or after the poll")
@Outcome(id = "2, 0, 1, 0", expect = ACCEPTABLE, desc = "aborted while SCHEDULED: cancelled without a poll")
@Outcome(expect = FORBIDDEN, desc = "two outcomes, a cancelled result after a ready poll, a close count other than 1, or a push")
@State
public class TaskAbortVsCompletionStress {

    private final RecordingScheduler scheduler = new RecordingScheduler();
    private final ScriptedFuture<String> future = new ScriptedFuture<>(() -> Poll.ready("value"));
    private final Task<String> task = new Task<>(1, future, scheduler, true);
    private final TaskJoinHandle<String> handle = new TaskJoinHandle<>(task);

    @Actor
    public void worker() {
        task.run();
    }

    @Actor
    public void aborter() {
        task.abort();
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        Poll<String> output = handle.poll(new CountingWaker().context());
        r.r1 = resultCode(output);
        r.r2 = future.polls.get();
        r.r3 = future.closes.get();
        r.r4 = scheduler.pushes();
    }

    /** 1 for the value, 2 for a cancellation, 0 for anything else (pending, another failure). */
    static int resultCode(Poll<?> output) {
        if (output.isReady() && "value".equals(output.value())) {
            return 1;
        }
        if (output.isFailed() && output.error() instanceof CancellationException) {
            return 2;
        }
        return 0;
    }
}
