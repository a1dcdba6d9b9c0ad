package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.metrics.TaskDump;
import dev.pollbridge.runtime.internal.task.Task;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds a {@link TaskDump} without stopping the runtime (Tokio's dumps once could deadlock: they
 * held the scheduler while tracing tasks). The registry is copied one shard at a time under that
 * shard's short lock, which pollers never take; everything else (the state word, the timestamps,
 * the future's {@code toString}) is read afterwards, with no lock held, on the calling thread.
 * So a worker is never delayed by a dump, and a {@code toString} that blocks delays only the
 * dump; one that throws is reported in the entry instead.
 *
 * <p>The future's {@code toString} runs on the dumping thread, possibly while a worker polls
 * that future: it should read only what it can read racily (a volatile field, a final one).
 */
final class TaskDumper {

    /** Longer descriptions are cut to this many characters. */
    static final int MAX_DESCRIPTION = 500;

    private TaskDumper() {}

    /**
     * The dump of {@code live} (a registry snapshot).
     *
     * @param running the task each worker is running now, mapped to the worker's thread name
     */
    static TaskDump dump(List<Task<?>> live, Map<Task<?>, String> running, Map<Task<?>, Throwable> spawnSites) {
        List<TaskDump.TaskInfo> entries = new ArrayList<>(live.size());
        for (Task<?> task : live) {
            entries.add(describe(task, running, spawnSites));
        }
        entries.sort(Comparator.comparing(TaskDump.TaskInfo::age).reversed()); // oldest first
        return new TaskDump(List.copyOf(entries));
    }

    private static TaskDump.TaskInfo describe(Task<?> task, Map<Task<?>, String> running,
            Map<Task<?>, Throwable> spawnSites) {
        // The spawn site first: the completer closes the future before it drops the site, so an
        // entry without a site (it completed meanwhile) never shows a future either.
        List<StackTraceElement> spawnSite = spawnSite(spawnSites.get(task));
        long word = task.diagnosticState();
        long now = System.nanoTime(); // after the word: no timestamp in it is later
        TaskDump.State state = task.phaseIn(word);
        long sinceLastPoll = Task.sinceLastPollNanos(word, now);
        Optional<String> worker = state == TaskDump.State.RUNNING ? Optional.ofNullable(running.get(task))
                : Optional.empty();
        return new TaskDump.TaskInfo(task.name(), task.id(), state, Task.isCancelRequested(word),
                Duration.ofNanos(Task.ageNanos(word, now)),
                sinceLastPoll < 0 ? Optional.empty() : Optional.of(Duration.ofNanos(sinceLastPoll)),
                Optional.ofNullable(describeFuture(task.futureForDiagnostics())), worker, spawnSite);
    }

    /** The future's {@code toString()}, contained (rule T10) and cut short; null for a closed future. */
    static String describeFuture(Object future) {
        if (future == null) {
            return null;
        }
        String text;
        try {
            text = String.valueOf(future.toString());
        } catch (Throwable broken) {
            text = "<toString() of " + future.getClass().getName() + " threw " + describeFailure(broken) + ">";
        }
        return text.length() <= MAX_DESCRIPTION ? text : text.substring(0, MAX_DESCRIPTION) + "...";
    }

    /** A throwable's {@code toString()}, which is user code too: its class name if that throws as well. */
    private static String describeFailure(Throwable failure) {
        try {
            return String.valueOf(failure);
        } catch (Throwable broken) {
            return failure.getClass().getName();
        }
    }

    /** The spawn call's stack without the runtime's own frames on top; empty if not captured. */
    static List<StackTraceElement> spawnSite(Throwable site) {
        if (site == null) {
            return List.of();
        }
        StackTraceElement[] frames = site.getStackTrace();
        int first = 0;
        while (first < frames.length && isRuntimeFrame(frames[first])) {
            first++;
        }
        return List.of(Arrays.copyOfRange(frames, first, frames.length));
    }

    private static boolean isRuntimeFrame(StackTraceElement frame) {
        String type = frame.getClassName();
        return type.startsWith("dev.pollbridge.runtime.internal.") || type.equals("dev.pollbridge.runtime.PollRuntime");
    }
}
