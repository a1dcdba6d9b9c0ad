package dev.pollbridge.runtime.internal.scheduler;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JDK Flight Recorder event spanning the time a worker was parked for lack of work, from its
 * park to the unpark that woke it (or the shutdown). The event's thread is the worker. Disabled
 * by default: an idle runtime parks often.
 */
@Name("dev.pollbridge.WorkerPark")
@Label("Worker parked")
@Category({"Pollbridge", "Runtime"})
@Description("A worker thread was parked for lack of work, from its park to its unpark")
@Enabled(false)
@StackTrace(false)
final class WorkerParkEvent extends jdk.jfr.Event {

    @Label("Worker index")
    int worker;

    /** A begun event if JFR records this event type, else null. */
    static Object beginIfEnabled() {
        WorkerParkEvent event = new WorkerParkEvent();
        if (!event.isEnabled()) {
            return null;
        }
        event.begin();
        return event;
    }

    /** Ends and commits an event from {@link #beginIfEnabled()}. */
    static void endAndCommit(Object begun, int worker) {
        WorkerParkEvent event = (WorkerParkEvent) begun;
        event.end();
        if (event.shouldCommit()) {
            event.worker = worker;
            event.commit();
        }
    }
}
