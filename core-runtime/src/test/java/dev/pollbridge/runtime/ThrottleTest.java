package dev.pollbridge.runtime;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeStream;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RuntimeStreams#throttle}, ported from tokio-stream's {@code tests/time_throttle.rs}
 * ({@code usage}) on virtual time, plus what the delay means for items: delayed, never dropped.
 */
class ThrottleTest {

    private final VirtualTimeline time = new VirtualTimeline();

    @AfterEach
    void close() {
        time.close();
    }

    private static PollStream<Integer> repeat() {
        return Streams.fromIterable(() -> Stream.generate(() -> 0).iterator());
    }

    /** tokio-stream: {@code usage}: an always-ready stream, throttled to one item per 100 ms. */
    @Test
    void usage() {
        try (MockStreamTask<Integer> stream = MockStreamTask.spawn(
                RuntimeStreams.throttle(repeat(), Duration.ofMillis(100), time.runtime))) {
            assertReady(stream.pollNext());
            assertPending(stream.pollNext());
            time.advance(90);
            assertFalse(stream.isWoken());
            assertPending(stream.pollNext());
            time.advance(101);
            assertTrue(stream.isWoken());
            assertReady(stream.pollNext());
        }
    }

    @Test
    void itemsAreDelayedNotDropped() {
        List<VirtualTimeline.Timed<Integer>> out = time.collect(
                RuntimeStreams.throttle(Streams.of(1, 2, 3), Duration.ofMillis(100), time.runtime), 1_000);
        assertEquals(List.of(new VirtualTimeline.Timed<>(1, 0), new VirtualTimeline.Timed<>(2, 100),
                new VirtualTimeline.Timed<>(3, 200)), out);
    }

    @Test
    void upstreamIsNotPolledDuringTheDelay() {
        ProbeStream<Integer> upstream = new ProbeStream<>();
        upstream.emit(1);
        upstream.emit(2);
        try (MockStreamTask<Integer> stream = MockStreamTask.spawn(
                RuntimeStreams.throttle(upstream, Duration.ofMillis(100), time.runtime))) {
            assertReady(stream.pollNext(), 1);
            int polls = upstream.polls();
            assertPending(stream.pollNext());
            assertEquals(polls, upstream.polls(), "backpressure: upstream waits with its item");
            assertEquals(1, upstream.queued());
        }
        assertEquals(1, upstream.closes());
        assertEquals(0, RuntimeTimers.driverOf(time.runtime).timerCount());
    }

    @Test
    void aZeroPeriodPassesTheStreamThroughAndBadPeriodsAreRejected() {
        PollStream<Integer> stream = Streams.of(1);
        assertSame(stream, RuntimeStreams.throttle(stream, Duration.ZERO, time.runtime));
        assertThrows(IllegalArgumentException.class,
                () -> RuntimeStreams.throttle(Streams.empty(), Duration.ofMillis(-1), time.runtime));
    }
}
