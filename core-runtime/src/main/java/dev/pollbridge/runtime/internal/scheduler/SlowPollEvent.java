package dev.pollbridge.runtime.internal.scheduler;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Timespan;

/** A JDK Flight Recorder event for a poll that took longer than the slow-poll threshold (rule 16). */
@Name("dev.pollbridge.SlowPoll")
@Label("Slow poll")
@Category({"Pollbridge", "Runtime"})
@Description("A task's poll ran longer than the runtime's slow-poll threshold")
final class SlowPollEvent extends jdk.jfr.Event {

    @Label("Task")
    String task;

    @Label("Poll duration")
    @Description("Exact, or a lower bound short by at most one watchdog period if Lower bound is set")
    @Timespan(Timespan.NANOSECONDS)
    long pollNanos;

    @Label("Lower bound")
    @Description("The stuck-worker watchdog timed the poll (the default): the duration is a lower bound")
    boolean lowerBound;

    @Label("Threshold")
    @Timespan(Timespan.NANOSECONDS)
    long thresholdNanos;

    @Label("Worker thread")
    String thread;

    /** Commits one event if JFR records this event type. */
    static void emit(String taskName, long pollNanos, long thresholdNanos, boolean lowerBound) {
        SlowPollEvent event = new SlowPollEvent();
        if (event.isEnabled()) {
            event.task = taskName;
            event.pollNanos = pollNanos;
            event.thresholdNanos = thresholdNanos;
            event.lowerBound = lowerBound;
            event.thread = Thread.currentThread().getName();
            event.commit();
        }
    }
}
