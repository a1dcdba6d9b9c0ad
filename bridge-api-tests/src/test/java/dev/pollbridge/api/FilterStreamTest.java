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
import org.junit.jupiter.api.Test;

class FilterStreamTest extends StreamCombinatorContract {

    /** Even items pass the filter. */
    @Override
    protected Object emitted(int i) {
        return 2 * i;
    }

    @Override
    protected int inputCount() {
        return 1;
    }

    @Override
    protected PollStream<?> build(List<? extends PollStream<Object>> inputs) {
        return inputs.get(0).filter(item -> (Integer) item % 2 == 0);
    }

    @Override
    protected List<Object> items(int index) {
        return List.of(1, 2, 3, 4, 5, 6);
    }

    @Override
    protected List<Object> expectedItems() {
        return List.of(2, 4, 6);
    }

    @Test
    void manyRejectedItemsYieldWithASelfWakeInsteadOfHoldingThePoll() {
        ProbeStream<Integer> upstream = new ProbeStream<>();
        for (int i = 0; i < 1_000; i++) {
            upstream.emit(1);
        }
        upstream.emit(2);
        upstream.complete();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(upstream.filter(item -> item == 2))) {
            int yields = 0;
            Poll<Integer> poll = task.pollNext();
            while (poll.isPending()) {
                assertTrue(task.isWoken(), "a yield wakes its own task (pending has a tail)");
                yields++;
                poll = task.pollNext();
            }
            assertReady(poll, 2);
            assertTrue(yields >= 1_000 / Budget.ITEMS_PER_POLL, "yields: " + yields);
        }
    }

    @Test
    void aThrowingPredicateFailsAndClosesUpstream() {
        ProbeStream<Integer> upstream = ProbeStream.of(1);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(upstream.filter(item -> {
            throw new IllegalArgumentException("predicate");
        }))) {
            assertFailed(task.pollNext(), IllegalArgumentException.class);
            assertEquals(1, upstream.closes());
        }
        assertEquals(1, upstream.closes());
    }

    @Test
    void rejectedItemsAreSkippedWithinOnePoll() {
        ProbeStream<Integer> upstream = new ProbeStream<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(upstream.filter(item -> item > 2))) {
            assertPending(task.pollNext());
            upstream.emit(1);
            upstream.emit(2);
            assertPending(task.pollNext());
            upstream.emit(3);
            assertTrue(task.isWoken());
            assertReady(task.pollNext(), 3);
        }
    }

    @Test
    void nullArgumentsAreRejectedAtBuildTime() {
        assertThrows(NullPointerException.class, () -> Streams.filter(null, item -> true));
        assertThrows(NullPointerException.class, () -> Streams.of(1).filter(null));
    }
}
