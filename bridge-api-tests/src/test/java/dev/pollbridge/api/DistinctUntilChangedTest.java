package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeStream;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link Streams#distinctUntilChanged} and {@link Streams#distinctUntilChangedBy}, ported from
 * kotlinx.coroutines' {@code flow/operators/DistinctUntilChangedTest.kt}; each test names its peer
 * test. Not ported: the {@code areEquivalent} variant (not offered: a key does the same), null
 * items (never null here), and the fusion tests (an optimisation of kotlinx's own).
 */
class DistinctUntilChangedTest {

    /** An item whose identity differs from its key, as kotlinx's {@code Box}. */
    static final class Box {
        final int i;

        Box(int i) {
            this.i = i;
        }
    }

    private static int sum(PollStream<Integer> stream) {
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            return task.drainToDone().stream().mapToInt(Integer::intValue).sum();
        }
    }

    /** kotlinx: {@code testDistinctUntilChanged}. */
    @Test
    void distinctUntilChanged() {
        assertEquals(4, sum(Streams.of(1, 1, 2, 2, 1).distinctUntilChanged()));
    }

    /** kotlinx: {@code testDistinctUntilChangedKeySelector}. */
    @Test
    void distinctUntilChangedKeySelector() {
        assertEquals(5, sum(Streams.of(new Box(1), new Box(1), new Box(2), new Box(1)).distinctUntilChanged()
                .map(box -> box.i)));
        assertEquals(4, sum(Streams.distinctUntilChangedBy(Streams.of(new Box(1), new Box(1), new Box(2),
                new Box(1)), box -> box.i).map(box -> box.i)));
    }

    /** kotlinx: {@code testThrowingKeySelector}: the failure ends the stream and closes upstream. */
    @Test
    void throwingKeySelector() {
        ProbeStream<Integer> upstream = new ProbeStream<>();
        upstream.emit(1);
        IllegalStateException boom = new IllegalStateException("boom");
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(Streams.distinctUntilChangedBy(upstream, item -> {
            throw boom;
        }))) {
            assertEquals(boom, assertFailed(task.pollNext(), IllegalStateException.class));
        }
        assertTrue(upstream.isCancelled());
    }

    @Test
    void aLongRunOfRepeatsYieldsToTheTaskInsteadOfHoldingIt() {
        PollStream<Integer> repeats = Streams.fromIterable(() -> Stream.generate(() -> 7).limit(1_000).iterator());
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(Streams.concat(repeats, Streams.of(8))
                .distinctUntilChanged())) {
            assertReady(task.pollNext(), 7);
            int yields = 0;
            Poll<Integer> poll;
            while ((poll = task.pollNext()).isPending()) {
                assertTrue(task.isWoken(), "a yield wakes its own task");
                yields++;
            }
            assertReady(poll, 8);
            assertEquals(999 / 128, yields, "one yield per 128 repeats skipped");
        }
    }

    @Test
    void keysMayBeNull() {
        try (MockStreamTask<String> task = MockStreamTask.spawn(Streams.distinctUntilChangedBy(
                Streams.of("a", "b", "cc", "dd", "e"), s -> s.length() == 2 ? null : s))) {
            assertEquals(List.of("a", "b", "cc", "e"), task.drainToDone());
        }
    }

    @Test
    void pendingUpstreamHoldsTheWaker() {
        ProbeStream<Integer> upstream = new ProbeStream<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(upstream.distinctUntilChanged())) {
            assertPending(task.pollNext());
            upstream.emit(1);
            assertTrue(task.isWoken());
            assertReady(task.pollNext(), 1);
            upstream.emit(1);
            assertPending(task.pollNext());
            upstream.emit(2);
            assertReady(task.pollNext(), 2);
        }
    }

    @Nested
    class Contract extends StreamCombinatorContract {
        @Override
        protected int inputCount() {
            return 1;
        }

        @Override
        protected PollStream<?> build(List<? extends PollStream<Object>> inputs) {
            return inputs.get(0).distinctUntilChanged();
        }

        @Override
        protected List<Object> items(int index) {
            return List.of("a", "a", "b", "a");
        }

        @Override
        protected List<Object> expectedItems() {
            return List.of("a", "b", "a");
        }
    }
}
