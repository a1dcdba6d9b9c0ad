package dev.pollbridge.runtime.internal.bridge;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * The first item of a stream as a future; the stream is closed (its subscription cancelled) as
 * soon as the first item arrives. An empty stream gives {@code null} or fails with
 * {@link NoSuchElementException}, as chosen.
 *
 * <p>Cancellation: closing this future closes the stream. Owner-thread only, like every future.
 *
 * @param <T> the item type
 */
public final class FirstFromStream<T> implements PollFuture<T> {

    private final PollStream<? extends T> stream;
    private final boolean emptyIsError;
    private boolean finished;
    private boolean closed;

    /**
     * @param emptyIsError true: an empty stream fails with {@link NoSuchElementException};
     *     false: it completes with {@code null}
     */
    public FirstFromStream(PollStream<? extends T> stream, boolean emptyIsError) {
        this.stream = Objects.requireNonNull(stream, "stream");
        this.emptyIsError = emptyIsError;
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (finished) {
            throw new IllegalStateException("poll() after the future completed");
        }
        if (closed) {
            throw new IllegalStateException("poll() after close()");
        }
        Poll<? extends T> next = stream.pollNext(cx);
        if (next.isPending()) {
            return Poll.pending();
        }
        finished = true;
        close(); // the first signal is all we need: cancel upstream now
        if (next.isReady()) {
            return Poll.ready(next.value());
        }
        if (next.isDone()) {
            return emptyIsError
                    ? Poll.failed(new NoSuchElementException("the publisher completed without an item"))
                    : Poll.ready(null);
        }
        return Poll.failed(next.error());
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            stream.close();
        }
    }
}
