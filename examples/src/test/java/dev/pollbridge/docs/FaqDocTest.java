package dev.pollbridge.docs;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.metrics.PollRuntimeMetrics;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** The snippets of docs/faq.md, run. */
class FaqDocTest {

    record Row(int id) {}

    /** A blocking client, such as JDBC. */
    static final class Jdbc {
        Row query(String sql) {
            LockSupport.parkNanos(5_000_000); // simulates a blocking call
            return new Row(1);
        }
    }

    @Test
    void boundTheWaitAndLook() {
        PollFuture<String> suspect = cx -> Poll.pending(); // pending, and nobody holds the waker: rule 5 broken
        PollRuntimeMetrics seen = null;
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            // tag::bound-the-wait[]
            try {
                runtime.blockOn(runtime.timeout(suspect, Duration.ofSeconds(1)));
            } catch (CompletionException e) {                 // caused by a TimeoutException
                PollRuntimeMetrics metrics = runtime.metrics();
                System.err.println("still pending after 1 s; tasks alive: " + metrics.tasksAlive()
                        + ", polls so far: " + metrics.polls());
                // end::bound-the-wait[]
                assertInstanceOf(TimeoutException.class, e.getCause());
                seen = metrics;
                // tag::bound-the-wait[]
            }
            // end::bound-the-wait[]
        }
        assertNotNull(seen);
    }

    /** The future under suspicion: correct here, so the test passes. */
    static PollFuture<String> underTest(PollFuture<String> input) {
        return input.map(String::trim);
    }

    @Test
    void provePendingHasATail() {
        // tag::pending-has-a-tail[]
        ProbeFuture<String> input = new ProbeFuture<>();
        try (MockTask<String> task = MockTask.spawn(underTest(input))) {
            assertPending(task.poll());
            input.complete(" x ");
            assertTrue(task.isWoken(), "completing the input must wake the task (rule 5)");
        }
        // end::pending-has-a-tail[]
    }

    @Test
    void moveBlockingWorkToTheBlockingPool() {
        Jdbc jdbc = new Jdbc();
        String sql = "select 1";
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            // tag::spawn-blocking[]
            // Blocks a worker for as long as the query takes: a slow-poll warning, and a stalled runtime.
            PollFuture<Row> blocking = Futures.lazy(() -> jdbc.query(sql));
            // The query runs on the blocking pool; a poll only looks for its result.
            PollFuture<Row> offloaded = runtime.spawnBlocking(() -> jdbc.query(sql));
            // end::spawn-blocking[]
            assertEquals(new Row(1), runtime.blockOn(offloaded));
            blocking.close();
        }
    }
}
