package dev.pollbridge.runtime.internal.task;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.api.Poll;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZII_Result;

/**
 * Rules T3/T4 (and rule 6): a wake that races with the end of a poll is never lost.
 *
 * <p>The task's future is a check of an event flag: ready once the flag is set, else pending (its
 * waker "registered" with the flag's producer). One actor is a worker running one turn of the
 * task ({@code run()}: T2, poll, T4); the other publishes the event and wakes the task (T3).
 * Interleavings:
 * <ul>
 *   <li>wake while SCHEDULED (before T2): the wake coalesces; the poll that follows sees the event;
 *   <li>wake while RUNNING, the poll saw the event: the task completes, NOTIFIED is dropped;
 *   <li>wake while RUNNING, the poll missed the event: NOTIFIED, so T4 re-queues it (yield);
 *   <li>wake after T4 made the task idle: the wake submits it (schedule).
 * </ul>
 * Outcome: (completed, schedule calls, yield calls). Forbidden: the task idle and not complete
 * with no push (a lost wake: it would hang forever), or two pushes (in two queues at once).
 */
@JCStressTest
@Outcome(id = "true, 0, 0", expect = ACCEPTABLE, desc = "the poll saw the event: complete, no push")
@Outcome(id = "false, 0, 1", expect = ACCEPTABLE, desc = "woken during the poll: NOTIFIED, re-queued once by T4")
@Outcome(id = "false, 1, 0", expect = ACCEPTABLE, desc = "woken after the poll: idle -> SCHEDULED, pushed once by T3")
@Outcome(expect = FORBIDDEN, desc = "lost wake (idle, no push) or more than one push")
@State
public class TaskWakeVsPollEndStress {

    private volatile boolean event;
    private final RecordingScheduler scheduler = new RecordingScheduler();
    private final Task<String> task = new Task<>(1, new ScriptedFuture<>(
            () -> event ? Poll.ready("event") : Poll.pending()), scheduler, true);

    @Actor
    public void worker() {
        task.run();
    }

    @Actor
    public void producer() {
        event = true;
        task.wake();
    }

    @Arbiter
    public void arbiter(ZII_Result r) {
        r.r1 = task.isFinished();
        r.r2 = scheduler.scheduled.get();
        r.r3 = scheduler.yielded.get();
    }
}
