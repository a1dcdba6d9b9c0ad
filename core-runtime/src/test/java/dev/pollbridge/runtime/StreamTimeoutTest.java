package dev.pollbridge.runtime;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeStream;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RuntimeStreams#timeout}, ported from tokio-stream's {@code tests/stream_timeout.rs} on
 * virtual time; each test names its peer test. <b>Deliberately different:</b> Tokio yields an
 * {@code Err(Elapsed)} item and goes on; here a late item fails the stream (a stream's failure is
 * final, as in kotlinx's {@code Flow.timeout}), so {@code basic_usage} stops at the first timeout
 * and {@code return_elapsed_errors_only_once} has no counterpart.
 */
class StreamTimeoutTest {

    private final VirtualTimeline time = new VirtualTimeline();

    @AfterEach
    void close() {
        time.close();
    }

    /** Tokio's {@code maybe_sleep}: even items come after 200 ms, odd ones at once. */
    private PollFuture<Integer> maybeSleep(int index) {
        return index % 2 == 0 ? time.runtime.sleep(Duration.ofMillis(200)).map(nothing -> index) : Futures.ready(index);
    }

    private PollStream<Integer> then(PollStream<Integer> items) {
        return Streams.buffered(items.map(this::maybeSleep), 1);
    }

    /** tokio-stream: {@code basic_usage}: item 1 at once; item 2 is 200 ms away, the limit 100 ms. */
    @Test
    void basicUsage() {
        PollStream<Integer> stream = RuntimeStreams.timeout(then(Streams.of(1, 2, 3, 4)), Duration.ofMillis(100),
                time.runtime);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertReady(task.pollNext(), 1);
            assertPending(task.pollNext());
            time.advance(150);
            assertTrue(task.isWoken());
            TimeoutException late = assertFailed(task.pollNext(), TimeoutException.class);
            assertTrue(late.getMessage().contains("PT0.1S"), late.getMessage());
            assertThrows(IllegalStateException.class, task::pollNext, "the failure is final");
        }
        assertEquals(0, RuntimeTimers.driverOf(time.runtime).timerCount(), "item 2's sleep and the timeout's timer are gone");
    }

    /** tokio-stream: {@code no_timeouts}: items within the limit pass, then the end. */
    @Test
    void noTimeouts() {
        PollStream<Integer> stream = RuntimeStreams.timeout(then(Streams.of(1, 3, 5)), Duration.ofMillis(100),
                time.runtime);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertReady(task.pollNext(), 1);
            assertReady(task.pollNext(), 3);
            assertReady(task.pollNext(), 5);
            assertDone(task.pollNext());
        }
    }

    @Test
    void eachItemRestartsTheLimitAndAnItemAtTheDeadlineWins() {
        VirtualTimeline.Script<String> script = time.<String>script().delay(90).emit("a").delay(90).emit("b")
                .delay(100).emit("c").delay(101).emit("late");
        VirtualTimeline.Failed failed = assertThrows(VirtualTimeline.Failed.class,
                () -> time.collect(RuntimeStreams.timeout(script, Duration.ofMillis(100), time.runtime), 10_000));
        assertEquals(3, failed.before.size(), "a, b and c (the last one exactly at its deadline) came in time");
        assertTrue(failed.getCause() instanceof TimeoutException);
        assertEquals(1, script.closes);
    }

    @Test
    void theFirstItemsLimitCountsFromTheCall() {
        ProbeStream<Integer> upstream = new ProbeStream<>();
        PollStream<Integer> stream = RuntimeStreams.timeout(upstream, Duration.ofMillis(100), time.runtime);
        time.advance(100);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertFailed(task.pollNext(), TimeoutException.class);
        }
        assertEquals(1, upstream.closes());
        assertThrows(IllegalArgumentException.class, () -> RuntimeStreams.timeout(Streams.empty(), Duration.ZERO, time.runtime));
    }
}
