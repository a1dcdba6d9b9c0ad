package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Stuck workers are seen while stuck (issue 17, item 8): the watchdog reports a worker that stays
 * inside one poll or one close of a task past the threshold, naming the task and showing the
 * worker's stack, before that poll or close returns. The slow-poll report cannot: it comes after
 * the poll. Each test holds the worker with a latch and releases it only after it saw the report.
 */
@Timeout(60)
class StuckWorkerTest {

    private static final String PREFIX = "stuck-";

    @Test
    void aPollStuckPastTheThresholdIsReportedWhileStuckWithTheTaskAndTheWorkersStack() throws Exception {
        Path dump = Files.createTempFile("stuck-worker", ".jfr");
        CountDownLatch release = new CountDownLatch(1);
        try (LogCapture log = LogCapture.recording(PREFIX + "watchdog");
                Recording recording = new Recording();
                PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix(PREFIX)
                        .stuckWorkerThreshold(Duration.ofMillis(50)).build()) {
            recording.enable("dev.pollbridge.StuckWorker");
            recording.start();
            JoinHandle<String> stuck = runtime.spawn(new BlockingPoll(release));
            try {
                await().atMost(Duration.ofSeconds(20)).until(() -> !log.messages().isEmpty());
                assertFalse(stuck.isFinished(), "reported while still stuck");
                String report = log.messages().get(0);
                assertTrue(report.startsWith("stuck worker: " + PREFIX + "worker-"), report);
                assertTrue(report.contains("inside one poll() of task-"), report);
                assertTrue(report.contains(BlockingPoll.class.getName()), "names the task's future: " + report);
                assertTrue(report.contains("threshold of 50.000 ms"), report);
                assertTrue(report.contains("docs/reliability.md#stuck-workers"), report);
                assertTrue(report.contains(BlockingPoll.class.getName() + ".blockInPoll("), "shows the worker's stack: " + report);
            } finally {
                release.countDown(); // before the runtime closes: close joins the stuck worker
            }
            assertEquals("released", runtime.blockOn(stuck));
            assertEquals(1, log.messages().size(), () -> "one report per stuck turn: " + log.messages());
            recording.stop();
            recording.dump(dump);
            List<RecordedEvent> events = RecordingFile.readAllEvents(dump).stream()
                    .filter(e -> e.getEventType().getName().equals("dev.pollbridge.StuckWorker"))
                    .collect(Collectors.toList());
            assertEquals(1, events.size(), () -> "events: " + events);
            RecordedEvent event = events.get(0);
            assertTrue(event.getString("task").contains(BlockingPoll.class.getName()));
            assertEquals("poll()", event.getString("phase"));
            assertTrue(event.getString("worker").startsWith(PREFIX + "worker-"));
            assertTrue(event.getDuration("stuckNanos").toMillis() >= 50);
            assertTrue(event.getString("workerStack").contains("blockInPoll"));
        } finally {
            release.countDown();
            Files.deleteIfExists(dump);
        }
    }

    /** A slow close() (on abort) is a stuck turn too; before the watchdog it was never reported at all. */
    @Test
    void aCloseStuckPastTheThresholdIsReportedAsAClose() {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch polled = new CountDownLatch(1);
        try (LogCapture log = LogCapture.recording(PREFIX + "close-watchdog");
                PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix(PREFIX + "close-")
                        .stuckWorkerThreshold(Duration.ofMillis(50)).build()) {
            JoinHandle<Void> task = runtime.spawn(new BlockingClose(polled, release));
            try {
                await().atMost(Duration.ofSeconds(20)).until(() -> polled.getCount() == 0);
                task.abort(); // the worker closes the future: that close blocks
                await().atMost(Duration.ofSeconds(20)).until(() -> !log.messages().isEmpty());
                assertFalse(task.isFinished());
                String report = log.messages().get(0);
                assertTrue(report.contains("inside one close() of task-"), report);
                assertTrue(report.contains(BlockingClose.class.getName() + ".blockInClose("), report);
            } finally {
                release.countDown(); // before the runtime closes: close joins the stuck worker
            }
            await().atMost(Duration.ofSeconds(20)).until(task::isFinished);
        } finally {
            release.countDown();
        }
    }

    /**
     * On the threads of a user's factory the worker keeps the running task in a field of its own
     * (on its own threads it reads the thread's current task): the report names the task either way.
     */
    @Test
    void aPollStuckOnAThreadOfTheUsersFactoryIsReportedWithTheTask() {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger made = new AtomicInteger();
        try (LogCapture log = LogCapture.recording(PREFIX + "factory-");
                PollRuntime runtime = PollRuntime.builder().workers(2)
                        .threadFactory(body -> new Thread(body, PREFIX + "factory-" + made.incrementAndGet()))
                        .stuckWorkerThreshold(Duration.ofMillis(50)).build()) {
            JoinHandle<String> stuck = runtime.spawn(new BlockingPoll(release));
            try {
                await().atMost(Duration.ofSeconds(20)).until(() -> !log.messages().isEmpty());
                String report = log.messages().get(0);
                assertTrue(report.startsWith("stuck worker: " + PREFIX + "factory-"), report);
                assertTrue(report.contains("inside one poll() of task-"), report);
                assertTrue(report.contains(BlockingPoll.class.getName()), "names the task's future: " + report);
            } finally {
                release.countDown();
            }
            assertEquals("released", runtime.blockOn(stuck));
        } finally {
            release.countDown();
        }
    }

    @Test
    void quickPollsAreNeverReported() {
        try (LogCapture log = LogCapture.recording(PREFIX + "quick-watchdog");
                PollRuntime runtime = PollRuntime.builder().workers(2).threadNamePrefix(PREFIX + "quick-")
                        .stuckWorkerThreshold(Duration.ofMillis(50)).build()) {
            for (int i = 0; i < 10_000; i++) {
                runtime.blockOn(runtime.spawn(cx -> Poll.ready(1)));
            }
            assertEquals(List.of(), log.messages());
        }
    }

    @Test
    void theThresholdMustBePositive() {
        PollRuntimeBuilder builder = PollRuntime.builder();
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> builder.stuckWorkerThreshold(Duration.ZERO));
        org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class,
                () -> builder.stuckWorkerThreshold(null));
    }

    /** A future whose first poll blocks until released (rule 4 broken on purpose). */
    static final class BlockingPoll implements PollFuture<String> {
        private final CountDownLatch release;

        BlockingPoll(CountDownLatch release) {
            this.release = release;
        }

        @Override
        public Poll<String> poll(Context cx) {
            blockInPoll();
            return Poll.ready("released");
        }

        private void blockInPoll() {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A future that stays pending, and whose close blocks until released. */
    static final class BlockingClose implements PollFuture<Void> {
        private final CountDownLatch polled;
        private final CountDownLatch release;

        BlockingClose(CountDownLatch polled, CountDownLatch release) {
            this.polled = polled;
            this.release = release;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            polled.countDown();
            return Poll.pending(); // nobody holds the waker: only an abort ends it
        }

        @Override
        public void close() {
            blockInClose();
        }

        private void blockInClose() {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
