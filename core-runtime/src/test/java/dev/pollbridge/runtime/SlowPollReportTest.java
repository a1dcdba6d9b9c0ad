package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.metrics.PollRuntimeMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Rule 16: a poll longer than the threshold is reported once per task, in the log and to JFR. On
 * a worker the poll is timed by the watchdog (no clock read per poll) unless the threshold is
 * under 4 ms or the poll-time histogram is on; either way the reported duration is at least the
 * threshold and at most the poll's real length.
 */
@Timeout(30)
class SlowPollReportTest {

    @Test
    void aSlowTaskIsReportedOnceWithItsNameAndTheThreshold() throws Exception {
        Path dump = Files.createTempFile("slow-poll", ".jfr");
        // 20 ms: timed by the watchdog, which samples every 5 ms.
        try (Recording recording = new Recording();
                PollRuntime runtime = PollRuntime.builder().workers(1).slowPollThreshold(Duration.ofMillis(20)).build()) {
            recording.enable("dev.pollbridge.SlowPoll");
            recording.start();
            AtomicInteger polls = new AtomicInteger();
            long before = System.nanoTime();
            JoinHandle<String> slow = runtime.spawn(cx -> {
                sleepMillis(60); // simulates a poll that blocks (rule 4 broken on purpose)
                if (polls.incrementAndGet() < 3) {
                    cx.waker().wake();
                    return Poll.pending();
                }
                return Poll.ready("done");
            });
            assertEquals("done", runtime.blockOn(slow));
            long outer = System.nanoTime() - before; // the three polls took less than this together
            JoinHandle<Integer> fast = runtime.spawn(cx -> Poll.ready(1));
            assertEquals(1, runtime.blockOn(fast));
            recording.stop();

            List<RecordedEvent> slowPolls = slowPolls(recording, dump);
            assertEquals(1, slowPolls.size(), () -> "expected one report for three slow polls: " + slowPolls);
            assertTrue(slowPolls.get(0).getString("task").startsWith("task-"));
            long reported = slowPolls.get(0).getDuration("pollNanos").toNanos();
            assertTrue(reported >= 20_000_000L && reported <= outer, () -> reported + " ns, outer bound " + outer);
            assertEquals(20, slowPolls.get(0).getDuration("thresholdNanos").toMillis());
        } finally {
            Files.deleteIfExists(dump);
        }
    }

    @Test
    void fastPollsAreNotReported() throws Exception {
        Path dump = Files.createTempFile("fast-poll", ".jfr");
        try (Recording recording = new Recording();
                PollRuntime runtime = PollRuntime.builder().workers(1).slowPollThreshold(Duration.ofSeconds(5)).build()) {
            recording.enable("dev.pollbridge.SlowPoll");
            recording.start();
            for (int i = 0; i < 100; i++) {
                runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            }
            recording.stop();
            recording.dump(dump);
            assertTrue(RecordingFile.readAllEvents(dump).stream()
                    .noneMatch(e -> e.getEventType().getName().equals("dev.pollbridge.SlowPoll")));
        } finally {
            Files.deleteIfExists(dump);
        }
    }

    @Test
    void aDefaultRuntimesWorkerReadsNoClockPerPollYetReportsASlowPoll() throws Exception {
        Path dump = Files.createTempFile("default-slow-poll", ".jfr");
        try (Recording recording = new Recording();
                PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("default-slow-poll-").build();
                LogCapture log = LogCapture.recording("default-slow-poll-")) {
            recording.enable("dev.pollbridge.SlowPoll");
            recording.start();
            for (int i = 0; i < 100; i++) {
                runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            }
            long before = System.nanoTime();
            runtime.blockOn(runtime.spawn(cx -> {
                sleepMillis(150); // simulates a poll that blocks (rule 4 broken on purpose)
                return Poll.ready(null);
            }));
            // The worker reports after the turn, which ends after the task completed, so maybe
            // after the join returned: the outer bound is taken once the report is in.
            await().atMost(Duration.ofSeconds(20)).until(() -> log.messages().size() == 1);
            long outer = System.nanoTime() - before;
            recording.stop();
            List<RecordedEvent> slowPolls = slowPolls(recording, dump);
            assertEquals(1, slowPolls.size(), slowPolls::toString);
            long reported = slowPolls.get(0).getDuration("pollNanos").toNanos();
            // A lower bound of the turn, short of it by at most about one watchdog period (10 ms).
            assertTrue(reported >= 100_000_000L && reported <= outer, () -> reported + " ns, outer bound " + outer);
            assertEquals(100, slowPolls.get(0).getDuration("thresholdNanos").toMillis());
            assertTrue(slowPolls.get(0).getBoolean("lowerBound"), "timed by the watchdog");
            assertTrue(log.messages().get(0).contains("was polled for at least "), log.messages()::toString);
            // Named as the watchdog saw it while it ran: with its future's class, closed since.
            String task = slowPolls.get(0).getString("task");
            assertTrue(task.matches("task-\\S+ \\(.+\\)"), task);
            PollRuntimeMetrics metrics = runtime.metrics();
            assertTrue(metrics.polls() >= 101, metrics::toString);
            assertEquals(0, metrics.pollTimes().totalCount(), "no poll was timed: " + metrics.pollTimes());
        } finally {
            Files.deleteIfExists(dump);
        }
    }

    @Test
    void withThePollTimeHistogramEveryPollIsTimedExactly() throws Exception {
        Path dump = Files.createTempFile("exact-slow-poll", ".jfr");
        try (Recording recording = new Recording();
                PollRuntime runtime = PollRuntime.builder().workers(1).pollTimeHistogram(true)
                        .slowPollThreshold(Duration.ofMillis(20)).build()) {
            recording.enable("dev.pollbridge.SlowPoll");
            recording.start();
            runtime.blockOn(runtime.spawn(cx -> {
                sleepMillis(40); // simulates a poll that blocks (rule 4 broken on purpose)
                return Poll.ready(null);
            }));
            recording.stop();
            List<RecordedEvent> slowPolls = slowPolls(recording, dump);
            assertEquals(1, slowPolls.size(), slowPolls::toString);
            // Timed around the poll itself: at least the sleep.
            assertTrue(slowPolls.get(0).getDuration("pollNanos").toMillis() >= 40, slowPolls::toString);
            assertFalse(slowPolls.get(0).getBoolean("lowerBound"), "timed exactly");
        } finally {
            Files.deleteIfExists(dump);
        }
    }

    /** The slow-poll events of the stopped {@code recording}, dumped to {@code dump}. */
    private static List<RecordedEvent> slowPolls(Recording recording, Path dump) throws Exception {
        recording.dump(dump);
        return RecordingFile.readAllEvents(dump).stream()
                .filter(e -> e.getEventType().getName().equals("dev.pollbridge.SlowPoll"))
                .collect(Collectors.toList());
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
