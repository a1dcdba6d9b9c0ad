package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.ProbeStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rules every stream combinator over {@link ProbeStream} inputs must keep: laziness, wake
 * propagation, no lost wake, done and failed are final, null items rejected, and each input
 * closed exactly once however the stream ends. A subclass says how to build it and what it emits.
 */
abstract class StreamCombinatorContract {

    protected List<ProbeStream<Object>> inputs;

    /** How many inputs the combinator reads. */
    protected abstract int inputCount();

    /** Builds the combinator under test over {@code inputs}. */
    protected abstract PollStream<?> build(List<? extends PollStream<Object>> inputs);

    /** The items input {@code index} emits before it completes. */
    protected abstract List<Object> items(int index);

    /** What the combinator emits when every input emitted its items and completed. */
    protected abstract List<Object> expectedItems();

    /** Compares the emitted items; order matters unless a subclass says otherwise. */
    protected void assertItems(List<Object> expected, List<?> actual) {
        assertEquals(expected, actual);
    }

    @BeforeEach
    void makeInputs() {
        inputs = new ArrayList<>();
        for (int i = 0; i < inputCount(); i++) {
            inputs.add(new ProbeStream<>());
        }
    }

    private void feedAll() {
        for (int i = 0; i < inputs.size(); i++) {
            items(i).forEach(inputs.get(i)::emit);
            inputs.get(i).complete();
        }
    }

    /** Polls until something other than an item comes, which is returned; items go to {@code sink}. */
    static Poll<?> drain(MockStreamTask<?> task, List<Object> sink) {
        for (int polls = 0; polls < 10_000; polls++) {
            Poll<?> poll = task.pollNext();
            if (!poll.isReady()) {
                if (poll.isPending() && task.isWoken()) {
                    continue; // a consumer that yielded its budget woke itself
                }
                return poll;
            }
            sink.add(poll.value());
        }
        throw new AssertionError("the stream did not end within 10000 polls");
    }

    private void assertEachInputClosedOnce(List<? extends PollStream<Object>> all) {
        for (int i = 0; i < all.size(); i++) {
            PollStream<Object> input = all.get(i);
            int closes = input instanceof ProbeStream ? ((ProbeStream<Object>) input).closes()
                    : ((NullItemStream) input).closes();
            assertEquals(1, closes, "closes of input " + i);
        }
    }

    @Test
    void buildingPollsNoInput() {
        build(inputs);
        for (ProbeStream<Object> input : inputs) {
            assertEquals(0, input.polls());
            assertEquals(0, input.closes());
        }
    }

    @Test
    void anInputsWakeReachesThePollingTask() {
        MockStreamTask<?> task = MockStreamTask.spawn(build(inputs));
        assertPending(task.pollNext());
        inputs.get(0).emit(items(0).isEmpty() ? "x" : items(0).get(0));
        assertTrue(task.isWoken());
    }

    @Test
    void itemsThenDone() {
        feedAll();
        MockStreamTask<?> task = MockStreamTask.spawn(build(inputs));
        List<Object> emitted = new ArrayList<>();
        Poll<?> end = drain(task, emitted);
        assertTrue(end.isDone(), "ended with " + end);
        assertItems(expectedItems(), emitted);
        assertEachInputClosedOnce(inputs);
        assertThrows(IllegalStateException.class, task::pollNext, "poll after done");
        task.close();
        assertEachInputClosedOnce(inputs);
    }

    @Test
    void itemsArrivingBetweenPollsAreNotLost() {
        MockStreamTask<?> task = MockStreamTask.spawn(build(inputs));
        assertPending(task.pollNext());
        feedAll();
        assertTrue(task.isWoken());
        List<Object> emitted = new ArrayList<>();
        assertTrue(drain(task, emitted).isDone());
        assertItems(expectedItems(), emitted);
    }

    @Test
    void failureFailsTheStreamAndClosesEveryInput() {
        RuntimeException error = new RuntimeException("boom");
        inputs.get(0).fail(error);
        for (int i = 1; i < inputs.size(); i++) {
            items(i).forEach(inputs.get(i)::emit);
            inputs.get(i).complete();
        }
        MockStreamTask<?> task = MockStreamTask.spawn(build(inputs));
        Poll<?> end = drain(task, new ArrayList<>());
        assertEquals(error, assertFailed(end, RuntimeException.class));
        assertEachInputClosedOnce(inputs);
        assertThrows(IllegalStateException.class, task::pollNext, "poll after failed");
    }

    @Test
    void aNullItemFailsTheStreamAndClosesEveryInput() {
        List<PollStream<Object>> withNull = new ArrayList<>(inputs);
        withNull.set(0, new NullItemStream());
        for (int i = 1; i < inputs.size(); i++) {
            inputs.get(i).complete();
        }
        MockStreamTask<?> task = MockStreamTask.spawn(build(withNull));
        Poll<?> end = drain(task, new ArrayList<>());
        NullPointerException error = assertFailed(end, NullPointerException.class);
        assertTrue(error.getMessage().contains("null item"), error.getMessage());
        assertEachInputClosedOnce(withNull);
    }

    @Test
    void closeBeforeTheFirstPollCancelsEachInputOnce() {
        PollStream<?> stream = build(inputs);
        stream.close();
        stream.close();
        assertEachInputClosedOnce(inputs);
        inputs.forEach(input -> assertTrue(input.isCancelled()));
        inputs.forEach(input -> assertEquals(0, input.polls()));
        assertThrows(IllegalStateException.class, () -> stream.pollNext(Context.of(Waker.noop())));
    }

    @Test
    void closeWhilePendingCancelsEachInputOnce() {
        MockStreamTask<?> task = MockStreamTask.spawn(build(inputs));
        assertPending(task.pollNext());
        task.close();
        assertEachInputClosedOnce(inputs);
        inputs.forEach(input -> assertTrue(input.isCancelled()));
    }
}
