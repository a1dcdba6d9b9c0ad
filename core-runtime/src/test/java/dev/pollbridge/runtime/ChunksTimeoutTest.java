package dev.pollbridge.runtime;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RuntimeStreams#chunksTimeout}, ported from tokio-stream's {@code tests/chunks_timeout.rs}
 * ({@code usage}, {@code full_chunk_with_timeout}; {@code real_time} is {@code #[ignore]}d there)
 * on virtual time. {@code tests/stream_chunks_timeout.rs}'s {@code stream_chunks_remainder} has no
 * counterpart: there is no {@code into_remainder} (closing drops the partial chunk, and closes its
 * {@link AutoCloseable} items).
 */
class ChunksTimeoutTest {

    private final VirtualTimeline time = new VirtualTimeline();

    @AfterEach
    void close() {
        time.close();
    }

    /** Tokio's {@code stream::iter(items).then(sleep(delay))}: each item after its own delay. */
    private PollStream<Integer> afterEach(long delayMillis, Integer... items) {
        return Streams.buffered(Streams.of(items).map(item ->
                time.runtime.sleep(Duration.ofMillis(delayMillis)).map(nothing -> item)), 1);
    }

    private PollStream<List<Integer>> chunks(PollStream<Integer> stream, int max, long millis) {
        return RuntimeStreams.chunksTimeout(stream, max, Duration.ofMillis(millis), time.runtime);
    }

    /** tokio-stream: {@code usage}. */
    @Test
    void usage() {
        PollStream<Integer> stream = Streams.concat(Streams.of(1, 2, 3), afterEach(3_000, 4));
        try (MockStreamTask<List<Integer>> chunks = MockStreamTask.spawn(chunks(stream, 4, 2_000))) {
            assertPending(chunks.pollNext());
            time.advance(2_000);
            assertReady(chunks.pollNext(), List.of(1, 2, 3));
            assertPending(chunks.pollNext());
            time.advance(2_000);
            assertReady(chunks.pollNext(), List.of(4));
        }
    }

    /** tokio-stream: {@code full_chunk_with_timeout}: a chunk that fills up goes out before its time. */
    @Test
    void fullChunkWithTimeout() {
        PollStream<Integer> stream = Streams.concat(Streams.of(1, 2), afterEach(1_000, 3), afterEach(3_000, 4));
        List<VirtualTimeline.Timed<List<Integer>>> out = time.collect(chunks(stream, 3, 2_000), 100_000);
        assertEquals(List.of(new VirtualTimeline.Timed<>(List.of(1, 2, 3), 1_000),
                new VirtualTimeline.Timed<>(List.of(4), 4_000)), out);
    }

    @Test
    void theTimerCountsFromAChunksFirstItem() {
        ProbeStream<Integer> upstream = new ProbeStream<>();
        try (MockStreamTask<List<Integer>> chunks = MockStreamTask.spawn(chunks(upstream, 10, 100))) {
            assertPending(chunks.pollNext());
            time.advance(500); // no item, no chunk: nothing due
            upstream.emit(1);
            assertPending(chunks.pollNext());
            time.advance(60);
            upstream.emit(2);
            assertPending(chunks.pollNext());
            time.advance(40);
            assertReady(chunks.pollNext(), List.of(1, 2));
            upstream.emit(3);
            assertPending(chunks.pollNext());
            time.advance(99);
            assertPending(chunks.pollNext());
            time.advance(1);
            assertReady(chunks.pollNext(), List.of(3));
        }
    }

    @Test
    void aFailureOrACloseDropsThePartialChunk() {
        AtomicInteger closed = new AtomicInteger();
        AutoCloseable item = closed::incrementAndGet;
        ProbeStream<AutoCloseable> failing = new ProbeStream<>();
        failing.emit(item);
        failing.fail(new IllegalStateException("boom"));
        try (MockStreamTask<List<AutoCloseable>> chunks = MockStreamTask.spawn(
                RuntimeStreams.chunksTimeout(failing, 5, Duration.ofSeconds(1), time.runtime))) {
            assertFailed(chunks.pollNext(), IllegalStateException.class);
        }
        assertEquals(1, closed.get());
        ProbeStream<AutoCloseable> open = new ProbeStream<>();
        open.emit(item);
        try (MockStreamTask<List<AutoCloseable>> chunks = MockStreamTask.spawn(
                RuntimeStreams.chunksTimeout(open, 5, Duration.ofSeconds(1), time.runtime))) {
            assertPending(chunks.pollNext());
        }
        assertEquals(2, closed.get());
        assertEquals(0, RuntimeTimers.driverOf(time.runtime).timerCount());
    }

    @Test
    void badArgumentsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> chunks(Streams.empty(), 0, 1));
        assertThrows(IllegalArgumentException.class, () -> chunks(Streams.empty(), 1, -1));
    }
}
