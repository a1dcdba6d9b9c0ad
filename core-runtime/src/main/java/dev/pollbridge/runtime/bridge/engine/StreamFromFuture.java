package dev.pollbridge.runtime.bridge.engine;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import java.util.Objects;

/**
 * A future as a stream of at most one item: its value, then done; a {@code null} value is an
 * empty stream; a failure fails the stream. Lets the publisher side serve futures with the same
 * engine as streams: after the value, the next poll returns {@code done} without polling the
 * future again, so the publisher side's look-ahead completes right after the value.
 *
 * <p>Cancellation: closing the stream closes the future (exactly once). Owner-thread only.
 *
 * @param <T> the value type
 */
public final class StreamFromFuture<T> extends SingleUse implements PollStream<T> {

    private final PollFuture<? extends T> future;
    private boolean valueDelivered;
    private boolean finished;
    private boolean closed;

    public StreamFromFuture(PollFuture<? extends T> future) {
        this.future = Objects.requireNonNull(future, "future");
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        if (finished) {
            throw SingleUse.polledAfter("a stream of one future", "it ended");
        }
        if (closed) {
            throw SingleUse.polledAfter("a stream of one future", "close()");
        }
        if (valueDelivered) {
            finished = true;
            return Poll.done();
        }
        Poll<? extends T> result = future.poll(cx);
        if (result.isPending()) {
            return Poll.pending();
        }
        if (result.isFailed()) {
            finished = true;
            return Poll.failed(result.error());
        }
        T value = result.value();
        if (value == null) {
            finished = true;
            return Poll.done();
        }
        valueDelivered = true;
        return Poll.ready(value);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            future.close();
        }
    }
}
