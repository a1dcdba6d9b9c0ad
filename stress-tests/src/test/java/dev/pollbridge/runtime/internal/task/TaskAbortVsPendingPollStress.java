package dev.pollbridge.runtime.internal.task;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.stress.CountingWaker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Rules T6/T4: an abort racing with a poll that returns pending is never lost. Whatever the
 * order, the task ends cancelled and its future closed once, by a worker (never by the aborting
 * thread):
 * <ul>
 *   <li>abort while SCHEDULED: T2 returns CANCELLED, the worker cancels without polling;
 *   <li>abort while RUNNING: CANCELLED|NOTIFIED, so T4 returns CANCELLED and the worker cancels
 *       right after the poll;
 *   <li>abort after T4 made the task idle: the abort sets SCHEDULED and pushes it once; the
 *       arbiter then plays the worker that takes it from the queue.
 * </ul>
 * Outcome: (finished before the arbiter's turn; pushes; polls; closes after the arbiter's turn).
 * Forbidden: idle and not finished with no push (the abort was lost), or any close count but 1.
 */
@JCStressTest
@Outcome(id = "1, 0, 0, 1", expect = ACCEPTABLE, desc = "aborted while SCHEDULED: cancelled unpolled")
@Outcome(id = "1, 0, 1, 1", expect = ACCEPTABLE, desc = "aborted during the poll: cancelled after it (T4)")
@Outcome(id = "0, 1, 1, 1", expect = ACCEPTABLE, desc = "aborted while idle: pushed once, cancelled by the next turn")
@Outcome(expect = FORBIDDEN, desc = "lost abort, extra push, or a close count other than 1")
@State
public class TaskAbortVsPendingPollStress {

    private final RecordingScheduler scheduler = new RecordingScheduler();
    private final ScriptedFuture<String> future = ScriptedFuture.pending();
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
        r.r1 = task.isFinished() ? 1 : 0;
        r.r2 = scheduler.pushes();
        r.r3 = future.polls.get();
        if (scheduler.pushes() == 1) {
            task.run(); // the worker that takes the pushed task from its queue
        }
        boolean cancelled = TaskAbortVsCompletionStress.resultCode(handle.poll(new CountingWaker().context())) == 2;
        r.r4 = cancelled ? future.closes.get() : -1;
    }
}
