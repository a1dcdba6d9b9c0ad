package dev.pollbridge.test;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@link MockTask} for streams: polls {@link PollStream#pollNext} by hand with a
 * {@link CountingWaker}. The task owns the stream: {@link #close()} closes it exactly once.
 *
 * @param <T> the item type
 */
public final class MockStreamTask<T> implements AutoCloseable {

    private final PollStream<T> stream;
    private final CountingWaker waker = new CountingWaker();
    private final Context context;
    private boolean closed;

    private MockStreamTask(PollStream<T> stream) {
        this.stream = Objects.requireNonNull(stream, "stream");
        this.context = Context.of(waker);
    }

    /**
     * A task that owns {@code stream}.
     *
     * @param <T> the item type
     * @param stream the stream under test; the task closes it on {@link #close()}
     * @return a task that has not polled yet
     */
    public static <T> MockStreamTask<T> spawn(PollStream<T> stream) {
        return new MockStreamTask<>(stream);
    }

    /**
     * Polls for the next item once.
     *
     * @return what {@code pollNext} returned
     */
    public Poll<T> pollNext() {
        if (closed) {
            throw new IllegalStateException("pollNext() after close()");
        }
        waker.markPolled();
        return stream.pollNext(context);
    }

    /**
     * Polls until the stream returns something other than an item, collecting the items. Fails
     * if the stream returns {@code pending} (a test that needs waiting must drive that itself).
     *
     * @return the items; the terminal poll is checked with {@link PollAssertions#assertDone}
     */
    public List<T> drainToDone() {
        List<T> items = new ArrayList<>();
        for (Poll<T> poll = pollNext(); ; poll = pollNext()) {
            if (poll.isReady()) {
                items.add(poll.value());
            } else {
                PollAssertions.assertDone(poll);
                return items;
            }
        }
    }

    /**
     * True if the waker was called since the last {@link #pollNext()}.
     *
     * @return true if woken since the last poll
     */
    public boolean isWoken() {
        return waker.isWoken();
    }

    /**
     * How many times the waker was called in all.
     *
     * @return the number of wakes so far
     */
    public long wakeCount() {
        return waker.count();
    }

    /**
     * The waker this task polls with.
     *
     * @return this task's counting waker
     */
    public CountingWaker waker() {
        return waker;
    }

    /** Closes the stream (once; later calls do nothing). */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            stream.close();
        }
    }
}
