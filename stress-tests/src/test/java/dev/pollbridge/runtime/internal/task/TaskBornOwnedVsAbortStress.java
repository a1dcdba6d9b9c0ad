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
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * Rules T1/T6: a task spawned on a worker is born RUNNING, its queue entry carrying the ownership
 * (the owned spawn: no state CAS when a worker takes it), and an abort races with its first turn.
 * The worker takes the entry and runs the turn (the future returns pending). Whatever the order,
 * the task ends cancelled, its future closed once by a worker, never polled after an abort it
 * could see, and pushed at most once:
 * <ul>
 *   <li>abort while the entry is queued: RUNNING, so CANCELLED|NOTIFIED and no push; the turn
 *       reads the word first and cancels without polling;
 *   <li>abort during the poll: T4 returns CANCELLED, cancelled after it;
 *   <li>abort after the turn made the task idle: pushed once (T6); the arbiter plays the worker
 *       that takes it.
 * </ul>
 * Outcome: (finished before the arbiter's turn; T3/T6 pushes; re-queues after a poll; polls;
 * closes at the end, -1 if the handle did not report a cancellation or the future was misused).
 */
@JCStressTest
@Outcome(id = "1, 0, 0, 0, 1", expect = ACCEPTABLE, desc = "aborted while queued: the turn cancels unpolled")
@Outcome(id = "1, 0, 0, 1, 1", expect = ACCEPTABLE, desc = "aborted during the first poll: cancelled after it")
@Outcome(id = "0, 1, 0, 1, 1", expect = ACCEPTABLE, desc = "aborted while idle: pushed once, cancelled by the next turn")
@Outcome(expect = FORBIDDEN, desc = "lost abort, a push while owned, a poll after the abort was seen, or a close count other than 1")
@State
public class TaskBornOwnedVsAbortStress {

    private final RecordingScheduler scheduler = new RecordingScheduler(true);
    private final ScriptedFuture<String> future = ScriptedFuture.pending();
    private final Task<String> task = Task.bornOwned(1, future, scheduler, true); // its entry is the worker's to take
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
    public void arbiter(IIIII_Result r) {
        r.r1 = task.isFinished() ? 1 : 0;
        r.r2 = scheduler.scheduled.get();
        r.r3 = scheduler.yielded.get();
        r.r4 = future.polls.get();
        if (scheduler.scheduled.get() == 1) {
            task.run(); // the worker that takes the pushed task from its queue
        }
        boolean cancelled = TaskAbortVsCompletionStress.resultCode(handle.poll(new CountingWaker().context())) == 2;
        r.r5 = cancelled && !future.misused ? future.closes.get() : -1;
    }
}
