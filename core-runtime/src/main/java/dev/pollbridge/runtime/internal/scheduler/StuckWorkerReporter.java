package dev.pollbridge.runtime.internal.scheduler;

import java.util.Locale;

/**
 * Reports a worker stuck in one turn of a task (rule 16), while it is stuck: one {@code WARNING}
 * through {@link System.Logger} with the worker's stack, and one JDK Flight Recorder event
 * {@code dev.pollbridge.StuckWorker} (when {@code jdk.jfr} is present), in the style of
 * {@link SlowPollReporter}. Called on the watchdog thread.
 */
final class StuckWorkerReporter {

    private static final System.Logger LOGGER = System.getLogger(FailureReporter.LOGGER_NAME);
    /** The frame that shows a turn is closing the task's future rather than polling it. */
    private static final String CLOSE_FRAME = "closeFuture";
    private static final String TASK_CLASS = "dev.pollbridge.runtime.internal.task.Task";

    private StuckWorkerReporter() {}

    static void report(String taskName, String workerName, StackTraceElement[] stack, long stuckNanos,
            long thresholdNanos) {
        String phase = phase(stack);
        if (LOGGER.isLoggable(System.Logger.Level.WARNING)) {
            LOGGER.log(System.Logger.Level.WARNING,
                    message(taskName, workerName, phase, stuckNanos, thresholdNanos) + stackText(stack));
        }
        if (SlowPollReporter.JFR_PRESENT) {
            StuckWorkerEvent.emit(taskName, workerName, phase, stuckNanos, thresholdNanos, stackText(stack));
        }
    }

    /** "close()" if the worker is inside the task's close, else "poll()". */
    static String phase(StackTraceElement[] stack) {
        for (StackTraceElement frame : stack) {
            if (frame.getClassName().equals(TASK_CLASS) && frame.getMethodName().equals(CLOSE_FRAME)) {
                return "close()";
            }
        }
        return "poll()";
    }

    /**
     * The first line of a report. It cites the rule and the reliability page by their paths in
     * the repository's docs; the docs tests check that both anchors exist.
     */
    static String message(String taskName, String workerName, String phase, long stuckNanos, long thresholdNanos) {
        return String.format(Locale.ROOT,
                "stuck worker: %s has been inside one %s of %s for at least %.3f ms, longer than the stuck-worker"
                        + " threshold of %.3f ms, and has not returned yet (reported once per turn). A poll must not"
                        + " block (rule 4, docs/concepts.md#rule-4); see docs/reliability.md#stuck-workers."
                        + " The worker's stack:",
                workerName, phase, taskName, stuckNanos / 1e6, thresholdNanos / 1e6);
    }

    static String stackText(StackTraceElement[] stack) {
        StringBuilder text = new StringBuilder();
        for (StackTraceElement frame : stack) {
            text.append(System.lineSeparator()).append("\tat ").append(frame);
        }
        return text.toString();
    }
}
