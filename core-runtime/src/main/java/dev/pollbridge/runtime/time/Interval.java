package dev.pollbridge.runtime.time;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import java.time.Duration;

/**
 * Ticks on the grid {@code start + k * period} of a runtime's {@link Clock} (Tokio's
 * {@code time::Interval}), made by {@code PollRuntime.interval}. As a {@link PollStream} it yields the
 * tick numbers {@code 0, 1, 2, ...}; {@link #tick()} and {@link #pollTick} give each tick's
 * <em>scheduled instant</em> instead, the clock nanoseconds it was due at (Tokio's {@code tick()}
 * returning an {@code Instant}), which is not the time it was taken when the consumer is late.
 * The first tick is due at once; missed ticks follow the interval's {@link MissedTickBehavior}.
 *
 * <pre>{@code
 * Interval heartbeat = runtime.interval(Duration.ofSeconds(1));
 * long due = Async.await(heartbeat.tick());     // the instant this tick was scheduled for
 * heartbeat.reset();                            // activity: the next tick one period from now
 * }</pre>
 *
 * <h2>Resetting</h2>
 * {@link #reset()}, {@link #resetImmediately()}, {@link #resetAfter(Duration)} and
 * {@link #resetAt(long)} move the next tick; the ticks after it follow on the grid from there. A
 * task waiting on the interval keeps waiting, and is woken at the new instant (at once if it has
 * passed) without polling it in between, as with {@link Sleep#reset}.
 *
 * <h2>Cancel safety and close</h2>
 * Cancel-safe: a tick is consumed only by the poll that returns it, so dropping a pending
 * {@link #tick()} future, or closing the interval between ticks, loses no tick. Closing removes
 * its timer in O(1); afterwards polling or resetting it throws {@link IllegalStateException}. The
 * interval never ends on its own; it fails with the driver's
 * {@link java.util.concurrent.CancellationException} if its runtime closes.
 *
 * <h2>Threads</h2>
 * Polled, reset and closed by its owner, one call at a time.
 */
public interface Interval extends PollStream<Long> {

    /**
     * Polls for the next tick: {@code ready} with the instant it was scheduled for (the clock's
     * nanoseconds), or {@code pending} with the waker registered. The tick counts as taken, for
     * {@link #pollNext} too: both draw from the same ticks.
     *
     * @param cx the poller's context
     * @return the scheduled instant of the tick, or pending
     * @throws IllegalStateException if the interval was closed or failed
     */
    Poll<Long> pollTick(Context cx);

    /**
     * A future of the next tick's scheduled instant (the clock's nanoseconds): a view of
     * {@link #pollTick} that borrows this interval. Closing it does not close the interval and
     * takes no tick (cancel-safe). Ready is final for it, as for any future: ask for a new one per
     * tick.
     *
     * @return a future of the next tick's scheduled instant
     */
    PollFuture<Long> tick();

    /**
     * The time between two ticks.
     *
     * @return the period
     */
    Duration period();

    /**
     * What the interval does with ticks its consumer was too late for.
     *
     * @return the missed-tick behavior
     */
    MissedTickBehavior missedTickBehavior();

    /**
     * Moves the next tick to one period from now (Tokio's {@code reset}).
     *
     * @throws IllegalStateException if the interval was closed
     */
    void reset();

    /**
     * Makes the next tick due now (Tokio's {@code reset_immediately}); the one after it comes a
     * period later.
     *
     * @throws IllegalStateException if the interval was closed
     */
    void resetImmediately();

    /**
     * Moves the next tick to {@code delay} from now (Tokio's {@code reset_after}); zero or
     * negative is now.
     *
     * @param delay how long from now the next tick is due
     * @throws IllegalStateException if the interval was closed
     */
    void resetAfter(Duration delay);

    /**
     * Moves the next tick to {@code deadlineNanos}, a value of the clock's
     * {@link Clock#nanoTime()} (Tokio's {@code reset_at}); a past instant is due at once.
     *
     * @param deadlineNanos the instant the next tick is due
     * @throws IllegalStateException if the interval was closed
     */
    void resetAt(long deadlineNanos);
}
