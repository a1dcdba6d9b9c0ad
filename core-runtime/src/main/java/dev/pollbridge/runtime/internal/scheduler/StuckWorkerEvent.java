package dev.pollbridge.runtime.internal.scheduler;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Timespan;

/**
 * A JDK Flight Recorder event for a worker that is still inside one turn (poll or close) of a task
 * past the stuck-worker threshold (rule 16). Emitted by the watchdog thread, so the event's own
 * stack trace is the watchdog's; the stuck worker's stack is in {@link #workerStack}.
 */
@Name("dev.pollbridge.StuckWorker")
@Label("Stuck worker")
@Category({"Pollbridge", "Runtime"})
@Description("A worker has been inside one poll or close of a task longer than the stuck-worker threshold")
final class StuckWorkerEvent extends jdk.jfr.Event {

    @Label("Task")
    String task;

    @Label("Worker thread")
    String worker;

    @Label("Inside")
    String phase;

    @Label("Stuck for at least")
    @Timespan(Timespan.NANOSECONDS)
    long stuckNanos;

    @Label("Threshold")
    @Timespan(Timespan.NANOSECONDS)
    long thresholdNanos;

    @Label("Worker stack")
    String workerStack;

    /** Commits one event if JFR records this event type. */
    static void emit(String taskName, String workerName, String phase, long stuckNanos, long thresholdNanos,
            String stack) {
        StuckWorkerEvent event = new StuckWorkerEvent();
        if (event.isEnabled()) {
            event.task = taskName;
            event.worker = workerName;
            event.phase = phase;
            event.stuckNanos = stuckNanos;
            event.thresholdNanos = thresholdNanos;
            event.workerStack = stack;
            event.commit();
        }
    }
}
