package dev.pollbridge.runtime.internal.task;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * Rule T3: wakes coalesce. Two threads wake an idle task at once; exactly one of them wins the
 * idle -&gt; SCHEDULED transition and pushes the task, the other sees SCHEDULED and does nothing.
 * Outcome: schedule calls. Forbidden: none (the task would never run) or two (it would sit in two
 * queues and be polled twice).
 */
@JCStressTest
@Outcome(id = "1", expect = ACCEPTABLE, desc = "one push")
@Outcome(expect = FORBIDDEN, desc = "no push or two pushes")
@State
public class TaskWakeVsWakeStress {

    private final RecordingScheduler scheduler = new RecordingScheduler();
    private final Task<String> task = new Task<>(1, ScriptedFuture.pending(), scheduler, true);

    public TaskWakeVsWakeStress() {
        task.run(); // born SCHEDULED: one pending turn makes it idle
    }

    @Actor
    public void waker1() {
        task.wake();
    }

    @Actor
    public void waker2() {
        task.wake();
    }

    @Arbiter
    public void arbiter(I_Result r) {
        r.r1 = scheduler.scheduled.get();
    }
}
