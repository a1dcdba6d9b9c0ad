package dev.pollbridge.runtime.internal.stream;

import dev.pollbridge.runtime.internal.time.Nanos;
import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.scheduler.Engine;
import java.time.Duration;

/**
 * {@code RuntimeStreams.sample} (kotlinx's {@code sample}): at each tick of a period, the latest
 * item that arrived since the previous tick, if any; items in between are dropped. The ticks are
 * on the grid {@code start + k * period}, {@code start} being the first poll; a tick the consumer
 * was too late for is skipped (the next is the next grid point). When upstream ends the item held
 * is dropped, not handed out, as in kotlinx.
 *
 * <p>Each poll first checks the tick (an item that arrives in the same poll belongs to the next
 * window, as with kotlinx's ticker), then takes upstream's ready items, at most
 * {@link #ITEMS_PER_POLL} before it yields. One timer, moved at each tick.
 */
final class SampleStream<T> extends TimedStream<T, T> {

    private final long periodNanos;
    /** The next tick, on the grid; set at the first poll. */
    private long nextTick;
    private boolean started;
    /** The latest item since the last tick; null if none. */
    private T latest;

    SampleStream(PollStream<? extends T> upstream, Duration period, Engine engine) {
        super("sample", upstream, engine);
        this.periodNanos = Nanos.saturated(period);
    }

    @Override
    Poll<T> step(Context cx) {
        if (!started) {
            started = true;
            nextTick = Nanos.plus(now(), periodNanos);
            armTimer(nextTick);
        }
        for (int taken = 0; ; taken++) {
            Poll<Void> tick = pollTimer(cx);
            if (tick.isFailed()) {
                return tick.cast();
            }
            if (tick.isReady()) {
                nextTick = nextGridPoint(now());
                armTimer(nextTick);
                if (latest != null) {
                    T item = latest;
                    latest = null;
                    return Poll.ready(item);
                }
                continue; // poll the timer again, to register for the next tick
            }
            if (taken >= ITEMS_PER_POLL) {
                cx.waker().wake(); // out of budget: the self-wake is the tail of this pending (rule 5)
                return Poll.pending();
            }
            Poll<? extends T> poll = pollUpstream(cx);
            if (poll.isPending() || poll.isFailed()) {
                return poll.cast();
            }
            if (poll.isDone()) {
                return end(); // drops the item held
            }
            Dropped.item(latest, null, engine, name); // superseded
            latest = poll.value();
        }
    }

    /** The first tick of the grid after {@code now} (ticks the consumer missed are skipped). */
    private long nextGridPoint(long now) {
        long next = Nanos.plus(nextTick, periodNanos);
        if (next > now) {
            return next;
        }
        long behind = (now - nextTick) / periodNanos + 1;
        return Nanos.plus(nextTick, Nanos.times(behind, periodNanos));
    }

    @Override
    void dropHeld(Throwable failure) {
        T held = latest;
        latest = null;
        Dropped.item(held, failure, engine, name);
    }
}
