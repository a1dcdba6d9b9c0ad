package dev.pollbridge.runtime.internal.time;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import dev.pollbridge.runtime.time.Interval;
import dev.pollbridge.runtime.time.MissedTickBehavior;
import java.time.Duration;
import java.util.Objects;

/**
 * The runtime's {@link Interval}: ticks on the grid {@code start + k * period}, where
 * {@code start} is the time the interval was built (or the instant of its last reset). The first
 * tick is due at {@code start}, so the first poll returns it at once.
 *
 * <p><b>Missed ticks</b> follow a {@link MissedTickBehavior} (Tokio's semantics). When a tick due
 * at {@code due} is taken at {@code now}, the next one is due at:
 * <ul>
 *   <li>{@code BURST}: {@code due + period}, even if that is already past (missed ticks come at
 *       once, one per poll, until the stream is back on the grid);
 *   <li>{@code DELAY}: {@code now + period} if the tick was taken more than
 *       {@value #DELAY_TOLERANCE_NANOS} ns late (a timer that fires a little late does not move
 *       the grid), else {@code due + period};
 *   <li>{@code SKIP}: the first grid point after {@code now}.
 * </ul>
 * Tick numbers count delivered ticks, so they stay consecutive whatever was missed.
 *
 * <p>A tick spends one unit of the polling task's budget (rule 16), so a bursting interval cannot
 * keep its task polling for ever.
 *
 * <p>Cancel-safe: a tick is taken only by the poll that returns it. Closing unlinks the timer in
 * O(1). Never ends on its own; fails with the driver's
 * {@link java.util.concurrent.CancellationException} if the driver closes.
 */
final class TimerInterval extends SingleUse implements Interval {

    /** How late a tick may be taken before {@code DELAY} restarts the grid (Tokio's 5 ms). */
    static final long DELAY_TOLERANCE_NANOS = 5_000_000L;

    private final TimeDriver driver;
    private final long periodNanos;
    private final MissedTickBehavior missed;
    private final TimerEntry entry;
    /** Owner-thread only: the instant the next tick is due, and ticks delivered. */
    private long deadlineNanos;
    private long ticks;
    private boolean failed;
    private boolean closed;

    TimerInterval(TimeDriver driver, long startNanos, long periodNanos, MissedTickBehavior missed) {
        this.driver = driver;
        this.periodNanos = periodNanos;
        this.missed = missed;
        this.deadlineNanos = startNanos;
        this.entry = driver.newEntry(startNanos);
    }

    @Override
    public Poll<Long> pollNext(Context cx) {
        Poll<Long> tick = pollTick(cx);
        return tick.isReady() ? Poll.ready(ticks - 1) : tick;
    }

    @Override
    public Poll<Long> pollTick(Context cx) {
        if (closed) {
            throw SingleUse.polledAfter("an interval", "close()");
        }
        if (failed) {
            throw SingleUse.polledAfter("an interval", "it failed");
        }
        if (!CoopBudget.pollProceed(cx)) {
            return Poll.pending();
        }
        Poll<Void> due = driver.poll(entry, cx);
        if (due.isPending()) {
            return Poll.pending();
        }
        if (due.isFailed()) {
            failed = true;
            return due.cast();
        }
        CoopBudget.consumeOne();
        long scheduled = deadlineNanos;
        deadlineNanos = nextDeadline(scheduled, driver.nowNanos());
        driver.reset(entry, deadlineNanos);
        ticks++;
        return Poll.ready(scheduled);
    }

    @Override
    public PollFuture<Long> tick() {
        return new TickFuture();
    }

    /** When the tick after one due at {@code due} and taken at {@code now} is due. */
    private long nextDeadline(long due, long now) {
        long next = TimeDriver.saturatedAdd(due, periodNanos);
        switch (missed) {
            case BURST:
                return next;
            case DELAY:
                return now - due > DELAY_TOLERANCE_NANOS ? TimeDriver.saturatedAdd(now, periodNanos) : next;
            case SKIP:
                return next > now ? next : firstGridPointAfter(due, now);
            default:
                throw new AssertionError(missed);
        }
    }

    /** The first point of the grid through {@code due} that is after {@code now} ({@code now >= due}). */
    private long firstGridPointAfter(long due, long now) {
        long periodsBehind = (now - due) / periodNanos;
        try {
            return Math.addExact(due, Math.multiplyExact(periodsBehind + 1, periodNanos));
        } catch (ArithmeticException beyondTime) {
            return Long.MAX_VALUE;
        }
    }

    @Override
    public Duration period() {
        return Duration.ofNanos(periodNanos);
    }

    @Override
    public MissedTickBehavior missedTickBehavior() {
        return missed;
    }

    @Override
    public void reset() {
        resetAt(TimeDriver.saturatedAdd(driver.nowNanos(), periodNanos));
    }

    @Override
    public void resetImmediately() {
        resetAt(driver.nowNanos());
    }

    @Override
    public void resetAfter(Duration delay) {
        resetAt(driver.deadlineAfter(Objects.requireNonNull(delay, "delay")));
    }

    @Override
    public void resetAt(long deadlineNanos) {
        checkOpen("reset");
        this.deadlineNanos = deadlineNanos;
        driver.rearm(entry, deadlineNanos); // a registered waker stays registered
    }

    private void checkOpen(String what) {
        if (closed) {
            throw new IllegalStateException("interval " + what + " after close()");
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            driver.cancel(entry);
        }
    }

    @Override
    public String toString() {
        return "Interval[period=" + period() + ", " + missed + ", next due " + deadlineNanos + "]";
    }

    /** {@link #tick()}: one tick's scheduled instant; borrows the interval, owns nothing. */
    private final class TickFuture implements PollFuture<Long> {
        private boolean done;

        @Override
        public Poll<Long> poll(Context cx) {
            if (done) {
                throw new IllegalStateException("tick() future polled after it completed (ask for a new one)");
            }
            Poll<Long> tick = pollTick(cx);
            done = !tick.isPending();
            return tick;
        }
    }
}
