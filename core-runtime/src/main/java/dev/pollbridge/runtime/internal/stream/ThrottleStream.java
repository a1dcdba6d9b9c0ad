package dev.pollbridge.runtime.internal.stream;

import dev.pollbridge.runtime.internal.time.Nanos;
import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.scheduler.Engine;
import java.time.Duration;

/**
 * {@code RuntimeStreams.throttle} (Tokio's {@code StreamExt::throttle}): at most one item per
 * period. The first item passes at once; after each item, upstream is not polled again until the
 * period has passed, so items are delayed (backpressure), never dropped. One timer, moved on each
 * item.
 */
final class ThrottleStream<T> extends TimedStream<T, T> {

    private final long periodNanos;
    /** True from an item until the period after it has passed. */
    private boolean waiting;

    ThrottleStream(PollStream<? extends T> upstream, Duration period, Engine engine) {
        super("throttle", upstream, engine);
        this.periodNanos = Nanos.saturated(period);
    }

    @Override
    Poll<T> step(Context cx) {
        if (waiting) {
            Poll<Void> delay = pollTimer(cx);
            if (!delay.isReady()) {
                return delay.cast();
            }
            waiting = false;
        }
        Poll<? extends T> poll = pollUpstream(cx);
        if (poll.isReady()) {
            armTimer(Nanos.plus(now(), periodNanos));
            waiting = true;
            return Poll.ready(poll.value());
        }
        return poll.isDone() ? end() : poll.cast();
    }

    @Override
    void dropHeld(Throwable failure) {
        // holds nothing between polls
    }
}
