package dev.pollbridge.runtime.internal.scheduler;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CancellationException;
import java.util.stream.Collectors;
import jdk.jfr.Configuration;
import jdk.jfr.Enabled;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import jdk.jfr.consumer.RecordingStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 19, item 4: the runtime's JDK Flight Recorder events, recorded by real JFR (a recording
 * dumped and parsed, or a {@link RecordingStream}).
 */
@Timeout(60)
class RuntimeEventsTest {

    @Test
    void spawnParkAndCompleteAreOffByDefaultAndSaturationIsOn() {
        assertFalse(enabledByDefault(TaskSpawnEvent.class));
        assertFalse(enabledByDefault(TaskCompleteEvent.class));
        assertFalse(enabledByDefault(WorkerParkEvent.class));
        assertTrue(enabledByDefault(BlockingPoolSaturatedEvent.class));
        assertTrue(enabledByDefault(SlowPollEvent.class));
    }

    private static boolean enabledByDefault(Class<? extends jdk.jfr.Event> type) {
        Enabled enabled = type.getAnnotation(Enabled.class);
        return enabled == null || enabled.value();
    }

    @Test
    void theDefaultConfigurationRecordsNoTaskEvents() throws Exception {
        List<RecordedEvent> events = record(Configuration.getConfiguration("default"), runtime -> {
            for (int i = 0; i < 20; i++) {
                runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            }
        });
        assertTrue(named(events, "dev.pollbridge.TaskSpawn").isEmpty());
        assertTrue(named(events, "dev.pollbridge.TaskComplete").isEmpty());
        assertTrue(named(events, "dev.pollbridge.WorkerPark").isEmpty());
    }

    @Test
    void spawnAndCompleteEventsNameTheTaskAndItsOutcome() throws Exception {
        List<RecordedEvent> events = record(null, runtime -> {
            runtime.blockOn(runtime.spawn(cx -> Poll.ready("v")));
            JoinHandle<Void> failing = runtime.spawn(cx -> Poll.failed(new IllegalStateException("boom")));
            try {
                runtime.blockOn(failing);
            } catch (IllegalStateException expected) {
                // the outcome under test
            }
            JoinHandle<Void> aborted = runtime.spawn(cx -> Poll.pending());
            aborted.abort();
            try {
                runtime.blockOn(aborted);
            } catch (CancellationException expected) {
                // the outcome under test
            }
        }, "dev.pollbridge.TaskSpawn", "dev.pollbridge.TaskComplete");
        List<RecordedEvent> spawns = named(events, "dev.pollbridge.TaskSpawn");
        List<RecordedEvent> completions = named(events, "dev.pollbridge.TaskComplete");
        assertEquals(3, spawns.size(), events::toString);
        assertEquals(3, completions.size(), events::toString);
        assertTrue(spawns.get(0).getString("task").startsWith("task-"));
        assertTrue(spawns.get(0).getStackTrace() != null, "the spawn event's stack is the spawn site");
        List<String> outcomes = completions.stream().map(e -> e.getString("outcome")).sorted().collect(Collectors.toList());
        assertEquals(List.of("cancelled", "failed: java.lang.IllegalStateException", "value"), outcomes);
        for (RecordedEvent completion : completions) {
            long id = completion.getLong("taskId");
            assertTrue(spawns.stream().anyMatch(s -> s.getLong("taskId") == id), "completed task was spawned");
            RecordedEvent spawn = spawns.stream().filter(s -> s.getLong("taskId") == id).findFirst().orElseThrow();
            assertFalse(completion.getStartTime().isBefore(spawn.getStartTime()), "completed after it was spawned");
        }
    }

    @Test
    void aParkedWorkerRecordsHowLongItWasParked() throws Exception {
        List<RecordedEvent> events = record(null, runtime -> {
            await().until(() -> runtime.metrics().parks() >= 1);
            sleepMillis(20); // parked for at least this long before the next spawn unparks it
            runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
        }, "dev.pollbridge.WorkerPark");
        List<RecordedEvent> parks = named(events, "dev.pollbridge.WorkerPark");
        assertFalse(parks.isEmpty());
        assertTrue(parks.stream().anyMatch(e -> e.getDuration().toMillis() >= 20), parks::toString);
        assertTrue(parks.stream().allMatch(e -> e.getThread().getJavaName().contains("worker-0")), parks::toString);
    }

    @Test
    void aSaturatedBlockingPoolIsReportedWhileItHappens() throws Exception {
        List<RecordedEvent> streamed = new CopyOnWriteArrayList<>();
        try (RecordingStream stream = new RecordingStream();
                PollRuntime runtime = PollRuntime.builder().workers(1).blockingThreads(1).build()) {
            stream.enable("dev.pollbridge.BlockingPoolSaturated");
            stream.onEvent("dev.pollbridge.BlockingPoolSaturated", streamed::add);
            stream.startAsync();
            CountDownLatch release = new CountDownLatch(1);
            PollFuture<Void> busy = runtime.spawnBlocking(() -> {
                release.await();
                return null;
            });
            PollFuture<Integer> queued = runtime.spawnBlocking(() -> 2);
            await().atMost(Duration.ofSeconds(30)).until(() -> !streamed.isEmpty());
            RecordedEvent event = streamed.get(0);
            assertEquals(1, event.getInt("maxThreads"));
            assertEquals(1, event.getInt("busyThreads"));
            assertEquals(1, event.getInt("queuedJobs"));
            release.countDown();
            runtime.blockOn(busy);
            assertEquals(2, runtime.blockOn(queued));
        }
    }

    @Test
    void theSlowPollEventCarriesThePollDuration() throws Exception {
        long[] before = new long[1];
        List<RecordedEvent> events = record(null, runtime -> {
            before[0] = System.nanoTime();
            runtime.blockOn(runtime.spawn(cx -> {
                sleepMillis(150); // a poll that blocks (rule 4 broken on purpose)
                return Poll.ready(null);
            }));
        }, "dev.pollbridge.SlowPoll");
        // Taken after the runtime closed: the worker reports after the turn, which ends after the
        // task completed, so possibly after blockOn returned, but before the close joined it.
        long[] outer = {System.nanoTime() - before[0]};
        List<RecordedEvent> slow = named(events, "dev.pollbridge.SlowPoll");
        assertEquals(1, slow.size());
        // Timed by the watchdog (50 ms is past the 4 ms floor of exact timing): a lower bound of the
        // poll, at least the threshold. The worker reports it before the runtime's close joins it.
        Duration poll = slow.get(0).getDuration("pollNanos");
        assertTrue(poll.toMillis() >= 50 && poll.toNanos() <= outer[0], () -> poll + ", outer bound " + outer[0]);
    }

    /** Runs {@code body} on a one-worker runtime (slow polls above 50 ms) under a recording of {@code enable}d events. */
    private static List<RecordedEvent> record(Configuration configuration, RuntimeBody body, String... enable)
            throws Exception {
        Path dump = Files.createTempFile("runtime-events", ".jfr");
        try (Recording recording = configuration == null ? new Recording() : new Recording(configuration)) {
            for (String name : enable) {
                recording.enable(name).withoutThreshold();
            }
            recording.start(); // before the runtime starts, so its first park is recorded
            try (PollRuntime runtime = PollRuntime.builder().workers(1).slowPollThreshold(Duration.ofMillis(50)).build()) {
                body.run(runtime);
            }
            recording.stop();
            recording.dump(dump);
            return RecordingFile.readAllEvents(dump).stream()
                    .filter(e -> e.getEventType().getName().startsWith("dev.pollbridge."))
                    .collect(Collectors.toList());
        } finally {
            Files.deleteIfExists(dump);
        }
    }

    private static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
        return events.stream().filter(e -> e.getEventType().getName().equals(name)).collect(Collectors.toList());
    }

    private interface RuntimeBody {
        void run(PollRuntime runtime) throws Exception;
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
