package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.metrics.PollRuntimeMetrics;
import dev.pollbridge.test.ProbeFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class PollRuntimeMetricsTest {

    @Test
    void countersFollowTheTasks() {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).build()) {
            PollRuntimeMetrics fresh = runtime.metrics();
            assertEquals(2, fresh.workers());
            assertEquals(0, fresh.tasksSpawned());
            ProbeFuture<Integer> pending = new ProbeFuture<>();
            JoinHandle<Integer> waiting = runtime.spawn(pending);
            for (int i = 0; i < 10; i++) {
                runtime.blockOn(runtime.spawn(cx -> Poll.ready(null)));
            }
            await().until(() -> pending.polls() == 1);
            PollRuntimeMetrics busy = runtime.metrics();
            assertEquals(11, busy.tasksSpawned());
            assertEquals(1, busy.tasksAlive());
            assertEquals(10, busy.tasksCompleted());
            assertTrue(busy.polls() >= 11, busy.toString());
            pending.complete(1);
            assertEquals(1, runtime.blockOn(waiting));
            await().until(() -> runtime.metrics().tasksAlive() == 0);
            assertEquals(11, runtime.metrics().tasksCompleted());
            assertEquals(0, runtime.metrics().globalQueueDepth());
        }
    }

    @Test
    void idleWorkersPark() {
        try (PollRuntime runtime = PollRuntime.builder().workers(2).build()) {
            await().until(() -> runtime.metrics().parks() >= 2);
        }
    }
}
