package dev.pollbridge.runtime;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * {@link RuntimeStreams#buffer}, after kotlinx.coroutines' {@code flow/operators/BufferTest.kt}: a
 * behavioural test that the producer runs ahead of the consumer by the capacity and no more
 * ({@code testBuffer1}, {@code testBuffer2}, {@code testBuffer3}, {@code testBufferDefault} with
 * 64). kotlinx counts each step of a rendezvous channel (its batches are the capacity plus 2);
 * here the producer is a task that fills the buffer and waits, so the batch is the capacity, and
 * the test counts the items the producer took. The buffer's point, the producer working while the
 * consumer is busy, is {@link #aSlowConsumerNoLongerSlowsTheProducer}. tokio-stream has no buffer.
 */
class BufferTest {

    private final VirtualTimeline time = new VirtualTimeline();

    @AfterEach
    void close() {
        time.close();
    }

    /** An always-ready stream of 0, 1, 2, ... that counts the items taken from it. */
    static final class Counting implements PollStream<Integer> {
        final AtomicInteger taken = new AtomicInteger();
        final int end;
        int closes;

        Counting(int end) {
            this.end = end;
        }

        @Override
        public Poll<Integer> pollNext(Context cx) {
            int next = taken.get();
            if (next == end) {
                return Poll.done();
            }
            taken.incrementAndGet();
            return Poll.ready(next);
        }

        @Override
        public void close() {
            closes++;
        }
    }

    /** kotlinx: {@code testBuffer1}, {@code testBuffer2}, {@code testBuffer3}, {@code testBufferDefault}. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 64})
    void theProducerRunsAheadByTheCapacity(int capacity) {
        int n = 200;
        Counting upstream = new Counting(n);
        try (MockStreamTask<Integer> consumer = MockStreamTask.spawn(RuntimeStreams.buffer(upstream, capacity, time.runtime))) {
            assertPending(consumer.pollNext()); // spawns the producer
            assertEquals(0, upstream.taken.get(), "the producer runs on the runtime, not in the consumer's poll");
            for (int i = 0; i < n; i++) {
                time.runUntilIdle();
                assertEquals(Math.min(n, i + capacity), upstream.taken.get(), "taken ahead of item " + i);
                assertReady(consumer.pollNext(), i);
            }
            time.runUntilIdle();
            assertDone(consumer.pollNext());
        }
        assertEquals(1, upstream.closes);
    }

    /** The buffer's point: a consumer taking 300 ms per item no longer holds back a producer of one per 100 ms. */
    @Test
    void aSlowConsumerNoLongerSlowsTheProducer() {
        assertEquals(3_000, finishTime(true));
        assertEquals(3_900, finishTime(false), "without the buffer each item waits for the one before to be consumed");
    }

    private long finishTime(boolean buffered) {
        VirtualTimeline.Script<Integer> producer = time.script();
        for (int i = 0; i < 10; i++) {
            producer.emit(i).delay(100);
        }
        PollStream<Integer> items = buffered ? RuntimeStreams.buffer(producer, 10, time.runtime) : producer;
        long start = time.millis();
        List<VirtualTimeline.Timed<Integer>> consumed = time.collect(
                items.mapAsync(1, item -> time.runtime.sleep(Duration.ofMillis(300)).map(nothing -> item)), 100_000);
        assertEquals(10, consumed.size());
        return consumed.get(9).at() - start;
    }

    @Test
    void itemsThenTheFailure() {
        IllegalStateException boom = new IllegalStateException("boom");
        ProbeStream<String> upstream = new ProbeStream<>();
        upstream.emit("a");
        upstream.emit("b");
        upstream.fail(boom);
        try (MockStreamTask<String> consumer = MockStreamTask.spawn(RuntimeStreams.buffer(upstream, 8, time.runtime))) {
            assertPending(consumer.pollNext());
            time.runUntilIdle();
            assertReady(consumer.pollNext(), "a");
            assertReady(consumer.pollNext(), "b");
            assertSame(boom, assertFailed(consumer.pollNext(), IllegalStateException.class));
            assertThrows(IllegalStateException.class, consumer::pollNext);
        }
        assertEquals(1, upstream.closes());
    }

    @Test
    void closingDropsTheBufferAndAbortsTheProducerWhichClosesUpstreamOnce() {
        AtomicInteger closed = new AtomicInteger();
        ProbeStream<AutoCloseable> upstream = new ProbeStream<>();
        upstream.emit(closed::incrementAndGet);
        upstream.emit(closed::incrementAndGet);
        PollStream<AutoCloseable> buffered = RuntimeStreams.buffer(upstream, 8, time.runtime);
        try (MockStreamTask<AutoCloseable> consumer = MockStreamTask.spawn(buffered)) {
            assertPending(consumer.pollNext());
            time.runUntilIdle();
            assertTrue(consumer.isWoken());
        }
        assertEquals(2, closed.get(), "the buffered items were dropped, and closed");
        assertEquals(0, upstream.closes(), "the producer task closes it, on the runtime, at its next turn");
        time.runUntilIdle();
        assertEquals(1, upstream.closes());
        assertTrue(upstream.isCancelled());
        buffered.close();
        time.runUntilIdle();
        assertEquals(1, upstream.closes());
    }

    @Test
    void closingBeforeTheFirstPollSpawnsNothingAndClosesUpstream() {
        ProbeStream<Integer> upstream = new ProbeStream<>();
        RuntimeStreams.buffer(upstream, 1, time.runtime).close();
        assertEquals(0, upstream.polls());
        assertEquals(1, upstream.closes());
        assertEquals(0, time.runtime.metrics().tasksSpawned());
    }

    @Test
    void aClosedRuntimeFailsTheStream() {
        ProbeStream<Integer> upstream = new ProbeStream<>();
        try (MockStreamTask<Integer> consumer = MockStreamTask.spawn(RuntimeStreams.buffer(upstream, 1, time.runtime))) {
            assertPending(consumer.pollNext());
            time.runtime.close();
            assertTrue(consumer.isWoken(), "the producer task was cancelled and said so");
            assertFailed(consumer.pollNext(), CancellationException.class);
        }
        assertEquals(1, upstream.closes());

        ProbeStream<Integer> late = new ProbeStream<>();
        try (MockStreamTask<Integer> consumer = MockStreamTask.spawn(RuntimeStreams.buffer(late, 1, time.runtime))) {
            assertFailed(consumer.pollNext(), RejectedExecutionException.class);
        }
        assertEquals(1, late.closes());
    }

    @Test
    void badArgumentsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> RuntimeStreams.buffer(Streams.empty(), 0, time.runtime));
        assertThrows(NullPointerException.class, () -> RuntimeStreams.buffer(Streams.empty(), 1, null));
    }
}
