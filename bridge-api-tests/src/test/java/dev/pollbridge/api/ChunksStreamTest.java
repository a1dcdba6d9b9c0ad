package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link Streams#chunks}, ported from kotlinx.coroutines' {@code flow/operators/ChunkedTest.kt} and
 * futures-rs's {@code futures/tests/stream.rs} ({@code chunks_panic_on_cap_zero}); each test names
 * its peer test. kotlinx's cancellation tests ({@code testChunkedCancelled*}) check that
 * {@code take(1)} stops the producer: here that is {@link #takeClosesUpstreamAfterTheFirstChunk}.
 */
class ChunksStreamTest {

    private static List<List<Integer>> chunked(List<Integer> items, int size) {
        try (MockStreamTask<List<Integer>> task = MockStreamTask.spawn(Streams.fromIterable(items).chunks(size))) {
            return task.drainToDone();
        }
    }

    /** kotlinx: {@code testChunked}. */
    @Test
    void chunked() {
        assertEquals(List.of(List.of(1, 2), List.of(3, 4), List.of(5)), chunked(List.of(1, 2, 3, 4, 5), 2));
        assertEquals(List.of(List.of(1, 2, 3), List.of(4, 5)), chunked(List.of(1, 2, 3, 4, 5), 3));
        assertEquals(List.of(List.of(1, 2), List.of(3, 4)), chunked(List.of(1, 2, 3, 4), 2));
        assertEquals(List.of(List.of(1)), chunked(List.of(1), 3));
    }

    /** kotlinx: {@code testEmpty}: no chunk at all. */
    @Test
    void empty() {
        assertEquals(List.of(), chunked(List.of(), 1));
        assertEquals(List.of(), chunked(List.of(), 2));
    }

    /** kotlinx: {@code testChunkedCancelled}: {@code take(1)} closes upstream after the first chunk. */
    @Test
    void takeClosesUpstreamAfterTheFirstChunk() {
        ProbeStream<Integer> upstream = new ProbeStream<>();
        upstream.emit(1);
        upstream.emit(2);
        try (MockStreamTask<List<Integer>> task = MockStreamTask.spawn(upstream.chunks(1).take(1))) {
            assertEquals(List.of(List.of(1)), task.drainToDone());
        }
        assertTrue(upstream.isCancelled());
    }

    /** kotlinx: {@code testIae}; futures-rs: {@code chunks_panic_on_cap_zero}. */
    @Test
    void iae() {
        assertThrows(IllegalArgumentException.class, () -> Streams.empty().chunks(-1));
        assertThrows(IllegalArgumentException.class, () -> Streams.empty().chunks(0));
        assertThrows(IllegalArgumentException.class, () -> Streams.empty().chunks(Integer.MIN_VALUE));
    }

    /** kotlinx: {@code testSample}. */
    @Test
    void sample() {
        try (MockStreamTask<String> task = MockStreamTask.spawn(Streams.of("a", "b", "c", "d", "e").chunks(2)
                .map(chunk -> String.join("", chunk)))) {
            assertEquals(List.of("ab", "cd", "e"), task.drainToDone());
        }
    }

    @Test
    void aChunkWaitsUntilItIsFullAndIsUnmodifiable() {
        ProbeStream<Integer> upstream = new ProbeStream<>();
        try (MockStreamTask<List<Integer>> task = MockStreamTask.spawn(upstream.chunks(3))) {
            upstream.emit(1);
            upstream.emit(2);
            assertPending(task.pollNext());
            upstream.emit(3);
            assertTrue(task.isWoken());
            List<Integer> chunk = assertReady(task.pollNext());
            assertEquals(List.of(1, 2, 3), chunk);
            assertThrows(UnsupportedOperationException.class, () -> chunk.add(4));
            upstream.complete();
            assertDone(task.pollNext());
        }
    }

    @Test
    void aBigChunkIsFilledOverSeveralPollsThatYield() {
        List<Integer> items = IntStream.range(0, 1_000).boxed().collect(Collectors.toList());
        try (MockStreamTask<List<Integer>> task = MockStreamTask.spawn(Streams.fromIterable(items).chunks(1_000))) {
            int yields = 0;
            Poll<List<Integer>> poll;
            while ((poll = task.pollNext()).isPending()) {
                assertTrue(task.isWoken());
                yields++;
            }
            assertEquals(items, assertReady(poll));
            assertEquals(1_000 / 128, yields);
            assertDone(task.pollNext());
        }
    }

    @Test
    void aFailureOrACloseDropsThePartialChunkAndClosesItsItems() {
        AtomicInteger closed = new AtomicInteger();
        AutoCloseable resource = closed::incrementAndGet;
        ProbeStream<AutoCloseable> failing = new ProbeStream<>();
        failing.emit(resource);
        RuntimeException boom = new RuntimeException("boom");
        failing.fail(boom);
        try (MockStreamTask<List<AutoCloseable>> task = MockStreamTask.spawn(failing.chunks(2))) {
            assertEquals(boom, assertFailed(task.pollNext(), RuntimeException.class));
        }
        assertEquals(1, closed.get());

        ProbeStream<AutoCloseable> open = new ProbeStream<>();
        open.emit(resource);
        try (MockStreamTask<List<AutoCloseable>> task = MockStreamTask.spawn(open.chunks(2))) {
            assertPending(task.pollNext());
        }
        assertEquals(2, closed.get(), "closing is not cancel-safe: the partial chunk is dropped (and closed)");
        assertEquals(1, open.closes());
    }

    @Nested
    class Contract extends StreamCombinatorContract {
        @Override
        protected int inputCount() {
            return 1;
        }

        @Override
        protected PollStream<?> build(List<? extends PollStream<Object>> inputs) {
            return inputs.get(0).chunks(1);
        }

        @Override
        protected List<Object> items(int index) {
            return List.of("a", "b", "c");
        }

        @Override
        protected List<Object> expectedItems() {
            return List.of(List.of("a"), List.of("b"), List.of("c"));
        }

        @Override
        protected Object output(int i) {
            return List.of(emitted(i));
        }
    }
}
