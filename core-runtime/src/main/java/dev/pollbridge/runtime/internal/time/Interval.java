package dev.pollbridge.runtime.internal.time;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;

/**
 * Ticks {@code 0, 1, 2, ...} on the grid {@code start + k * period}, where {@code start} is the
 * time the interval was built. The first tick is due at {@code start}, so the first poll returns
 * it at once.
 *
 * <p><b>Missed ticks: skip</b> (Tokio's {@code MissedTickBehavior::Skip}). When the consumer
 * polls late, one tick is delivered at once for the late period, and the next one is due at the
 * next grid point after the current time; the periods missed in between are dropped, not
 * replayed. We chose Skip because a consumer that fell behind (a GC pause, a slow poll, a
 * suspended laptop) should neither be flooded with a burst of stale ticks ({@code Burst}) nor
 * drift off its schedule for ever ({@code Delay}): ticks stay aligned to the original grid.
 * Tick numbers count delivered ticks, so they stay consecutive when periods are skipped.
 *
 * <p>Cancel-safe: dropping the stream between ticks loses nothing (the next tick was not yet
 * taken). Closing unlinks the timer in O(1). Never ends on its own; fails with the driver's
 * {@link java.util.concurrent.CancellationException} if the driver closes.
 */
final class Interval implements PollStream<Long> {

    private final TimeDriver driver;
    private final long periodNanos;
    private final TimerEntry entry;
    /** Owner-thread only: the deadline of the next tick (a grid point), and ticks delivered. */
    private long deadlineNanos;
    private long ticks;
    private boolean failed;
    private boolean closed;

    Interval(TimeDriver driver, long startNanos, long periodNanos) {
        this.driver = driver;
        this.periodNanos = periodNanos;
        this.deadlineNanos = startNanos;
        this.entry = driver.newEntry(startNanos);
    }

    @Override
    public Poll<Long> pollNext(Context cx) {
        if (closed) {
            throw new IllegalStateException("interval polled after close()");
        }
        if (failed) {
            throw new IllegalStateException("interval polled after it failed");
        }
        Poll<Void> due = driver.poll(entry, cx);
        if (due.isPending()) {
            return Poll.pending();
        }
        if (due.isFailed()) {
            failed = true;
            return due.cast();
        }
        deadlineNanos = nextDeadline(deadlineNanos, driver.nowNanos());
        driver.reset(entry, deadlineNanos);
        return Poll.ready(ticks++);
    }

    /** The grid point after {@code due}, or, if that is already past, the first one after now. */
    private long nextDeadline(long due, long now) {
        long next = TimeDriver.saturatedAdd(due, periodNanos);
        if (next > now) {
            return next;
        }
        long periodsBehind = (now - due) / periodNanos; // >= 1 here
        try {
            return Math.addExact(due, Math.multiplyExact(periodsBehind + 1, periodNanos));
        } catch (ArithmeticException beyondTime) {
            return Long.MAX_VALUE;
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            driver.cancel(entry);
        }
    }
}
