package dev.pollbridge.runtime.internal.task;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * Rule T7: runtime shutdown races with a worker's turn of the task (a worker that took the task
 * from its queue before the stop). Every future is closed exactly once, never during its poll and
 * never polled after, and the task ends complete:
 * <ul>
 *   <li>shutdown while SCHEDULED: the closer takes RUNNING and cancels on its thread; the
 *       worker's T2 then finds the task not SCHEDULED and skips it (no poll);
 *   <li>shutdown while RUNNING: CANCELLED|NOTIFIED; the worker cancels after its poll (T4);
 *   <li>shutdown after T4 made the task idle: the closer takes it and cancels on its thread.
 * </ul>
 * Outcome: (polls; closes on the worker's thread; closes on the closing thread; close overlapped
 * or preceded a poll; finished). Nothing is ever pushed (checked as part of "finished").
 */
@JCStressTest
@Outcome(id = "0, 0, 1, 0, 1", expect = ACCEPTABLE, desc = "shut down while SCHEDULED: cancelled by the closer, not polled")
@Outcome(id = "1, 1, 0, 0, 1", expect = ACCEPTABLE, desc = "shut down during the poll: cancelled by the worker after it")
@Outcome(id = "1, 0, 1, 0, 1", expect = ACCEPTABLE, desc = "shut down while idle: cancelled by the closer")
@Outcome(expect = FORBIDDEN, desc = "closed twice or never, closed during a poll, polled after close, unfinished, or pushed")
@State
public class TaskShutdownVsRunningPollStress {

    private final RecordingScheduler scheduler = new RecordingScheduler();
    private final ScriptedFuture<String> future = ScriptedFuture.pending();
    private final Task<String> task = new Task<>(1, future, scheduler, true);
    private volatile Thread workerThread;

    @Actor
    public void worker() {
        workerThread = Thread.currentThread();
        task.run();
    }

    @Actor
    public void closer() {
        task.shutdown();
    }

    @Arbiter
    public void arbiter(IIIII_Result r) {
        int closes = future.closes.get();
        boolean byWorker = future.closedBy == workerThread;
        r.r1 = future.polls.get();
        r.r2 = byWorker ? closes : 0;
        r.r3 = byWorker ? 0 : closes;
        r.r4 = future.misused ? 1 : 0;
        r.r5 = task.isFinished() && scheduler.pushes() == 0 ? 1 : 0;
    }
}
