package dev.pollbridge.runtime.internal.task;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.api.Poll;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Rules T3/T4 (and rule 6): a task re-queued still RUNNING after a yield (the owned re-queue) loses
 * no wake from another thread. The future yields on its first poll, then is ready once the event
 * is set, else pending with its waker "registered" with the producer. The worker runs the first
 * turn, then takes its own queue entry for the second; the producer sets the event and wakes:
 * <ul>
 *   <li>wake while SCHEDULED, during the first turn, or while queued RUNNING: it coalesces or sets
 *       NOTIFIED (no push); the second turn sees the event and completes;
 *   <li>wake during the second poll, which missed the event: NOTIFIED, so T4 re-queues it (a
 *       second re-queue), and the arbiter's turn completes it;
 *   <li>wake after the second turn made the task idle: pushed once (T3); the arbiter's turn
 *       completes it.
 * </ul>
 * Outcome: (finished before the arbiter's turn; T3 pushes; re-queues after a poll; finished after
 * the arbiter's turn). Forbidden: idle, unfinished and not pushed (a lost wake), or two pushes.
 */
@JCStressTest
@Outcome(id = "1, 0, 1, 1", expect = ACCEPTABLE, desc = "the second turn saw the event")
@Outcome(id = "0, 0, 2, 1", expect = ACCEPTABLE, desc = "woken during the second poll: NOTIFIED, re-queued once more")
@Outcome(id = "0, 1, 1, 1", expect = ACCEPTABLE, desc = "woken while idle: pushed once by T3")
@Outcome(expect = FORBIDDEN, desc = "lost wake or more than one push at a time")
@State
public class TaskOwnedRequeueVsWakeStress {

    private volatile boolean event;
    private final RecordingScheduler scheduler = new RecordingScheduler(true);
    private final YieldingFuture<String> future = new YieldingFuture<>(
            () -> event ? Poll.ready("event") : Poll.pending());
    private final Task<String> task = new Task<>(1, future, scheduler, true);

    @Actor
    public void worker() {
        task.run();
        if (scheduler.yielded.get() == 1) {
            task.run(); // this worker takes its own queue entry
        }
    }

    @Actor
    public void producer() {
        event = true;
        task.wake();
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r1 = task.isFinished() ? 1 : 0;
        r.r2 = scheduler.scheduled.get();
        r.r3 = scheduler.yielded.get();
        if (!task.isFinished() && scheduler.pushes() == 2) {
            task.run(); // the worker that takes the task from its queue
        }
        r.r4 = task.isFinished() && !future.misused ? 1 : 0;
    }
}
