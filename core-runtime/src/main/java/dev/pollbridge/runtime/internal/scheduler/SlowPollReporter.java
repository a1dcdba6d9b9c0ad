package dev.pollbridge.runtime.internal.scheduler;


/**
 * Reports slow polls (rule 16 of docs/concepts.md): one {@code WARNING} through {@link System.Logger} and one JDK
 * Flight Recorder event per report. JFR is an optional module ({@code requires static jdk.jfr});
 * when it is missing, only the log line is written.
 */
final class SlowPollReporter {

    private static final System.Logger LOGGER = System.getLogger(FailureReporter.LOGGER_NAME);
    /** True if {@code jdk.jfr} is present (the stuck-worker report uses it too). */
    static final boolean JFR_PRESENT = jfrPresent();

    private SlowPollReporter() {}

    /**
     * Reports one slow poll. {@code lowerBound}: the watchdog timed it (see {@code Worker}, "Slow
     * polls"), so {@code pollNanos} is at most one watchdog period short of the poll's length;
     * else the poll was timed exactly.
     */
    static void report(String taskName, long pollNanos, long thresholdNanos, boolean lowerBound) {
        if (LOGGER.isLoggable(System.Logger.Level.WARNING)) {
            LOGGER.log(System.Logger.Level.WARNING,
                    message(taskName, pollNanos, thresholdNanos, Thread.currentThread().getName(), lowerBound));
        }
        if (JFR_PRESENT) {
            // Only reached when jdk.jfr is present: SlowPollEvent is loaded on first use, not before.
            SlowPollEvent.emit(taskName, pollNanos, thresholdNanos, lowerBound);
        }
    }

    /**
     * The log line of one report. It cites the rule and the FAQ entry by their paths in the
     * repository's docs; the docs tests check that both anchors exist.
     */
    static String message(String taskName, long pollNanos, long thresholdNanos, String threadName, boolean lowerBound) {
        return String.format(java.util.Locale.ROOT,
                "slow poll: %s was polled for %s%.3f ms on %s, longer than the slow-poll threshold of %.3f ms"
                        + " (reported once per task). A poll must not block (rule 4, docs/concepts.md#rule-4):"
                        + " move blocking calls to PollRuntime.spawnBlocking; see docs/faq.md#a-slow-poll-warning",
                taskName, lowerBound ? "at least " : "", pollNanos / 1e6, threadName, thresholdNanos / 1e6);
    }

    /**
     * True if {@code jdk.jfr} is in the boot layer. {@code requires static} does not make the
     * module read it at run time, so this module adds the read edge itself (on the class path the
     * unnamed module reads everything already).
     */
    private static boolean jfrPresent() {
        java.util.Optional<Module> jfr = ModuleLayer.boot().findModule("jdk.jfr");
        if (jfr.isEmpty()) {
            return false;
        }
        Module self = SlowPollReporter.class.getModule();
        if (!self.canRead(jfr.get())) {
            self.addReads(jfr.get());
        }
        return true;
    }
}
