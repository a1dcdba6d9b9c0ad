package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ConcatStreamTest {

    @Nested
    class ConcatList extends StreamCombinatorContract {
        @Override
        protected int inputCount() {
            return 3;
        }

        @Override
        protected PollStream<?> build(List<? extends PollStream<Object>> inputs) {
            return Streams.concat(inputs);
        }

        @Override
        protected List<Object> items(int index) {
            List<List<Object>> all = List.of(List.of("a"), List.of("b", "c"), List.of());
            return all.get(index);
        }

        @Override
        protected List<Object> expectedItems() {
            return List.of("a", "b", "c");
        }
    }

    @Nested
    class ConcatVarargs extends StreamCombinatorContract {
        @Override
        protected int inputCount() {
            return 2;
        }

        @Override
        protected PollStream<?> build(List<? extends PollStream<Object>> inputs) {
            return Streams.concat(inputs.get(0), inputs.get(1));
        }

        @Override
        protected List<Object> items(int index) {
            return List.of(index, index + 10);
        }

        @Override
        protected List<Object> expectedItems() {
            return List.of(0, 10, 1, 11);
        }
    }

    @Test
    void aLaterStreamIsNotPolledBeforeTheEarlierEndsAndEachIsClosedWhenItEnds() {
        ProbeStream<String> first = new ProbeStream<>();
        ProbeStream<String> second = ProbeStream.of("z");
        try (MockStreamTask<String> task = MockStreamTask.spawn(Streams.concat(first, second))) {
            assertPending(task.pollNext());
            first.emit("a");
            assertTrue(task.isWoken());
            assertReady(task.pollNext(), "a");
            assertEquals(0, second.polls());
            first.complete();
            assertReady(task.pollNext(), "z");
            assertEquals(1, first.closes());
        }
        assertEquals(1, second.closes());
    }

    @Test
    void anEmptyConcatIsDone() {
        try (MockStreamTask<Object> task = MockStreamTask.spawn(Streams.concat(List.of()))) {
            assertEquals(List.of(), task.drainToDone());
        }
    }

    @Test
    void badInputIsRejectedAtBuildTime() {
        NullPointerException element = assertThrows(NullPointerException.class,
                () -> Streams.concat(Arrays.asList(Streams.of(1), null)));
        assertTrue(element.getMessage().contains("streams[1]"), element.getMessage());
        assertThrows(NullPointerException.class, () -> Streams.concat((List<PollStream<Object>>) null));
    }
}
