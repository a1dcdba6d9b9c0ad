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
    @Timespan(Timespan.NANOSECONDS)
    long pollNanos;

    @Label("Threshold")
    @Timespan(Timespan.NANOSECONDS)
    long thresholdNanos;

    @Label("Worker thread")
    String thread;

    /** Commits one event if JFR records this event type. */
    static void emit(String taskName, long pollNanos, long thresholdNanos) {
        SlowPollEvent event = new SlowPollEvent();
        if (event.isEnabled()) {
            event.task = taskName;
            event.pollNanos = pollNanos;
            event.thresholdNanos = thresholdNanos;
            event.thread = Thread.currentThread().getName();
            event.commit();
        }
    }
}
