package dev.pollbridge.runtime.metrics;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A snapshot of every live task of a runtime, from {@link dev.pollbridge.runtime.PollRuntime#dump()}: what each task is doing
 * (its {@link State}), how old it is, how long ago it was last polled, what it waits on and, if
 * the runtime {@linkplain dev.pollbridge.runtime.PollRuntimeBuilder#captureSpawnSites captures spawn sites}, where it was
 * spawned. Meant for a hung task: a task that is {@link State#IDLE} for minutes with nobody to
 * wake it is the "pending with nobody holding the waker" bug of rule 5.
 *
 * <p>The dump is taken while the runtime runs, without stopping it: each task is read on its own,
 * so the entries are individually accurate but not taken at one instant (a task may complete, and
 * new tasks may be spawned, while the dump is taken; the first are still listed, the second may
 * not be). {@link #toString()} formats it for a log.
 *
 * @param tasks the live tasks, oldest first
 */
public record TaskDump(List<TaskInfo> tasks) {

    /** What a task is doing when the dump reads it. */
    public enum State {
        /** Waiting for a wake: pending, and not in any run queue. */
        IDLE,
        /** Woken (or new) and waiting in a run queue for a worker. */
        SCHEDULED,
        /** A worker is polling it (or closing it) now. */
        RUNNING,
        /** Finished while the dump was being taken. */
        COMPLETE
    }

    /**
     * One task.
     *
     * @param name the task's name in reports ({@code task-<n> (<future class>)}, as in the
     *     slow-poll warning)
     * @param id the task's id, unique within its runtime
     * @param state what it is doing
     * @param cancelRequested whether it was aborted (or the runtime is shutting down) and its
     *     cancellation has not completed yet
     * @param age time since it was spawned, to about 17 ms (the timestamps are kept in spare bits
     *     of the task's state word, in units of 2^24 ns, and wrap after about 52 days); a task
     *     spawned inside another task's poll counts from the start of that poll
     * @param sinceLastPoll time since its latest poll started, to about 17 ms; empty if it was
     *     never polled, or if the runtime keeps no time for its polls (a work-stealing runtime
     *     without a watchdog thread, see {@link dev.pollbridge.runtime.PollRuntimeBuilder#stuckWorkerThreshold}, or a
     *     current-thread runtime with slow-poll reports and the poll-time histogram off)
     * @param waitingOn the {@code toString()} of its future (what it waits on, if the future says),
     *     or a note if that threw; empty once the future is closed
     * @param worker the name of the worker thread running it, if it is {@link State#RUNNING}
     * @param spawnSite the stack of the {@code spawn} call, innermost first, with the runtime's own
     *     frames left out; empty unless spawn sites are captured (or if the task completed while the
     *     dump read it: its spawn site is dropped with it)
     */
    public record TaskInfo(
            String name,
            long id,
            State state,
            boolean cancelRequested,
            Duration age,
            Optional<Duration> sinceLastPoll,
            Optional<String> waitingOn,
            Optional<String> worker,
            List<StackTraceElement> spawnSite) {}

    /**
     * The dump as text, one block per task:
     * <pre>
     * task-0.3 (com.example.Fetch) IDLE, age 12.012 s, last polled 11.995 s ago
     *   waiting on: Fetch[user=42, awaiting response]
     *   spawned at: com.example.Service.load(Service.java:31)
     * </pre>
     */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        text.append(tasks.size()).append(tasks.size() == 1 ? " live task" : " live tasks");
        for (TaskInfo task : tasks) {
            text.append('\n').append(task.name()).append(' ').append(task.state());
            if (task.cancelRequested()) {
                text.append(" (cancel requested)");
            }
            task.worker().ifPresent(worker -> text.append(" on ").append(worker));
            text.append(", age ").append(seconds(task.age()));
            text.append(task.sinceLastPoll().map(d -> ", last polled " + seconds(d) + " ago").orElse(", never polled"));
            task.waitingOn().ifPresent(what -> text.append("\n  waiting on: ").append(what));
            for (int i = 0; i < task.spawnSite().size(); i++) {
                text.append(i == 0 ? "\n  spawned at: " : "\n              ").append(task.spawnSite().get(i));
            }
        }
        return text.toString();
    }

    private static String seconds(Duration duration) {
        return String.format(java.util.Locale.ROOT, "%.3f s", duration.toNanos() / 1e9);
    }
}
