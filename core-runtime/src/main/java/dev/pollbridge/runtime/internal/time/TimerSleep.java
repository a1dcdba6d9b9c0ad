package dev.pollbridge.runtime.internal.time;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import dev.pollbridge.runtime.time.Sleep;

/**
 * The runtime's {@link Sleep}: a timer entry and the owner's view of it. The deadline is fixed when
 * the future is built; the entry is linked into the wheel on the first pending poll. Closing
 * unlinks it in O(1); {@link #reset} re-arms it (see {@link TimeDriver#rearm}).
 *
 * <p>A ready result spends one unit of the polling task's budget (rule 16); when it is spent, a
 * due sleep answers pending once (its own task is woken) and ready on the next turn.
 */
final class TimerSleep extends SingleUse implements Sleep {

    private final TimeDriver driver;
    private final TimerEntry entry;
    /** The deadline; written by the owner (reset), read by anyone. */
    private volatile long deadlineNanos;
    /** Owner-thread only: ready/failed was returned (and no reset since), or the future was closed. */
    private boolean finished;
    private boolean closed;

    TimerSleep(TimeDriver driver, long deadlineNanos) {
        this.driver = driver;
        this.deadlineNanos = deadlineNanos;
        this.entry = driver.newEntry(deadlineNanos);
    }

    @Override
    public Poll<Void> poll(Context cx) {
        if (closed) {
            throw SingleUse.polledAfter("a sleep", "close()");
        }
        if (finished) {
            throw SingleUse.polledAfter("a sleep", "it completed (reset it to poll it again)");
        }
        if (!CoopBudget.pollProceed(cx)) {
            return Poll.pending();
        }
        Poll<Void> result = driver.poll(entry, cx);
        if (!result.isPending()) {
            finished = true;
            CoopBudget.consumeOne();
        }
        return result;
    }

    @Override
    public long deadline() {
        return deadlineNanos;
    }

    @Override
    public boolean isElapsed() {
        return driver.nowNanos() >= deadlineNanos;
    }

    @Override
    public void reset(long deadlineNanos) {
        if (closed) {
            throw new IllegalStateException("sleep reset after close()");
        }
        this.deadlineNanos = deadlineNanos;
        finished = false;
        driver.rearm(entry, deadlineNanos);
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
        return "Sleep[deadline=" + deadlineNanos + (isElapsed() ? ", elapsed]" : "]");
    }
}
