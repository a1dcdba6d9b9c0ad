package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeStream;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rules every stream consumer (a future that reads a stream) must keep: laziness, wake
 * propagation, no lost wake, ready is final, null items rejected, and the stream closed exactly
 * once however the future ends.
 */
abstract class StreamConsumerContract {

    protected ProbeStream<Object> input;

    /** Builds the consumer under test over {@code stream}. */
    protected abstract PollFuture<?> build(PollStream<Object> stream);

    /** What the consumer is ready with after the input emitted {@link #items()} and completed. */
    protected abstract Object expectedValue();

    /** The items the input emits. */
    protected List<Object> items() {
        return List.of(1, 2, 3);
    }

    @BeforeEach
    void makeInput() {
        input = new ProbeStream<>();
    }

    private void feed() {
        items().forEach(input::emit);
        input.complete();
    }

    /** Polls until not pending, re-polling while the consumer wakes itself (budget yields). */
    static Poll<?> await(MockTask<?> task) {
        for (int polls = 0; polls < 10_000; polls++) {
            Poll<?> poll = task.poll();
            if (!poll.isPending() || !task.isWoken()) {
                return poll;
            }
        }
        throw new AssertionError("no result within 10000 polls");
    }

    @Test
    void buildingPollsNothing() {
        build(input);
        assertEquals(0, input.polls());
        assertEquals(0, input.closes());
    }

    @Test
    void theStreamsWakeReachesThePollingTask() {
        MockTask<?> task = MockTask.spawn(build(input));
        assertPending(task.poll());
        input.complete();
        assertTrue(task.isWoken());
    }

    @Test
    void itemsArrivingBetweenPollsAreNotLost() {
        MockTask<?> task = MockTask.spawn(build(input));
        assertPending(task.poll());
        feed();
        assertTrue(task.isWoken());
        assertEquals(Poll.ready(expectedValue()), await(task));
        assertEquals(1, input.closes());
    }

    @Test
    void readyWhenTheStreamIsAlreadyComplete() {
        feed();
        MockTask<?> task = MockTask.spawn(build(input));
        assertEquals(Poll.ready(expectedValue()), await(task));
        assertEquals(1, input.closes());
        assertThrows(IllegalStateException.class, task::poll, "poll after ready");
        task.close();
        assertEquals(1, input.closes());
    }

    @Test
    void failureFailsAndClosesTheStream() {
        RuntimeException error = new RuntimeException("boom");
        input.fail(error);
        MockTask<?> task = MockTask.spawn(build(input));
        assertEquals(error, assertFailed(await(task), RuntimeException.class));
        assertEquals(1, input.closes());
        assertThrows(IllegalStateException.class, task::poll, "poll after failed");
    }

    @Test
    void aNullItemFailsAndClosesTheStream() {
        NullItemStream broken = new NullItemStream();
        MockTask<?> task = MockTask.spawn(build(broken));
        NullPointerException error = assertFailed(await(task), NullPointerException.class);
        assertTrue(error.getMessage().contains("null item"), error.getMessage());
        assertEquals(1, broken.closes());
    }

    @Test
    void closeBeforeTheFirstPollCancelsTheStreamOnce() {
        PollFuture<?> future = build(input);
        future.close();
        future.close();
        assertEquals(1, input.closes());
        assertTrue(input.isCancelled());
        assertThrows(IllegalStateException.class, () -> future.poll(Context.of(Waker.noop())));
    }

    @Test
    void closeWhilePendingCancelsTheStreamOnce() {
        MockTask<?> task = MockTask.spawn(build(input));
        assertPending(task.poll());
        task.close();
        assertEquals(1, input.closes());
        assertTrue(input.isCancelled());
    }
}
