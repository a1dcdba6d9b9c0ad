package dev.pollbridge.api;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.ProbeStream;
import dev.pollbridge.test.Upstream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The kit's {@link PollFutureContract} for a stream consumer (a future that reads a
 * {@link ProbeStream}: its items and end complete it, its failure fails it, and it is an owned
 * child), plus what a consumer owes beyond it: ready at the first poll when the stream already
 * ended, null items rejected, the stream closed exactly once.
 */
abstract class StreamConsumerContract extends PollFutureContract<Object> {

    /** Builds the consumer under test over {@code stream}. */
    protected abstract PollFuture<?> build(PollStream<Object> stream);

    /** What the consumer is ready with after the input emitted {@link #items()} and completed. */
    protected abstract Object expectedValue();

    /** The items the input emits. */
    protected List<Object> items() {
        return List.of(1, 2, 3);
    }

    @Override
    protected FutureSubject<Object> subject() {
        ProbeStream<Object> input = new ProbeStream<>();
        return FutureSubject.of(built(input))
                .completesWith(expectedValue(), () -> feed(input))
                .failsWith(input::fail)
                .upstream(Upstream.of(input));
    }

    @SuppressWarnings("unchecked")
    private PollFuture<Object> built(PollStream<Object> input) {
        return (PollFuture<Object>) build(input);
    }

    private void feed(ProbeStream<Object> input) {
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
    void readyWhenTheStreamIsAlreadyComplete() {
        ProbeStream<Object> input = new ProbeStream<>();
        feed(input);
        MockTask<?> task = MockTask.spawn(build(input));
        assertEquals(Poll.ready(expectedValue()), await(task));
        assertEquals(1, input.closes());
        assertThrows(IllegalStateException.class, task::poll, "poll after ready");
        task.close();
        assertEquals(1, input.closes());
    }

    @Test
    void aNullItemFailsAndClosesTheStream() {
        NullItemStream broken = new NullItemStream();
        MockTask<?> task = MockTask.spawn(build(broken));
        NullPointerException error = assertFailed(await(task), NullPointerException.class);
        assertTrue(error.getMessage().contains("null item"), error.getMessage());
        assertEquals(1, broken.closes());
        task.close();
    }

    @Test
    void aPollAfterCloseIsRejected() {
        PollFuture<?> future = build(new ProbeStream<>());
        future.close();
        assertThrows(IllegalStateException.class, () -> future.poll(Context.of(Waker.noop())));
    }
}
