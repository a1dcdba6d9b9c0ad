package dev.pollbridge.runtime;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Wraps a future and counts its pending polls, so a test can tell when an {@code Async} body's
 * await has really reached its source (whoever polls it: the body's owner or, before issue 13,
 * the body thread).
 */
final class Watched<T> implements PollFuture<T> {

    private final PollFuture<T> inner;
    private final AtomicInteger pendingPolls = new AtomicInteger();
    private final AtomicInteger closes = new AtomicInteger();

    Watched(PollFuture<T> inner) {
        this.inner = inner;
    }

    @Override
    public Poll<T> poll(Context cx) {
        Poll<T> poll = inner.poll(cx);
        if (poll.isPending()) {
            pendingPolls.incrementAndGet();
        }
        return poll;
    }

    @Override
    public void close() {
        closes.incrementAndGet();
        inner.close();
    }

    /** Polls that returned pending: at least one means the source holds the poller's waker. */
    int pendingPolls() {
        return pendingPolls.get();
    }

    int closes() {
        return closes.get();
    }
}
