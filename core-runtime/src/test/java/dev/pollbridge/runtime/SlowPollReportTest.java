package dev.pollbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
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

/** Rule 16: a poll longer than the threshold is reported once per task, in the log and to JFR. */
@Timeout(30)
class SlowPollReportTest {

    @Test
    void aSlowTaskIsReportedOnceWithItsNameAndTheThreshold() throws Exception {
        Path dump = Files.createTempFile("slow-poll", ".jfr");
        try (Recording recording = new Recording();
                Runtime runtime = Runtime.builder().workers(1).slowPollThreshold(Duration.ofMillis(20)).build()) {
            recording.enable("dev.pollbridge.SlowPoll");
            recording.start();
            AtomicInteger polls = new AtomicInteger();
            JoinHandle<String> slow = runtime.spawn(cx -> {
                sleepMillis(40); // simulates a poll that blocks (rule 4 broken on purpose)
                if (polls.incrementAndGet() < 3) {
                    cx.waker().wake();
                    return Poll.pending();
                }
                return Poll.ready("done");
            });
            assertEquals("done", runtime.blockOn(slow));
            JoinHandle<Integer> fast = runtime.spawn(cx -> Poll.ready(1));
            assertEquals(1, runtime.blockOn(fast));
            recording.stop();
            recording.dump(dump);

            List<RecordedEvent> events = RecordingFile.readAllEvents(dump);
            List<RecordedEvent> slowPolls = events.stream()
                    .filter(e -> e.getEventType().getName().equals("dev.pollbridge.SlowPoll"))
                    .collect(Collectors.toList());
            assertEquals(1, slowPolls.size(), () -> "expected one report for three slow polls: " + slowPolls);
            assertTrue(slowPolls.get(0).getString("task").startsWith("task-"));
            assertTrue(slowPolls.get(0).getDuration("pollNanos").toMillis() >= 40);
            assertEquals(20, slowPolls.get(0).getDuration("thresholdNanos").toMillis());
        } finally {
            Files.deleteIfExists(dump);
        }
    }

    @Test
    void fastPollsAreNotReported() throws Exception {
        Path dump = Files.createTempFile("fast-poll", ".jfr");
        try (Recording recording = new Recording();
                Runtime runtime = Runtime.builder().workers(1).slowPollThreshold(Duration.ofSeconds(5)).build()) {
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

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
