package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.internal.task.Task;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * A JDK Flight Recorder event for a spawned task. The event's thread and stack trace are the
 * spawner's (its spawn site). Disabled by default: a busy runtime spawns millions of tasks.
 */
@Name("dev.pollbridge.TaskSpawn")
@Label("Task spawned")
@Category({"Pollbridge", "Tasks"})
@Description("A task was spawned on the runtime")
@Enabled(false)
final class TaskSpawnEvent extends jdk.jfr.Event {

    @Label("Task id")
    long taskId;

    @Label("Task")
    String task;

    /** Commits one event if JFR records this event type. */
    static void emit(Task<?> spawned) {
        TaskSpawnEvent event = new TaskSpawnEvent();
        if (event.isEnabled()) {
            event.taskId = spawned.id();
            event.task = spawned.name();
            event.commit();
        }
    }
}
