package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.ProbeStream;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The kit's {@link PollStreamContract} for a stream combinator over {@link ProbeStream} inputs
 * (items fed to the first input one by one, the end and the failure on the first input, every
 * input an owned child), plus what a combinator owes beyond it: every input's items in the
 * combinator's order when all arrive at once, null items rejected, and each input closed exactly
 * once however the stream ends. A subclass says how to build it and what it emits.
 */
abstract class StreamCombinatorContract extends PollStreamContract<Object> {

    /** How many inputs the combinator reads. */
    protected abstract int inputCount();

    /** Builds the combinator under test over {@code inputs}. */
    protected abstract PollStream<?> build(List<? extends PollStream<Object>> inputs);

    /** The items input {@code index} emits before it completes, for the all-at-once checks. */
    protected abstract List<Object> items(int index);

    /** What the combinator emits when every input emitted its {@link #items} and completed. */
    protected abstract List<Object> expectedItems();

    /** Item {@code i} fed to the first input in the one-by-one checks. */
    protected Object emitted(int i) {
        return "e" + i;
    }

    /** What the combinator yields for {@link #emitted emitted(i)}. */
    protected Object output(int i) {
        return emitted(i);
    }

    /** After how many items the combinator ends by itself (a take), or 0 if it does not. */
    protected int endsAfter() {
        return 0;
    }

    /** Compares the emitted items; order matters unless a subclass says otherwise. */
    protected void assertItems(List<Object> expected, List<?> actual) {
        assertEquals(expected, actual);
    }

    @Override
    protected StreamSubject<Object> subject() {
        List<ProbeStream<Object>> inputs = probes();
        ProbeStream<Object> first = inputs.get(0);
        StreamSubject<Object> subject = StreamSubject.of(built(inputs))
                .emits(i -> first.emit(emitted(i)), this::output)
                .completes(() -> inputs.forEach(ProbeStream::complete))
                .failsWith(error -> {
                    first.fail(error);
                    inputs.subList(1, inputs.size()).forEach(ProbeStream::complete);
                });
        if (endsAfter() > 0) {
            subject.endsAfter(endsAfter());
        }
        inputs.forEach(input -> subject.upstream(Upstream.of(input)));
        return subject;
    }

    private List<ProbeStream<Object>> probes() {
        List<ProbeStream<Object>> inputs = new ArrayList<>();
        for (int i = 0; i < inputCount(); i++) {
            inputs.add(new ProbeStream<>());
        }
        return inputs;
    }

    @SuppressWarnings("unchecked")
    private PollStream<Object> built(List<? extends PollStream<Object>> inputs) {
        return (PollStream<Object>) build(inputs);
    }

    private void feedAll(List<ProbeStream<Object>> inputs) {
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
    void everyInputsItemsThenDone() {
        List<ProbeStream<Object>> inputs = probes();
        feedAll(inputs);
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
    void everyInputsItemsArrivingBetweenPollsAreNotLost() {
        List<ProbeStream<Object>> inputs = probes();
        MockStreamTask<?> task = MockStreamTask.spawn(build(inputs));
        assertPending(task.pollNext());
        feedAll(inputs);
        assertTrue(task.isWoken());
        List<Object> emitted = new ArrayList<>();
        assertTrue(drain(task, emitted).isDone());
        assertItems(expectedItems(), emitted);
        task.close();
    }

    @Test
    void failureFailsTheStreamAndClosesEveryInput() {
        List<ProbeStream<Object>> inputs = probes();
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
        task.close();
    }

    @Test
    void aNullItemFailsTheStreamAndClosesEveryInput() {
        List<ProbeStream<Object>> inputs = probes();
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
        task.close();
    }

    @Test
    void aPollAfterCloseIsRejected() {
        PollStream<?> stream = build(probes());
        stream.close();
        assertThrows(IllegalStateException.class, () -> stream.pollNext(Context.of(Waker.noop())));
    }
}
