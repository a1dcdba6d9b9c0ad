package dev.pollbridge.runtime.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SlowPollReporterTest {

    @Test
    void theLogLineNamesTheTaskTheDurationTheThresholdAndWhereToReadMore() {
        assertEquals("slow poll: task-7 (com.example.Fetch) was polled for 123.457 ms on rt-worker-0, longer than the"
                        + " slow-poll threshold of 100.000 ms (reported once per task). A poll must not block (rule 4,"
                        + " docs/concepts.md#rule-4): move blocking calls to PollRuntime.spawnBlocking;"
                        + " see docs/faq.md#a-slow-poll-warning",
                SlowPollReporter.message("task-7 (com.example.Fetch)", 123_456_789L, 100_000_000L, "rt-worker-0", false));
    }

    /** Timed by the watchdog (the default), the duration is a lower bound, and the line says so. */
    @Test
    void aWatchdogTimedDurationIsReportedAsALowerBound() {
        assertEquals("slow poll: task-7 (com.example.Fetch) was polled for at least 123.457 ms on rt-worker-0, longer"
                        + " than the slow-poll threshold of 100.000 ms (reported once per task). A poll must not block"
                        + " (rule 4, docs/concepts.md#rule-4): move blocking calls to PollRuntime.spawnBlocking;"
                        + " see docs/faq.md#a-slow-poll-warning",
                SlowPollReporter.message("task-7 (com.example.Fetch)", 123_456_789L, 100_000_000L, "rt-worker-0", true));
    }
}
