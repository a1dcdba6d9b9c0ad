package dev.pollbridge.api;

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
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link Streams#zip}, ported from kotlinx.coroutines' {@code flow/operators/ZipTest.kt}; each test
 * names its peer test. kotlinx's null items ({@code testNulls}, {@code testNullsOther}) have no
 * counterpart: stream items are never null here. Its context tests ({@code testContextIsIsolated*})
 * have none either: both inputs are polled by the zip's own poller.
 */
class ZipStreamTest {

    private static List<String> zip(PollStream<String> left, PollStream<Integer> right) {
        try (MockStreamTask<String> task = MockStreamTask.spawn(left.zip(right, (s, i) -> s + i))) {
            return task.drainToDone();
        }
    }

    /** A probe with {@code items} that then stays pending. */
    private static ProbeStream<String> hanging(String... items) {
        ProbeStream<String> probe = new ProbeStream<>();
        for (String item : items) {
            probe.emit(item);
        }
        return probe;
    }

    /** kotlinx: {@code testZip}. */
    @Test
    void zip() {
        assertEquals(List.of("a1", "b2", "c3"), zip(Streams.of("a", "b", "c"), Streams.of(1, 2, 3)));
    }

    /** kotlinx: {@code testUnevenZip}: as long as the shorter stream, either way round. */
    @Test
    void unevenZip() {
        assertEquals(List.of("a1", "b2", "c3"), zip(Streams.of("a", "b", "c", "d", "e"), Streams.of(1, 2, 3)));
        try (MockStreamTask<String> task = MockStreamTask.spawn(
                Streams.zip(Streams.of(1, 2, 3), Streams.of("a", "b", "c", "d", "e"), (i, j) -> j + i))) {
            assertEquals(List.of("a1", "b2", "c3"), task.drainToDone());
        }
    }

    /** kotlinx: {@code testEmptyFlows}, {@code testEmpty}, {@code testEmptyOther}. */
    @Test
    void emptyInputs() {
        assertEquals(List.of(), zip(Streams.empty(), Streams.empty()));
        assertEquals(List.of(), zip(Streams.empty(), Streams.of(1)));
        assertEquals(List.of(), zip(Streams.of("a"), Streams.empty()));
    }

    /** kotlinx: {@code testCancelWhenFlowIsDone}: the longer input is closed, never asked past its partner's end. */
    @Test
    void cancelWhenFlowIsDone() {
        ProbeStream<String> f1 = ProbeStream.of("1", "2");
        ProbeStream<String> f2 = hanging("a", "b");
        try (MockStreamTask<String> task = MockStreamTask.spawn(f1.zip(f2, String::concat))) {
            assertEquals(List.of("1a", "2b"), task.drainToDone());
        }
        assertTrue(f2.isCancelled(), "the input that did not end is closed (cancelled)");
        assertEquals(1, f1.closes());
        assertEquals(1, f2.closes());
    }

    /** kotlinx: {@code testCancelWhenFlowIsDone2}: an item taken from the longer input is dropped, and closed. */
    @Test
    void cancelWhenFlowIsDone2() {
        AtomicInteger closed = new AtomicInteger();
        record Item(String name, AtomicInteger closed) implements AutoCloseable {
            @Override
            public void close() {
                closed.incrementAndGet();
            }
        }
        PollStream<Item> f1 = Streams.of(new Item("1", closed), new Item("2", closed), new Item("3", closed));
        try (MockStreamTask<String> task = MockStreamTask.spawn(
                f1.zip(Streams.of("a", "b"), (item, s) -> item.name() + s))) {
            assertEquals(List.of("1a", "2b"), task.drainToDone());
        }
        assertEquals(1, closed.get(), "item 3 was taken, found no partner and was closed");
    }

    /** kotlinx: {@code testCancelWhenFlowIsDoneReversed}: the other input hangs, and is closed. */
    @Test
    void cancelWhenFlowIsDoneReversed() {
        ProbeStream<String> f1 = hanging("1", "2");
        try (MockStreamTask<String> task = MockStreamTask.spawn(
                Streams.zip(Streams.of("a", "b"), f1, String::concat))) {
            assertEquals(List.of("a1", "b2"), task.drainToDone());
        }
        assertTrue(f1.isCancelled());
    }

    @Test
    void anItemWaitsForItsPartnerAndBothInputsHoldTheWaker() {
        ProbeStream<String> left = new ProbeStream<>();
        ProbeStream<Integer> right = new ProbeStream<>();
        try (MockStreamTask<String> task = MockStreamTask.spawn(left.zip(right, (s, i) -> s + i))) {
            assertPending(task.pollNext());
            left.emit("a");
            left.emit("b");
            assertPending(task.pollNext());
            assertEquals(1, left.queued(), "one item at most waits for its partner");
            right.emit(1);
            assertTrue(task.isWoken());
            assertReady(task.pollNext(), "a1");
            right.emit(2);
            assertReady(task.pollNext(), "b2");
        }
    }

    @Test
    void aThrowingOrNullCombinerFailsAndClosesBoth() {
        ProbeStream<String> left = ProbeStream.of("a");
        ProbeStream<Integer> right = ProbeStream.of(1);
        try (MockStreamTask<Object> task = MockStreamTask.spawn(left.zip(right, (s, i) -> null))) {
            assertFailed(task.pollNext(), NullPointerException.class);
        }
        assertEquals(1, left.closes());
        assertEquals(1, right.closes());
        IllegalStateException boom = new IllegalStateException("boom");
        try (MockStreamTask<Object> task = MockStreamTask.spawn(Streams.of(1).zip(Streams.of(2), (a, b) -> {
            throw boom;
        }))) {
            assertEquals(boom, assertFailed(task.pollNext(), IllegalStateException.class));
        }
        assertThrows(NullPointerException.class, () -> Streams.zip(Streams.of(1), null, (a, b) -> a));
    }

    /** The combinator contract: the first input is fed, the second is endless. */
    @Nested
    class Contract extends StreamCombinatorContract {
        @Override
        protected int inputCount() {
            return 1;
        }

        @Override
        protected PollStream<?> build(List<? extends PollStream<Object>> inputs) {
            PollStream<Integer> endless = Streams.fromIterable(() -> Stream.iterate(0, i -> i + 1).iterator());
            return inputs.get(0).zip(endless, (item, index) -> item + "#" + index);
        }

        @Override
        protected List<Object> items(int index) {
            return List.of("a", "b");
        }

        @Override
        protected List<Object> expectedItems() {
            return List.of("a#0", "b#1");
        }

        @Override
        protected Object output(int i) {
            return emitted(i) + "#" + i;
        }
    }
}
