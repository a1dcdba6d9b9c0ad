package dev.pollbridge.runtime.internal.stream;

import dev.pollbridge.runtime.internal.time.Nanos;
import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.scheduler.Engine;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * {@code RuntimeStreams.timeout}: each item must arrive within the limit of the one before it (the
 * first within the limit of the build, as Tokio's {@code StreamExt::timeout} counts it); otherwise
 * the stream fails with {@link TimeoutException} and closes upstream. Each poll polls upstream
 * first, so an item ready at the deadline wins. One timer, moved on each item.
 */
final class ItemTimeoutStream<T> extends TimedStream<T, T> {

    private final Duration limit;
    private final long limitNanos;

    ItemTimeoutStream(PollStream<? extends T> upstream, Duration limit, Engine engine) {
        super("timeout", upstream, engine);
        this.limit = limit;
        this.limitNanos = Nanos.saturated(limit);
        armTimer(Nanos.plus(now(), limitNanos));
    }

    @Override
    Poll<T> step(Context cx) {
        Poll<? extends T> poll = pollUpstream(cx);
        if (poll.isReady()) {
            armTimer(Nanos.plus(now(), limitNanos));
            return Poll.ready(poll.value());
        }
        if (poll.isDone()) {
            return end();
        }
        if (poll.isFailed()) {
            return poll.cast();
        }
        Poll<Void> deadline = pollTimer(cx);
        if (deadline.isPending() || deadline.isFailed()) {
            return deadline.cast();
        }
        return fail(new TimeoutException("timeout: no item within " + limit));
    }

    @Override
    void dropHeld(Throwable failure) {
        // holds nothing between polls
    }
}
