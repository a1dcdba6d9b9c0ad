package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.api.Poll;
import java.time.Duration;

/**
 * The "runtime is still healthy" checks every fault-containment test ends with: a task spawned
 * after the fault still runs, and every worker thread is still alive and never died.
 */
public final class RuntimeHealth {

    private RuntimeHealth() {}

    /**
     * Asserts that a new task runs to completion, that {@code workers} threads named
     * {@code <prefix>worker-<n>} are alive, and that no worker thread ever died.
     */
    public static void assertHealthy(PollRuntime runtime, String threadNamePrefix, int workers) {
        assertTasksRun(runtime, threadNamePrefix, workers);
        assertEquals(0, runtime.metrics().deadWorkers(), "worker threads that died");
    }

    /** Asserts that a new task runs to completion and that {@code workers} worker threads are alive. */
    public static void assertTasksRun(PollRuntime runtime, String threadNamePrefix, int workers) {
        JoinHandle<String> later = runtime.spawn(cx -> Poll.ready("later"));
        await().atMost(Duration.ofSeconds(10)).until(later::isFinished);
        assertEquals("later", runtime.blockOn(later));
        assertEquals(workers, liveWorkers(threadNamePrefix), "live worker threads");
    }

    /** Worker threads of the runtime with this thread-name prefix that are alive now. */
    public static long liveWorkers(String threadNamePrefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(threadNamePrefix + "worker-") && t.isAlive())
                .count();
    }
}
