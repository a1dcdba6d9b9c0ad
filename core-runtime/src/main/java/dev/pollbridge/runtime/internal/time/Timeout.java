package dev.pollbridge.runtime.internal.time;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import java.util.concurrent.TimeoutException;

/**
 * A select between a future and a timer (rule 14). Each poll polls the inner future first and
 * then the timer, so an inner result that is ready in the same poll as the deadline wins.
 *
 * <ul>
 *   <li>Inner finishes first: its result is returned and the timer is unlinked at once.
 *   <li>Deadline first: the inner future is closed and the result fails with
 *       {@link TimeoutException}.
 *   <li>The timer driver closes first: the inner future is closed and the result fails with the
 *       driver's {@link java.util.concurrent.CancellationException}.
 * </ul>
 * This future owns the inner future and closes it exactly once: on expiry, or in
 * {@link #close()}.
 *
 * <p><b>Poll budget</b> (rule 16; Tokio's {@code Timeout}). The inner future spends its own
 * budget. The timer spends one unit when it fires, like a sleep; but if it was the inner future
 * that spent the last of the budget in this poll, the timer is polled with the budget lifted, so
 * an inner future that is always ready can still time out.
 */
final class Timeout<T> extends SingleUse implements PollFuture<T> {

    private final TimeDriver driver;
    private final PollFuture<T> inner;
    private final TimerEntry timer;
    /** The failure message: how the limit was given. */
    private final String limit;
    /** Owner-thread only. */
    private boolean finished;
    private boolean closed;
    private boolean innerClosed;

    Timeout(TimeDriver driver, PollFuture<T> inner, long deadlineNanos, String limit) {
        this.driver = driver;
        this.inner = SingleUse.claim(inner, "timeout");
        this.timer = driver.newEntry(deadlineNanos);
        this.limit = limit;
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (closed) {
            throw SingleUse.polledAfter("a timeout", "close()");
        }
        if (finished) {
            throw SingleUse.polledAfter("a timeout", "it completed");
        }
        boolean hadBudget = CoopBudget.hasRemaining();
        Poll<T> result = inner.poll(cx);
        if (!result.isPending()) {
            finished = true;
            driver.cancel(timer);
            return result;
        }
        Poll<Void> deadline;
        if (hadBudget && !CoopBudget.hasRemaining()) {
            int previous = CoopBudget.set(CoopBudget.unlimited()); // the inner future spent it
            try {
                deadline = driver.poll(timer, cx);
            } finally {
                CoopBudget.set(previous);
            }
        } else {
            if (!CoopBudget.pollProceed(cx)) {
                return Poll.pending();
            }
            deadline = driver.poll(timer, cx);
            if (!deadline.isPending()) {
                CoopBudget.consumeOne();
            }
        }
        if (deadline.isPending()) {
            return Poll.pending();
        }
        finished = true;
        closeInner();
        if (deadline.isFailed()) {
            return deadline.cast();
        }
        return Poll.failed(new TimeoutException(limit));
    }

    private void closeInner() {
        if (!innerClosed) {
            innerClosed = true;
            inner.close();
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            driver.cancel(timer);
            closeInner();
        }
    }
}
