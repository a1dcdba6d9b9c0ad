package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.internal.task.Task;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JDK Flight Recorder event for a task that completed: with a value, a failure or by
 * cancellation. The event's thread is the one that completed it (a worker, or the closer at
 * shutdown). Its lifetime is the time from the {@link TaskSpawnEvent} with the same task id.
 * Disabled by default, as {@link TaskSpawnEvent} is.
 */
@Name("dev.pollbridge.TaskComplete")
@Label("Task completed")
@Category({"Pollbridge", "Tasks"})
@Description("A task completed with a value, a failure or by cancellation")
@Enabled(false)
@StackTrace(false)
final class TaskCompleteEvent extends jdk.jfr.Event {

    @Label("Task id")
    long taskId;

    @Label("Task")
    String task;

    @Label("Outcome")
    @Description("value, failed (with the exception class) or cancelled")
    String outcome;

    /** Commits one event if JFR records this event type; called by the completer right after completion. */
    static void emit(Task<?> completed) {
        TaskCompleteEvent event = new TaskCompleteEvent();
        if (event.isEnabled()) {
            event.taskId = completed.id();
            event.task = completed.name();
            event.outcome = completed.outcomeForDiagnostics();
            event.commit();
        }
    }
}
