package dev.pollbridge.runtime.bridge.adapters;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * The runtime task behind a {@link SchedulerCore} schedule call, or the timer of a
 * {@link SerialWorker}'s delayed or periodic task: an optional initial delay
 * ({@code PollRuntime.sleep}), then an action fired once, periodically on the grid of a
 * {@code PollRuntime.interval}, or continuously (a period of zero: fire, yield, fire again). Both
 * timers sit on the runtime's timing wheel, so a runtime built on a {@code VirtualClock} fires
 * them when the clock is advanced.
 *
 * <p>The delay timer is created when the task is built, so a delay counts from the schedule
 * call, not from the first poll. Periods follow the interval's rules: ticks are aligned to the
 * grid started when the initial delay ended; a run that takes longer than a period makes the
 * missed ticks be skipped, not replayed; the resolution is 1 ms (shorter periods are rounded up
 * to it). The action fires at most once per poll, then the task wakes itself and returns
 * {@code pending}, so a periodic task never monopolises a worker (rule 16). The action returns
 * {@code false} to stop (a periodic runnable that threw, a disposed worker task).
 *
 * <h2>Cancellation</h2>
 * Closing the task (the runtime does it when a {@link TaskLink} cancel aborts it) closes the pending
 * timer and interval, so the action never fires again; an action already running finishes first
 * (the abort takes effect after the current poll). {@code onEnd} runs exactly once, when the task
 * ends or is closed, whichever comes first. Cancel-safe: nothing is lost but the runs that have
 * not happened.
 *
 * <p>Polled and closed by the runtime, one thread at a time; fields are task-thread only.
 */
final class TimedTask implements PollFuture<Void> {

    /** The interval resolution of the runtime's timer. */
    private static final Duration RESOLUTION = Duration.ofMillis(1);

    private final PollRuntime runtime;
    /** null: fire once; zero: fire continuously; positive: the period. */
    private final Duration period;
    private final BooleanSupplier action;
    private final Runnable onEnd;
    private PollFuture<Void> delay;
    private PollStream<Long> ticks;
    private boolean ended;

    /**
     * @param delayNanos the initial delay; zero or less fires on the first poll
     * @param periodNanos negative for a one-shot task, zero to fire continuously, positive for a period
     */
    TimedTask(PollRuntime runtime, long delayNanos, long periodNanos, BooleanSupplier action, Runnable onEnd) {
        this.runtime = runtime;
        this.action = action;
        this.onEnd = onEnd;
        if (periodNanos < 0) {
            this.period = null;
        } else if (periodNanos == 0) {
            this.period = Duration.ZERO;
        } else {
            Duration requested = Duration.ofNanos(periodNanos);
            this.period = requested.compareTo(RESOLUTION) < 0 ? RESOLUTION : requested;
        }
        this.delay = delayNanos > 0 ? runtime.sleep(Duration.ofNanos(delayNanos)) : null;
    }

    @Override
    public Poll<Void> poll(Context cx) {
        if (ended) {
            throw new IllegalStateException("a scheduled task was polled after it ended");
        }
        if (delay != null) {
            Poll<Void> elapsed = delay.poll(cx);
            if (elapsed.isPending()) {
                return Poll.pending();
            }
            delay.close();
            delay = null;
            if (elapsed.isFailed()) {
                return end(); // the runtime's timer shut down: the run will never be due
            }
        }
        if (period == null) {
            action.getAsBoolean();
            return end();
        }
        if (!period.isZero()) {
            if (ticks == null) {
                ticks = runtime.interval(period);
            }
            Poll<Long> tick = ticks.pollNext(cx);
            if (tick.isPending()) {
                return Poll.pending();
            }
            if (!tick.isReady()) {
                return end();
            }
        }
        if (!action.getAsBoolean()) {
            return end();
        }
        cx.waker().wake(); // one run per poll; the next poll waits for the next tick
        return Poll.pending();
    }

    @Override
    public void close() {
        closeTimers();
        if (!ended) {
            ended = true;
            onEnd.run();
        }
    }

    private Poll<Void> end() {
        ended = true;
        closeTimers();
        onEnd.run();
        return Poll.ready(null);
    }

    private void closeTimers() {
        if (delay != null) {
            delay.close();
            delay = null;
        }
        if (ticks != null) {
            ticks.close();
            ticks = null;
        }
    }
}
