package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class MergeStreamTest {

    /** Items arrive interleaved, so the contract compares them as a sorted multiset. */
    abstract static class MergeContract extends StreamCombinatorContract {
        @Override
        protected int inputCount() {
            return 3;
        }

        @Override
        protected List<Object> items(int index) {
            return List.of(index * 10 + 1, index * 10 + 2);
        }

        @Override
        protected List<Object> expectedItems() {
            return List.of(1, 2, 11, 12, 21, 22);
        }

        @Override
        protected void assertItems(List<Object> expected, List<?> actual) {
            List<Integer> sorted = new ArrayList<>();
            actual.forEach(item -> sorted.add((Integer) item));
            sorted.sort(null);
            assertEquals(expected, sorted);
        }
    }

    @Nested
    class MergeList extends MergeContract {
        @Override
        protected PollStream<?> build(List<? extends PollStream<Object>> inputs) {
            return Streams.merge(inputs);
        }
    }

    @Nested
    class MergeVarargs extends MergeContract {
        @Override
        protected PollStream<?> build(List<? extends PollStream<Object>> inputs) {
            return Streams.merge(inputs.get(0), inputs.get(1), inputs.get(2));
        }
    }

    private static PollStream<Integer> forever() {
        return Streams.fromIterable(() -> Stream.iterate(0, i -> i + 1).iterator());
    }

    @Test
    void anAlwaysReadyInputCannotStarveTheOthers() {
        ProbeStream<Integer> quiet = new ProbeStream<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(Streams.merge(forever(), quiet))) {
            for (int round = 0; round < 5; round++) {
                quiet.emit(-1);
                List<Integer> seen = new ArrayList<>();
                seen.add(assertReady(task.pollNext()));
                seen.add(assertReady(task.pollNext()));
                assertTrue(seen.contains(-1), "round " + round + ": " + seen);
            }
        }
        assertEquals(1, quiet.closes());
    }

    /** An input that yielded goes behind the others: ready inputs take turns. */
    @Test
    void theStartingInputRotatesEveryPoll() {
        PollStream<String> merged = Streams.merge(Streams.of("a1", "a2", "a3"), Streams.of("b1", "b2", "b3"));
        try (MockStreamTask<String> task = MockStreamTask.spawn(merged)) {
            assertEquals(List.of("a1", "b1", "a2", "b2", "a3", "b3"), task.drainToDone());
        }
    }

    @Test
    void doneOnlyWhenEveryInputIsDoneAndEachIsClosedWhenItEnds() {
        ProbeStream<String> shortOne = ProbeStream.of("s");
        ProbeStream<String> longOne = new ProbeStream<>();
        try (MockStreamTask<String> task = MockStreamTask.spawn(Streams.merge(shortOne, longOne))) {
            assertReady(task.pollNext(), "s");
            assertPending(task.pollNext());
            assertEquals(1, shortOne.closes(), "an input that ended is closed at once");
            assertFalse(longOne.isClosed());
            longOne.emit("l");
            assertTrue(task.isWoken());
            assertReady(task.pollNext(), "l");
            assertPending(task.pollNext());
            longOne.complete();
            assertTrue(task.isWoken());
            assertTrue(task.pollNext().isDone());
            assertEquals(1, longOne.closes());
            assertEquals(2, shortOne.polls(), "an ended input is not polled again");
        }
        assertEquals(1, shortOne.closes());
        assertEquals(1, longOne.closes());
    }

    /** tokio-stream {@code tests/stream_merge.rs}: {@code merge_sync_streams}: ready inputs alternate. */
    @Test
    void mergeSyncStreams() {
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(Streams.merge(Streams.of(0, 2, 4, 6),
                Streams.of(1, 3, 5)))) {
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), task.drainToDone());
        }
    }

    /** tokio-stream {@code tests/stream_merge.rs}: {@code merge_async_streams}: each input's item and end wakes the task. */
    @Test
    void mergeAsyncStreams() {
        ProbeStream<Integer> tx1 = new ProbeStream<>();
        ProbeStream<Integer> tx2 = new ProbeStream<>();
        try (MockStreamTask<Integer> rx = MockStreamTask.spawn(Streams.merge(tx1, tx2))) {
            assertPending(rx.pollNext());
            tx1.emit(1);
            assertTrue(rx.isWoken());
            assertReady(rx.pollNext(), 1);
            assertPending(rx.pollNext());
            tx2.emit(2);
            assertTrue(rx.isWoken());
            assertReady(rx.pollNext(), 2);
            assertPending(rx.pollNext());
            tx1.complete();
            assertTrue(rx.isWoken());
            assertPending(rx.pollNext());
            tx2.emit(3);
            assertTrue(rx.isWoken());
            assertReady(rx.pollNext(), 3);
            assertPending(rx.pollNext());
            tx2.complete();
            assertTrue(rx.isWoken());
            assertTrue(rx.pollNext().isDone());
        }
        assertEquals(1, tx1.closes());
        assertEquals(1, tx2.closes());
    }

    @Test
    void anEmptyMergeIsDone() {
        try (MockStreamTask<Object> task = MockStreamTask.spawn(Streams.merge(List.of()))) {
            assertEquals(List.of(), task.drainToDone());
        }
    }

    @Test
    void badInputIsRejectedAtBuildTime() {
        NullPointerException element = assertThrows(NullPointerException.class,
                () -> Streams.merge(Arrays.asList(Streams.of(1), null)));
        assertTrue(element.getMessage().contains("streams[1]"), element.getMessage());
        assertThrows(NullPointerException.class, () -> Streams.merge((List<PollStream<Object>>) null));
    }
}
