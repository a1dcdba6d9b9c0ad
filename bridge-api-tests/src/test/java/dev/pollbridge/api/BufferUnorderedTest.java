package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link Streams#bufferUnordered}, {@link Streams#buffered} and {@link Streams#mapAsync}, ported
 * from futures-rs's {@code futures/tests/stream_buffer_unordered.rs} (its one test, {@code works},
 * is {@code #[ignore]}d there for a race in its threads; here the same script runs on one thread
 * with a {@link ProbeStream} as the channel of futures), plus the rules of the adapters.
 */
class BufferUnorderedTest {

    private static List<ProbeFuture<Integer>> probes(int count) {
        List<ProbeFuture<Integer>> probes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            probes.add(new ProbeFuture<>());
        }
        return probes;
    }

    /**
     * futures-rs: {@code works}, N = 4. Five futures wait upstream; four run, completing 1, 3, 2, 4;
     * then four more arrive; they complete 5, 8, 9, 7, 6 and come out in that order.
     */
    @Test
    void works() {
        int n = 4;
        ProbeStream<PollFuture<Integer>> channel = new ProbeStream<>();
        List<ProbeFuture<Integer>> o = probes(10); // o.get(1) .. o.get(9)
        for (int i = 1; i <= n + 1; i++) {
            channel.emit(o.get(i));
        }
        try (MockStreamTask<Integer> rx = MockStreamTask.spawn(Streams.bufferUnordered(channel, n))) {
            assertPending(rx.pollNext());
            assertEquals(1, channel.queued(), "only four taken: the fifth waits upstream");
            o.get(1).complete(1);
            assertReady(rx.pollNext(), 1);
            o.get(3).complete(3);
            assertReady(rx.pollNext(), 3); // and the fifth was taken into the slot 1 freed
            assertEquals(0, channel.queued());
            for (int i = n + 2; i <= 2 * n + 1; i++) {
                channel.emit(o.get(i));
            }
            o.get(2).complete(2);
            assertReady(rx.pollNext(), 2);
            o.get(4).complete(4);
            assertReady(rx.pollNext(), 4);

            for (int i : new int[] {5, 8, 9, 7, 6}) {
                o.get(i).complete(i);
                assertReady(rx.pollNext(), i);
            }
            channel.complete();
            assertDone(rx.pollNext());
        }
        for (int i = 1; i <= 9; i++) {
            assertEquals(1, o.get(i).closes(), "future " + i);
        }
        assertEquals(1, channel.closes());
    }

    @Test
    void neverRunsMoreThanTheLimit() {
        ProbeStream<PollFuture<Integer>> upstream = new ProbeStream<>();
        List<ProbeFuture<Integer>> futures = probes(5);
        futures.forEach(upstream::emit);
        upstream.complete();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(Streams.bufferUnordered(upstream, 2))) {
            assertPending(task.pollNext());
            assertEquals(1, futures.get(0).polls());
            assertEquals(1, futures.get(1).polls());
            assertEquals(0, futures.get(2).polls(), "not taken while two run");
            futures.get(1).complete(1);
            assertReady(task.pollNext(), 1);
            assertEquals(0, futures.get(2).polls(), "taken on the next poll, not after returning a value");
            assertPending(task.pollNext());
            assertEquals(1, futures.get(2).polls());
            futures.get(0).complete(0);
            futures.get(2).complete(2);
            futures.get(3).complete(3);
            futures.get(4).complete(4);
            List<Integer> rest = task.drainToDone();
            assertEquals(4, rest.size());
            assertTrue(rest.containsAll(List.of(0, 2, 3, 4)));
        }
    }

    @Test
    void bufferedKeepsUpstreamOrder() {
        ProbeStream<PollFuture<Integer>> upstream = new ProbeStream<>();
        List<ProbeFuture<Integer>> futures = probes(4);
        futures.forEach(upstream::emit);
        upstream.complete();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(Streams.buffered(upstream, 2))) {
            assertPending(task.pollNext());
            futures.get(1).complete(1);
            assertPending(task.pollNext()); // 1 waits for 0, and counts against the limit
            assertEquals(0, futures.get(2).polls());
            futures.get(0).complete(0);
            assertReady(task.pollNext(), 0);
            assertReady(task.pollNext(), 1);
            futures.get(3).complete(3);
            futures.get(2).complete(2);
            assertEquals(List.of(2, 3), task.drainToDone());
        }
    }

    @Test
    void mapAsyncIsFlatMapMerge() {
        List<ProbeFuture<String>> calls = new ArrayList<>();
        PollStream<String> replies = Streams.of(1, 2, 3).mapAsync(3, id -> {
            ProbeFuture<String> call = new ProbeFuture<>();
            calls.add(call);
            return call;
        });
        try (MockStreamTask<String> task = MockStreamTask.spawn(replies)) {
            assertPending(task.pollNext());
            assertEquals(3, calls.size(), "three calls in flight at once");
            calls.get(2).complete("c");
            calls.get(0).complete("a");
            assertReady(task.pollNext(), "c");
            assertReady(task.pollNext(), "a");
            calls.get(1).complete("b");
            assertEquals(List.of("b"), task.drainToDone());
        }
    }

    @Test
    void aFailureClosesUpstreamAndEveryRunningFuture() {
        ProbeStream<PollFuture<Integer>> upstream = new ProbeStream<>();
        List<ProbeFuture<Integer>> futures = probes(3);
        futures.forEach(upstream::emit);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(Streams.bufferUnordered(upstream, 3))) {
            assertPending(task.pollNext());
            RuntimeException boom = new RuntimeException("boom");
            futures.get(1).fail(boom);
            assertEquals(boom, assertFailed(task.pollNext(), RuntimeException.class));
            assertTrue(upstream.isCancelled());
            assertTrue(futures.get(0).isCancelled());
            assertTrue(futures.get(2).isCancelled());
            assertThrows(IllegalStateException.class, task::pollNext);
        }
        assertEquals(1, upstream.closes());
        futures.forEach(future -> assertEquals(1, future.closes()));
    }

    @Test
    void closingClosesUpstreamAndEveryRunningFutureOnce() {
        ProbeStream<PollFuture<Integer>> upstream = new ProbeStream<>();
        List<ProbeFuture<Integer>> futures = probes(2);
        futures.forEach(upstream::emit);
        PollStream<Integer> stream = Streams.bufferUnordered(upstream, 4);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertPending(task.pollNext());
        }
        stream.close();
        assertEquals(1, upstream.closes());
        futures.forEach(future -> assertTrue(future.isCancelled()));
        futures.forEach(future -> assertEquals(1, future.closes()));
    }

    @Test
    void nullFuturesAndValuesFailTheStream() {
        ProbeStream<PollFuture<Integer>> withNull = new ProbeStream<>();
        withNull.emit(Futures.ready(null));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(Streams.bufferUnordered(withNull, 2))) {
            NullPointerException error = assertFailed(task.pollNext(), NullPointerException.class);
            assertTrue(error.getMessage().contains("bufferUnordered"), error.getMessage());
        }
        PollStream<Integer> nullFuture = Streams.of(1).mapAsync(1, item -> null);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(nullFuture)) {
            assertFailed(task.pollNext(), NullPointerException.class);
        }
    }

    @Test
    void badArgumentsAreRejectedAtBuildTime() {
        assertThrows(IllegalArgumentException.class, () -> Streams.bufferUnordered(Streams.empty(), 0));
        assertThrows(IllegalArgumentException.class, () -> Streams.buffered(Streams.empty(), -1));
        assertThrows(IllegalArgumentException.class, () -> Streams.of(1).mapAsync(0, Futures::ready));
        assertThrows(NullPointerException.class, () -> Streams.bufferUnordered(null, 1));
        assertThrows(NullPointerException.class, () -> Streams.of(1).mapAsync(1, null));
    }

    @Test
    void anEmptyUpstreamIsDoneAtOnce() {
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(Streams.<Integer>bufferUnordered(Streams.empty(), 3))) {
            assertDone(task.pollNext());
        }
    }

    @Test
    void aWakeOfOneFutureCostsOneFuturePoll() {
        int n = 1_000;
        ProbeStream<PollFuture<Integer>> upstream = new ProbeStream<>();
        List<ProbeFuture<Integer>> futures = probes(n);
        futures.forEach(upstream::emit);
        upstream.complete();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(Streams.bufferUnordered(upstream, n))) {
            assertPending(task.pollNext());
            for (int i = n - 1; i >= 0; i--) {
                futures.get(i).complete(i);
                assertReady(task.pollNext(), i);
            }
            assertDone(task.pollNext());
        }
        assertEquals(2L * n, futures.stream().mapToLong(ProbeFuture::polls).sum());
        assertFalse(upstream.isCancelled(), "upstream ended by itself");
    }

    /** Futures that are ready at once: the items come out as the contract feeds them. */
    abstract static class AdapterContract extends StreamCombinatorContract {
        @Override
        protected int inputCount() {
            return 1;
        }

        @Override
        protected List<Object> items(int index) {
            return List.of("a", "b", "c");
        }

        @Override
        protected List<Object> expectedItems() {
            return List.of("a", "b", "c");
        }
    }

    @Nested
    class BufferUnorderedContract extends AdapterContract {
        @Override
        protected PollStream<?> build(List<? extends PollStream<Object>> inputs) {
            return Streams.bufferUnordered(inputs.get(0).map(Futures::ready), 2);
        }
    }

    @Nested
    class BufferedContract extends AdapterContract {
        @Override
        protected PollStream<?> build(List<? extends PollStream<Object>> inputs) {
            return Streams.buffered(inputs.get(0).map(Futures::ready), 2);
        }
    }

    @Nested
    class MapAsyncContract extends AdapterContract {
        @Override
        protected PollStream<?> build(List<? extends PollStream<Object>> inputs) {
            return inputs.get(0).mapAsync(3, Futures::ready);
        }
    }
}
