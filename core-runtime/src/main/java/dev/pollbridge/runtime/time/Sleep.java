package dev.pollbridge.runtime.time;

import dev.pollbridge.api.PollFuture;

/**
 * A future that completes ({@code null}) once its runtime's {@link Clock} reaches a deadline, and
 * whose deadline can be moved (Tokio's {@code Sleep}). Made by {@code PollRuntime.sleep(Duration)}
 * and {@code PollRuntime.sleepUntil(long)}.
 *
 * <h2>Deadlines are clock nanoseconds</h2>
 * A deadline is a value of the runtime's {@link Clock#nanoTime()}: monotonic nanoseconds with an
 * arbitrary origin, like {@link System#nanoTime()}, not a wall-clock {@link java.time.Instant}
 * (which can be set back and forward, and which a
 * {@link dev.pollbridge.runtime.VirtualClock} does not have). On a {@code VirtualClock} it is a
 * virtual instant: the clock starts at its origin (0 by default) and moves only with
 * {@link dev.pollbridge.runtime.VirtualClock#advance}, so a deadline of
 * {@code clock.nanoTime() + Duration.ofSeconds(5).toNanos()} fires in the {@code advance} that crosses it. To compute a
 * deadline, read the same clock the runtime uses ({@code runtime.clock()}).
 *
 * <h2>Resetting</h2>
 * {@link #reset(long)} moves the deadline, earlier or later, before or after the sleep completed.
 * A sleep that completed becomes pending again and may be polled again (the one exception to
 * "ready is final", as in Tokio: a reset re-arms the future). A task waiting on the sleep is
 * woken at the new deadline without polling it in between. Resetting is how a loop keeps one
 * timer for a deadline that moves (an idle timeout pushed back on each message) instead of
 * closing and creating one per message.
 *
 * <p><b>Resolution.</b> 1 ms: the sleep never completes before its deadline, and (on a virtual
 * clock) completes at most 1 ms after it.
 *
 * <p><b>Cancel safety:</b> cancel-safe; closing the sleep removes its timer in O(1) and loses
 * nothing.
 *
 * <p><b>Threads.</b> Polled, reset and closed by its owner, one call at a time;
 * {@link #deadline()} and {@link #isElapsed()} may be read from any thread.
 */
public interface Sleep extends PollFuture<Void> {

    /**
     * The deadline, in nanoseconds of the runtime's {@link Clock#nanoTime()}.
     *
     * @return the deadline in the clock's nanoseconds
     */
    long deadline();

    /**
     * True once the runtime's clock has reached the deadline (whether or not the sleep was polled).
     *
     * @return true if the clock reads the deadline or later
     */
    boolean isElapsed();

    /**
     * Moves the deadline to {@code deadlineNanos} (the runtime clock's nanoseconds; a past deadline
     * is due at once). A completed sleep becomes pending again; a registered waker stays
     * registered and is woken at the new deadline.
     *
     * @param deadlineNanos the new deadline in the clock's nanoseconds
     * @throws IllegalStateException if the sleep was closed
     */
    void reset(long deadlineNanos);
}
