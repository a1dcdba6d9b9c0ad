package dev.pollbridge.runtime.internal.scheduler;

import java.util.concurrent.ThreadPoolExecutor;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * A JDK Flight Recorder event for blocking work that had to wait: every blocking-pool thread was
 * busy and the pool was at its maximum, so the job was queued. Enabled by default (it is rare in a
 * healthy runtime); its stack trace is the {@code spawnBlocking} caller's.
 */
@Name("dev.pollbridge.BlockingPoolSaturated")
@Label("Blocking pool saturated")
@Category({"Pollbridge", "Runtime"})
@Description("spawnBlocking work was queued because every blocking thread was busy and the pool was at its maximum")
final class BlockingPoolSaturatedEvent extends jdk.jfr.Event {

    @Label("Maximum threads")
    int maxThreads;

    @Label("Busy threads")
    int busyThreads;

    @Label("Queued jobs")
    @Description("Jobs waiting for a thread, this one included")
    int queuedJobs;

    /** Commits one event if JFR records this event type; reads the pool only then. */
    static void emit(ThreadPoolExecutor pool) {
        BlockingPoolSaturatedEvent event = new BlockingPoolSaturatedEvent();
        if (event.isEnabled()) {
            event.maxThreads = pool.getMaximumPoolSize();
            event.busyThreads = pool.getActiveCount();
            event.queuedJobs = pool.getQueue().size();
            event.commit();
        }
    }
}
