package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeStream;
import dev.pollbridge.test.StreamSubject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link Streams#scan}, ported from kotlinx.coroutines' {@code flow/operators/ScanTest.kt}; each
 * test names its peer test. kotlinx's {@code runningReduce} (no initial value) is not offered;
 * {@code testNulls} has no counterpart (items are never null here).
 */
class ScanStreamTest {

    private static <T> List<T> plus(List<T> list, T element) {
        List<T> result = new ArrayList<>(list);
        result.add(element);
        return List.copyOf(result);
    }

    /** kotlinx: {@code testScanWithInitial} (and {@code testFoldWithInitial}, its {@code runningFold} twin). */
    @Test
    void scanWithInitial() {
        try (MockStreamTask<List<Integer>> task = MockStreamTask.spawn(
                Streams.of(1, 2, 3).scan(List.<Integer>of(), ScanStreamTest::plus))) {
            assertEquals(List.of(List.of(), List.of(1), List.of(1, 2), List.of(1, 2, 3)), task.drainToDone());
        }
    }

    /** kotlinx: {@code testEmptyFlow}: the initial value alone. */
    @Test
    void emptyFlow() {
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(Streams.<Integer>empty().scan(0, Integer::sum))) {
            assertEquals(List.of(0), task.drainToDone());
        }
    }

    /** kotlinx: {@code testErrorCancelsUpstream}: a throwing step fails the stream and closes upstream. */
    @Test
    void errorCancelsUpstream() {
        ProbeStream<Integer> upstream = new ProbeStream<>();
        upstream.emit(1);
        upstream.emit(2);
        IllegalStateException boom = new IllegalStateException("boom");
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(upstream.scan(0, (acc, value) -> {
            if (value == 2) {
                throw boom;
            }
            return acc + value;
        }))) {
            assertReady(task.pollNext(), 0);
            assertReady(task.pollNext(), 1);
            assertEquals(boom, assertFailed(task.pollNext(), IllegalStateException.class));
        }
        assertTrue(upstream.isCancelled());
        assertEquals(1, upstream.closes());
    }

    @Test
    void theInitialValueComesWithoutPollingUpstream() {
        ProbeStream<Integer> upstream = new ProbeStream<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(upstream.scan(10, Integer::sum))) {
            assertReady(task.pollNext(), 10);
            assertEquals(0, upstream.polls());
        }
        assertThrows(NullPointerException.class, () -> Streams.of(1).scan(null, (a, b) -> a));
        try (MockStreamTask<Object> task = MockStreamTask.spawn(Streams.of(1).scan((Object) "x", (a, b) -> null))) {
            assertReady(task.pollNext(), "x");
            assertFailed(task.pollNext(), NullPointerException.class);
        }
    }

    /** The combinator contract: a running count of the items' lengths, after the initial 0. */
    @Nested
    class Contract extends StreamCombinatorContract {
        @Override
        protected int inputCount() {
            return 1;
        }

        @Override
        protected PollStream<?> build(List<? extends PollStream<Object>> inputs) {
            return inputs.get(0).scan("", (acc, item) -> acc + item);
        }

        @Override
        protected List<Object> items(int index) {
            return List.of("a", "b");
        }

        @Override
        protected List<Object> expectedItems() {
            return List.of("", "a", "ab");
        }

        /** The initial value comes at once, then items fed between polls are not lost. */
        @Test
        @Override
        void everyInputsItemsArrivingBetweenPollsAreNotLost() {
            ProbeStream<Object> input = new ProbeStream<>();
            try (MockStreamTask<?> task = MockStreamTask.spawn(build(List.of(input)))) {
                assertEquals(Poll.ready(""), task.pollNext());
                assertPending(task.pollNext());
                items(0).forEach(input::emit);
                input.complete();
                assertTrue(task.isWoken());
                List<Object> emitted = new ArrayList<>();
                assertTrue(drain(task, emitted).isDone());
                assertEquals(List.of("a", "ab"), emitted);
            }
        }

        /** The initial value comes at once, before the contract's items. */
        @Override
        protected StreamSubject<Object> subject() {
            return super.subject().readyFirst(List.of(""));
        }

        @Override
        protected Object output(int i) {
            StringBuilder expected = new StringBuilder();
            for (int k = 0; k <= i; k++) {
                expected.append(emitted(k));
            }
            return expected.toString();
        }
    }
}
