package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class TakeStreamTest extends StreamCombinatorContract {

    @Override
    protected int endsAfter() {
        return 2;
    }

    @Override
    protected int inputCount() {
        return 1;
    }

    @Override
    protected PollStream<?> build(List<? extends PollStream<Object>> inputs) {
        return inputs.get(0).take(2);
    }

    @Override
    protected List<Object> items(int index) {
        return List.of("a", "b", "c", "d");
    }

    @Override
    protected List<Object> expectedItems() {
        return List.of("a", "b");
    }

    @Test
    void upstreamIsClosedAsSoonAsTheLastItemIsTaken() {
        ProbeStream<String> upstream = ProbeStream.of("a", "b", "c");
        try (MockStreamTask<String> task = MockStreamTask.spawn(upstream.take(2))) {
            assertReady(task.pollNext(), "a");
            assertFalse(upstream.isClosed());
            assertReady(task.pollNext(), "b");
            assertEquals(1, upstream.closes(), "closed with the n-th item, before anyone asks for more");
            assertTrue(upstream.isCancelled());
            assertDone(task.pollNext());
            assertEquals(2, upstream.polls(), "never polled beyond n");
            assertEquals(1, upstream.queued(), "the third item was never taken");
        }
        assertEquals(1, upstream.closes());
    }

    @Test
    void takeZeroIsDoneWithoutPollingUpstream() {
        ProbeStream<String> upstream = ProbeStream.of("a");
        PollStream<String> none = upstream.take(0);
        assertFalse(upstream.isClosed(), "building runs nothing");
        try (MockStreamTask<String> task = MockStreamTask.spawn(none)) {
            assertDone(task.pollNext());
            assertEquals(0, upstream.polls());
            assertEquals(1, upstream.closes());
            assertThrows(IllegalStateException.class, task::pollNext);
        }
        assertEquals(1, upstream.closes());
    }

    @Test
    void aShortUpstreamEndsTheTakeEarly() {
        try (MockStreamTask<String> task = MockStreamTask.spawn(Streams.of("a").take(5))) {
            assertEquals(List.of("a"), task.drainToDone());
        }
    }

    @Test
    void badInputIsRejectedAtBuildTime() {
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> Streams.of(1).take(-1));
        assertTrue(negative.getMessage().contains("-1"));
        assertThrows(NullPointerException.class, () -> Streams.take(null, 1));
    }
}
