package dev.pollbridge.runtime.internal.stream;

import dev.pollbridge.runtime.internal.time.Nanos;
import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.scheduler.Engine;
import java.time.Duration;

/**
 * {@code RuntimeStreams.debounce} (kotlinx's {@code debounce}): an item is handed out only once
 * the timeout has passed without a newer one; a newer item replaces it (the replaced one is
 * dropped) and restarts the timeout. When upstream ends, the item held is handed out at once,
 * then done.
 *
 * <p>Each poll first checks the timer of the item held (an item due now wins over one that
 * arrives in the same poll), then takes upstream's ready items, at most
 * {@link #ITEMS_PER_POLL} before it yields. One timer, moved on each item.
 */
final class DebounceStream<T> extends TimedStream<T, T> {

    private final long timeoutNanos;
    /** The latest item, waiting for the quiet period; null if none. */
    private T latest;

    DebounceStream(PollStream<? extends T> upstream, Duration timeout, Engine engine) {
        super("debounce", upstream, engine);
        this.timeoutNanos = Nanos.saturated(timeout);
    }

    @Override
    Poll<T> step(Context cx) {
        for (int taken = 0; ; taken++) {
            if (latest != null) {
                Poll<Void> quiet = pollTimer(cx);
                if (quiet.isFailed()) {
                    return quiet.cast();
                }
                if (quiet.isReady()) {
                    return Poll.ready(takeLatest());
                }
            }
            if (upstreamEnded()) {
                return end(); // the item held at upstream's end went out in the previous poll
            }
            if (taken == ITEMS_PER_POLL) {
                cx.waker().wake(); // out of budget: the self-wake is the tail of this pending (rule 5)
                return Poll.pending();
            }
            Poll<? extends T> poll = pollUpstream(cx);
            if (poll.isPending() || poll.isFailed()) {
                return poll.cast();
            }
            if (poll.isDone()) {
                return latest != null ? Poll.ready(takeLatest()) : end();
            }
            Dropped.item(latest, null, engine, name); // superseded
            latest = poll.value();
            armTimer(Nanos.plus(now(), timeoutNanos));
        }
    }

    private T takeLatest() {
        T item = latest;
        latest = null;
        return item;
    }

    @Override
    void dropHeld(Throwable failure) {
        T held = latest;
        latest = null;
        Dropped.item(held, failure, engine, name);
    }
}
