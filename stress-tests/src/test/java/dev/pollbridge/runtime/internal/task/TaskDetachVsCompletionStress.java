package dev.pollbridge.runtime.internal.task;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.pollbridge.api.Poll;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Rule T8: closing the join handle (detach) races with the task failing. The failure is reported
 * to the uncaught-failure handler exactly once, by whichever side comes second in the order of
 * the two CASes on the state word: the completer if the detach came first (T5 sees no
 * JOIN_INTEREST), the handle if the completion came first (it owns the undelivered output).
 *
 * <p>Outcome: (reports made on the worker's thread, reports made on the detaching thread).
 * Forbidden: no report (a failure silently lost) or two reports.
 */
@JCStressTest
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "detached first: the completer reports")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "completed first: the handle reports on close")
@Outcome(expect = FORBIDDEN, desc = "the failure reported twice or not at all")
@State
public class TaskDetachVsCompletionStress {

    private final RecordingScheduler scheduler = new RecordingScheduler();
    private final Task<String> task = new Task<>(1,
            new ScriptedFuture<String>(() -> Poll.failed(new IllegalStateException("boom"))), scheduler, true);
    private final TaskJoinHandle<String> handle = new TaskJoinHandle<>(task);
    private volatile Thread workerThread;

    @Actor
    public void worker() {
        workerThread = Thread.currentThread();
        task.run();
    }

    @Actor
    public void detacher() {
        handle.close();
    }

    @Arbiter
    public void arbiter(II_Result r) {
        int reports = scheduler.uncaught.get();
        boolean byWorker = scheduler.reporter == workerThread;
        r.r1 = byWorker ? reports : 0;
        r.r2 = byWorker ? 0 : reports;
    }
}
