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
 * Rules T4/T6 as {@link TaskOwnedRequeueVsAbortStress}, with the turns a work-stealing worker runs
 * ({@link Task#runYieldingToCaller}): the owned re-queue is handed back to the caller instead of
 * {@link Scheduler#yieldTask}, and the caller queues it. The worker runs the first turn (the future
 * wakes itself and returns pending), is handed the task, and runs the second turn (pending, no
 * wake). Whatever
 * the order, the task ends cancelled, its future closed once by a worker, never polled after an
 * abort it could see, and pushed at most once:
 * <ul>
 *   <li>abort while SCHEDULED: T2 returns CANCELLED, cancelled unpolled;
 *   <li>abort during the first poll: the runner sees CANCELLED before the owned re-queue, takes
 *       T4's CAS path and cancels;
 *   <li>abort while the task sits in the queue RUNNING: CANCELLED|NOTIFIED, no push; the second
 *       turn checks the word first and cancels without polling;
 *   <li>abort during the second poll: T4 returns CANCELLED, cancelled after it;
 *   <li>abort after the second turn made the task idle: pushed once (T6); the arbiter plays the
 *       worker that takes it.
 * </ul>
 * Outcome: (finished before the arbiter's turn; T3/T6 pushes; owned re-queues handed to the
 * caller, -1 if one went to {@code yieldTask} instead; polls; closes at the end, -1 if the handle
 * did not report a cancellation or the future was misused).
 */
@JCStressTest
@Outcome(id = "1, 0, 0, 0, 1", expect = ACCEPTABLE, desc = "aborted while SCHEDULED: cancelled unpolled")
@Outcome(id = "1, 0, 0, 1, 1", expect = ACCEPTABLE, desc = "aborted during the yielding poll: cancelled after it")
@Outcome(id = "1, 0, 1, 1, 1", expect = ACCEPTABLE, desc = "aborted while queued RUNNING: the next turn cancels unpolled")
@Outcome(id = "1, 0, 1, 2, 1", expect = ACCEPTABLE, desc = "aborted during the second poll: cancelled after it")
@Outcome(id = "0, 1, 1, 2, 1", expect = ACCEPTABLE, desc = "aborted while idle: pushed once, cancelled by the next turn")
@Outcome(expect = FORBIDDEN, desc = "lost abort, a second push, a poll after the abort was seen, or a close count other than 1")
@State
public class TaskYieldToCallerVsAbortStress {

    private final RecordingScheduler scheduler = new RecordingScheduler(true);
    private final YieldingFuture<String> future = new YieldingFuture<>(Poll::pending);
    private final Task<String> task = new Task<>(1, future, scheduler, true);
    private final TaskJoinHandle<String> handle = new TaskJoinHandle<>(task);

    /** Owned re-queues the runner was handed back: the worker's to queue. */
    private int handedBack;

    @Actor
    public void worker() {
        if (task.runYieldingToCaller(TaskState.UNTIMED)) {
            handedBack++;
            if (task.runYieldingToCaller(TaskState.UNTIMED)) { // this worker takes its own queue entry
                handedBack++;
            }
        }
    }

    @Actor
    public void aborter() {
        task.abort();
    }

    @Arbiter
    public void arbiter(IIIII_Result r) {
        r.r1 = task.isFinished() ? 1 : 0;
        r.r2 = scheduler.scheduled.get();
        r.r3 = scheduler.yielded.get() == 0 ? handedBack : -1;
        r.r4 = future.polls.get();
        if (scheduler.scheduled.get() == 1) {
            task.runYieldingToCaller(TaskState.UNTIMED); // the worker that takes the pushed task from its queue
        }
        boolean cancelled = TaskAbortVsCompletionStress.resultCode(handle.poll(new CountingWaker().context())) == 2;
        r.r5 = cancelled && !future.misused ? future.closes.get() : -1;
    }
}
