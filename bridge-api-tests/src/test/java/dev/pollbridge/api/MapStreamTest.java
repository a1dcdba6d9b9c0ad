package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class MapStreamTest extends StreamCombinatorContract {

    @Override
    protected Object emitted(int i) {
        return i + 1;
    }

    @Override
    protected Object output(int i) {
        return (i + 1) * 10;
    }

    @Override
    protected int inputCount() {
        return 1;
    }

    @Override
    protected PollStream<?> build(List<? extends PollStream<Object>> inputs) {
        return inputs.get(0).map(item -> (Integer) item * 10);
    }

    @Override
    protected List<Object> items(int index) {
        return List.of(1, 2, 3);
    }

    @Override
    protected List<Object> expectedItems() {
        return List.of(10, 20, 30);
    }

    @Test
    void aThrowingMapperFailsAndClosesUpstream() {
        ProbeStream<Integer> upstream = ProbeStream.of(1, 2);
        IllegalStateException error = new IllegalStateException("mapper");
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(upstream.map(item -> {
            if (item == 2) {
                throw error;
            }
            return item;
        }))) {
            assertReady(task.pollNext(), 1);
            assertSame(error, assertFailed(task.pollNext(), IllegalStateException.class));
            assertEquals(1, upstream.closes());
            assertTrue(upstream.isCancelled());
        }
        assertEquals(1, upstream.closes());
    }

    @Test
    void aMapperReturningNullFails() {
        ProbeStream<Integer> upstream = ProbeStream.of(1);
        try (MockStreamTask<Object> task = MockStreamTask.spawn(upstream.map(item -> null))) {
            NullPointerException error = assertFailed(task.pollNext(), NullPointerException.class);
            assertTrue(error.getMessage().contains("returned null"), error.getMessage());
        }
        assertEquals(1, upstream.closes());
    }

    @Test
    void nullArgumentsAreRejectedAtBuildTime() {
        assertThrows(NullPointerException.class, () -> Streams.map(null, item -> item));
        assertThrows(NullPointerException.class, () -> Streams.of(1).map(null));
    }
}
