package dev.pollbridge.runtime.internal.task;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.api.Poll;
import dev.pollbridge.stress.CountingWaker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Rules T4/T7: the closer drains a queue entry that carries RUNNING (a task re-queued after a
 * yield) while another thread wakes and aborts the task. The entry makes the closer the owner, so it
 * cancels the task on its own thread; the abort and the wake find the task RUNNING and push
 * nothing. The future is closed exactly once, by the closer, and the task ends cancelled.
 *
 * <p>Outcome: (closes; closed by the closer; pushes after the first turn; the handle reports a
 * cancellation).
 */
@JCStressTest
@Outcome(id = "1, 1, 0, 1", expect = ACCEPTABLE, desc = "cancelled once by the closer, nothing pushed")
@Outcome(expect = FORBIDDEN, desc = "closed twice, never, or by another thread; or pushed")
@State
public class TaskShutdownQueuedVsAbortStress {

    private final RecordingScheduler scheduler = new RecordingScheduler(true);
    private final YieldingFuture<String> future = new YieldingFuture<>(Poll::pending);
    private final Task<String> task = new Task<>(1, future, scheduler, true);
    private final TaskJoinHandle<String> handle = new TaskJoinHandle<>(task);
    private volatile Thread closerThread;

    public TaskShutdownQueuedVsAbortStress() {
        task.run(); // the first turn yields: the task sits in a queue still RUNNING
    }

    @Actor
    public void closer() {
        closerThread = Thread.currentThread();
        task.shutdownQueued();
    }

    @Actor
    public void others() {
        task.wake();
        task.abort();
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r1 = future.misused ? -1 : future.closes.get();
        r.r2 = future.closedBy == closerThread ? 1 : 0;
        r.r3 = scheduler.scheduled.get() + scheduler.yielded.get() - 1;
        r.r4 = TaskAbortVsCompletionStress.resultCode(handle.poll(new CountingWaker().context())) == 2 ? 1 : 0;
    }
}
