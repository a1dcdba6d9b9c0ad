package dev.pollbridge.runtime.internal.time;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;

/**
 * A future that completes with {@code null} at a deadline. The deadline is fixed when the future
 * is built; the entry is linked into the wheel on the first pending poll. Closing unlinks it in
 * O(1). Cancel-safe: dropping a sleep loses nothing.
 */
final class Sleep implements PollFuture<Void> {

    private final TimeDriver driver;
    private final TimerEntry entry;
    /** Owner-thread only: ready/failed was returned, or the future was closed. */
    private boolean finished;
    private boolean closed;

    Sleep(TimeDriver driver, long deadlineNanos) {
        this.driver = driver;
        this.entry = driver.newEntry(deadlineNanos);
    }

    @Override
    public Poll<Void> poll(Context cx) {
        if (closed) {
            throw new IllegalStateException("sleep polled after close()");
        }
        if (finished) {
            throw new IllegalStateException("sleep polled after it completed");
        }
        Poll<Void> result = driver.poll(entry, cx);
        finished = !result.isPending();
        return result;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            driver.cancel(entry);
        }
    }
}
