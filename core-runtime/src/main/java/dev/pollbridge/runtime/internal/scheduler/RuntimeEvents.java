package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.internal.task.Task;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * The runtime's JDK Flight Recorder events besides the slow-poll and stuck-worker reports: worker
 * park, task spawn and completion (all three disabled by default) and blocking-pool saturation.
 * {@code jdk.jfr} is optional ({@code requires static}), so no signature here names an event
 * class: each event class is loaded on its first use, and only if the module is present
 * ({@link SlowPollReporter#JFR_PRESENT}). With JFR present and an event disabled, a call costs an
 * allocation that escape analysis removes and one check of the event's enabled flag.
 */
final class RuntimeEvents {

    private RuntimeEvents() {}

    /** Before a worker parks: a begun event, or null if JFR does not record worker parks. */
    static Object workerParkBegin() {
        return SlowPollReporter.JFR_PRESENT ? WorkerParkEvent.beginIfEnabled() : null;
    }

    /** After the worker woke: ends and commits the event from {@link #workerParkBegin()}, if any. */
    static void workerParkEnd(Object begun, int worker) {
        if (begun != null) {
            WorkerParkEvent.endAndCommit(begun, worker);
        }
    }

    /** A task was registered; on the spawner's thread. */
    static void taskSpawned(Task<?> task) {
        if (SlowPollReporter.JFR_PRESENT) {
            TaskSpawnEvent.emit(task);
        }
    }

    /** A task completed; on the completer's thread, right after it stored the output. */
    static void taskCompleted(Task<?> task) {
        if (SlowPollReporter.JFR_PRESENT) {
            TaskCompleteEvent.emit(task);
        }
    }

    /** A blocking job was queued for lack of threads. */
    static void blockingJobQueued(ThreadPoolExecutor pool) {
        if (SlowPollReporter.JFR_PRESENT) {
            BlockingPoolSaturatedEvent.emit(pool);
        }
    }
}
