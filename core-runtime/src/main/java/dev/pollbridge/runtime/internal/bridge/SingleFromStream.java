package dev.pollbridge.runtime.internal.bridge;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * The one and only item of a stream as a future. It completes when the stream ends after
 * exactly one item; it fails with {@link NoSuchElementException} if the stream ends empty and
 * with {@link IllegalArgumentException} as soon as a second item arrives, closing the stream
 * (which cancels the subscription).
 *
 * <p>Cancellation: closing this future closes the stream. Owner-thread only. An item it drops
 * (the first one when a second arrives, or when it is closed before the end) is closed if it is
 * {@link AutoCloseable}.
 *
 * @param <T> the item type
 */
public final class SingleFromStream<T> implements PollFuture<T> {

    private final PollStream<? extends T> stream;
    private T first;
    private boolean hasFirst;
    private boolean finished;
    private boolean closed;

    public SingleFromStream(PollStream<? extends T> stream) {
        this.stream = Objects.requireNonNull(stream, "stream");
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (finished) {
            throw new IllegalStateException("poll() after the future completed");
        }
        if (closed) {
            throw new IllegalStateException("poll() after close()");
        }
        while (true) {
            Poll<? extends T> next = stream.pollNext(cx);
            if (next.isPending()) {
                return Poll.pending();
            }
            if (next.isReady() && !hasFirst) {
                first = next.value();
                hasFirst = true;
                continue; // wait for the end (or a second item)
            }
            finished = true;
            T value = first;
            first = null; // so close() does not drop it
            close();
            if (next.isReady()) {
                discard(value);
                discard(next.value());
                return Poll.failed(new IllegalArgumentException(
                        "single(): the publisher emitted more than one item"));
            }
            if (next.isFailed()) {
                discard(value);
                return Poll.failed(next.error());
            }
            if (!hasFirst) {
                return Poll.failed(new NoSuchElementException(
                        "single(): the publisher completed without an item"));
            }
            return Poll.ready(value);
        }
    }

    /** Closes the stream; an item received and not delivered is dropped (closed if AutoCloseable). */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            T dropped = first;
            first = null;
            stream.close();
            discard(dropped);
        }
    }

    private static void discard(Object item) {
        if (item != null) {
            UncaughtFailures.ofCurrentThread().discard(item);
        }
    }
}
