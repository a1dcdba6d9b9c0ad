package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.Runtime;

/**
 * Reports slow polls (rule 16): one {@code WARNING} through {@link System.Logger} and one JDK
 * Flight Recorder event per report. JFR is an optional module ({@code requires static jdk.jfr});
 * when it is missing, only the log line is written.
 */
final class SlowPollReporter {

    private static final System.Logger LOGGER = System.getLogger(Runtime.class.getName());
    private static final boolean JFR_PRESENT = jfrPresent();

    private SlowPollReporter() {}

    static void report(String taskName, long pollNanos, long thresholdNanos) {
        if (LOGGER.isLoggable(System.Logger.Level.WARNING)) {
            LOGGER.log(System.Logger.Level.WARNING, String.format(
                    "slow poll: %s was polled for %.3f ms on %s, longer than the slow-poll threshold of %.3f ms"
                            + " (reported once per task; a poll must not block: see rule 4)",
                    taskName, pollNanos / 1e6, Thread.currentThread().getName(), thresholdNanos / 1e6));
        }
        if (JFR_PRESENT) {
            emit(taskName, pollNanos, thresholdNanos);
        }
    }

    private static void emit(String taskName, long pollNanos, long thresholdNanos) {
        SlowPollEvent event = new SlowPollEvent();
        if (event.isEnabled()) {
            event.task = taskName;
            event.pollNanos = pollNanos;
            event.thresholdNanos = thresholdNanos;
            event.thread = Thread.currentThread().getName();
            event.commit();
        }
    }

    private static boolean jfrPresent() {
        try {
            Class.forName("jdk.jfr.Event", false, SlowPollReporter.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError missing) {
            return false;
        }
    }
}
