package dev.pollbridge.docs;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.metrics.PollTimeHistogram;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.metrics.PollRuntimeMetrics;
import dev.pollbridge.runtime.metrics.TaskDump;
import dev.pollbridge.runtime.metrics.WorkerMetrics;
// tag::micrometer[]
import dev.pollbridge.micrometer.PollRuntimeMetricsBinder;
import io.micrometer.core.instrument.MeterRegistry;
// end::micrometer[]
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;

/** The snippets of docs/observability.md, run. */
class ObservabilityDocTest {

    /** A future that waits for a reply and says so; it keeps the waker (rule 5) but nobody replies. */
    static final class AwaitReply implements PollFuture<String> {
        private final String request;
        private volatile Context waiting;

        AwaitReply(String request) {
            this.request = request;
        }

        @Override
        public Poll<String> poll(Context cx) {
            waiting = cx;
            return Poll.pending();
        }

        // tag::to-string[]
        @Override
        public String toString() {
            // Read by the task dump on another thread: only racy-safe reads (a final, a volatile).
            return "AwaitReply[" + request + (waiting == null ? ", not polled yet]" : ", waiting for the reply]");
        }
        // end::to-string[]
    }

    @Test
    void metrics() {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).pollTimeHistogram(true).build()) {
            for (int i = 0; i < 100; i++) {
                runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            }
            // A worker counts a poll just after it: the join may return a moment before.
            await().until(() -> runtime.metrics().pollTimes().totalCount() >= 100);
            // tag::metrics[]
            PollRuntimeMetrics metrics = runtime.metrics();
            for (WorkerMetrics worker : metrics.perWorker()) {
                System.out.printf("worker %d: %d polls, %d steals, %d parks, %d queued, %d budget yields%n",
                        worker.index(), worker.polls(), worker.steals(), worker.parks(),
                        worker.localQueueDepth(), worker.budgetForcedYields());
            }
            PollTimeHistogram pollTimes = metrics.pollTimes();
            System.out.printf("%d polls, 99%% under %d us; blocking pool %d/%d busy, %d queued%n",
                    pollTimes.totalCount(), pollTimes.quantileUpperBoundNanos(0.99) / 1_000,
                    metrics.blockingThreadsBusy(), metrics.blockingThreadsMax(), metrics.blockingQueueDepth());
            // end::metrics[]
            assertEquals(2, metrics.perWorker().size());
            assertTrue(pollTimes.totalCount() >= 100);
        }
    }

    @Test
    void dump() {
        // tag::dump[]
        try (PollRuntime runtime = PollRuntime.builder().captureSpawnSites(true).build()) {
            JoinHandle<String> reply = runtime.spawn(new AwaitReply("GET /users/42"));
            // ... later, when something seems stuck:
            TaskDump dump = runtime.dump();
            System.err.println(dump);
            for (TaskDump.TaskInfo task : dump.tasks()) {
                if (task.state() == TaskDump.State.IDLE && task.age().toMinutes() >= 5) {
                    System.err.println("suspect: " + task.name() + " waiting on " + task.waitingOn().orElse("?"));
                }
            }
            // end::dump[]
            // Listed once polled (a task enters the registry the dump walks when it first waits).
            await().until(() -> runtime.dump().tasks().stream().anyMatch(t -> t.state() == TaskDump.State.IDLE));
            TaskDump.TaskInfo task = runtime.dump().tasks().get(0);
            assertEquals("AwaitReply[GET /users/42, waiting for the reply]", task.waitingOn().orElseThrow());
            assertEquals(ObservabilityDocTest.class.getName(), task.spawnSite().get(0).getClassName());
            reply.abort();
            // tag::dump[]
        }
        // end::dump[]
    }

    @Test
    void jfr() throws Exception {
        Path file = Files.createTempFile("pollbridge", ".jfr");
        try {
            // tag::jfr[]
            try (Recording recording = new Recording()) {
                recording.enable("dev.pollbridge.SlowPoll");
                recording.enable("dev.pollbridge.BlockingPoolSaturated");
                recording.enable("dev.pollbridge.TaskSpawn");    // off in the default settings
                recording.enable("dev.pollbridge.TaskComplete"); // off in the default settings
                recording.start();
                try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
                    runtime.blockOn(runtime.spawn(cx -> Poll.ready("done")));
                }
                recording.stop();
                recording.dump(file);
            }
            // end::jfr[]
            // A recording file groups events by the thread buffer they were written to, not by time
            // (the spawn is on this thread, the completion on the worker): order them by start time.
            List<String> names = RecordingFile.readAllEvents(file).stream()
                    .sorted(java.util.Comparator.comparing(RecordedEvent::getStartTime))
                    .map(RecordedEvent::getEventType).map(t -> t.getName())
                    .filter(name -> name.startsWith("dev.pollbridge.")).collect(Collectors.toList());
            assertEquals(List.of("dev.pollbridge.TaskSpawn", "dev.pollbridge.TaskComplete"), names);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void micrometer() {
        MeterRegistry registry = new SimpleMeterRegistry();
        try (PollRuntime runtime = PollRuntime.builder().workers(2).build()) {
            // tag::micrometer[]
            new PollRuntimeMetricsBinder(runtime, "main").bindTo(registry);
            // end::micrometer[]
            runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            await().until(() -> registry.get("pollbridge.tasks.completed").functionCounter().count() == 1);
            assertEquals(2, registry.get("pollbridge.worker.polls").functionCounters().size());
            assertEquals(3, registry.get("pollbridge.poll.time.upper").gauges().size()); // the quantile gauges
        }
    }
}
