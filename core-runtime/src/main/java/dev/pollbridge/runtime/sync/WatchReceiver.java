package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.internal.scheduler.RuntimeFailures;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * A receiving handle of a watch channel, from {@link WatchSender#subscribe()} (Tokio's
 * {@code watch::Receiver}). It reads the latest value at any time ({@link #borrow()}) and
 * remembers which version it has seen, so {@link #changed()} waits only for a value it has not
 * seen. Several sends between two looks count as one change.
 *
 * <p><b>One owner.</b> A receiver and the futures it makes are used by one task at a time (Tokio's
 * {@code &mut self}); give each task its own receiver ({@link #duplicate()} or
 * {@link WatchSender#subscribe()}). Handing a receiver over to another task is fine.
 *
 * <p><b>Closing.</b> {@link #close()} closes this handle; when every receiver is closed the
 * senders see it ({@link WatchSender#closed()}). Futures it made fail with
 * {@link ChannelClosedException} at their next poll. When every sender is closed, {@link #changed()}
 * completes once more for a value not yet seen, then fails with {@code ChannelClosedException};
 * {@link #borrow()} keeps returning the last value.
 *
 * @param <T> the value type
 */
public final class WatchReceiver<T> implements AutoCloseable {

    /** The version marked by {@link #markChanged()}: differs from every real one (they start at 0). */
    private static final long MARKED_CHANGED = -1;

    private final WatchState<T> state;
    /** The version this receiver has seen. Owner only (one task at a time, see the class comment). */
    long seen;
    private final AtomicBoolean closed = new AtomicBoolean();

    WatchReceiver(WatchState<T> state, long seen) {
        this.state = state;
        this.seen = seen;
    }

    /**
     * The current value, without marking it seen (Tokio's {@code borrow}).
     *
     * @return the latest value
     */
    public T borrow() {
        return state.current().value;
    }

    /**
     * The current value, marking it seen (Tokio's {@code borrow_and_update}): {@link #changed()}
     * then waits for the next send.
     *
     * @return the latest value
     */
    public T borrowAndUpdate() {
        WatchState.Snapshot<T> now = state.current();
        seen = now.version;
        return now.value;
    }

    /**
     * True if a value this receiver has not seen was sent (Tokio's {@code has_changed}).
     *
     * @return true if there is an unseen value
     * @throws ChannelClosedException if every sender is closed, seen or not (as Tokio's)
     */
    public boolean hasChanged() {
        if (state.isClosed()) {
            throw new ChannelClosedException("every WatchSender is closed");
        }
        return state.current().version != seen;
    }

    /** Marks the current value unseen: {@link #changed()} completes at once (Tokio's {@code mark_changed}). */
    public void markChanged() {
        seen = MARKED_CHANGED;
    }

    /** Marks the current value seen, without reading it (Tokio's {@code mark_unchanged}). */
    public void markUnchanged() {
        seen = state.current().version;
    }

    /**
     * A future that completes ({@code null}) when there is a value this receiver has not seen, and
     * marks it seen (Tokio's {@code changed}): at once if one is there, else at the next send.
     * Fails with {@link ChannelClosedException} once every sender is closed and the last value
     * was seen. Read the value with {@link #borrow()} or {@link #borrowAndUpdate()}.
     *
     * <p><b>Cancel safety:</b> cancel-safe. A value is marked seen only by the poll that completes
     * the future, so closing it before that loses no change.
     *
     * @return a lazy future of the next change
     */
    @SuppressWarnings("unchecked")
    public PollFuture<Void> changed() {
        return (PollFuture<Void>) (PollFuture<?>) new WatchChange<>(this, state, null);
    }

    /**
     * A future of the first value {@code condition} accepts (Tokio's {@code wait_for}): it tests
     * the current value first, even if it was seen, then each new value it sees; the value it
     * returns is marked seen. If every sender is closed it fails with
     * {@link ChannelClosedException}, but only after testing the last value. {@code condition}
     * runs inside the future's poll, on the polling thread; if it throws, the future fails with
     * what it threw.
     *
     * <p><b>Cancel safety:</b> cancel-safe, as {@link #changed()}; the values tested before the
     * close stay seen.
     *
     * @param condition the test a value must pass
     * @return a lazy future of the first accepted value
     * @throws NullPointerException if {@code condition} is null
     */
    public PollFuture<T> waitFor(Predicate<? super T> condition) {
        return new WatchChange<>(this, state, Objects.requireNonNull(condition, "condition"));
    }

    /**
     * Another receiver of the same channel that has seen what this one has (Tokio's
     * {@code Receiver::clone}).
     *
     * @return a new receiving handle; close it when done
     * @throws IllegalStateException if this handle is closed
     */
    public WatchReceiver<T> duplicate() {
        if (isClosed()) {
            throw new IllegalStateException("this WatchReceiver is closed");
        }
        state.receivers.opened();
        return new WatchReceiver<>(state, seen);
    }

    /**
     * True if {@code other} receives from the same channel (Tokio's {@code same_channel}).
     *
     * @param other another receiver
     * @return true if both are handles of one channel
     */
    public boolean sameChannel(WatchReceiver<?> other) {
        return state == other.state;
    }

    /**
     * Closes this handle; when every receiver is closed, the senders' {@code closed()} completes
     * and {@code send} refuses. Idempotent, never blocks, never throws.
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            List<Waker> toWake = state.receivers.closedOne();
            try {
                Wakers.wakeAll(toWake);
            } catch (Throwable broken) {
                RuntimeFailures.CURRENT_THREAD.report("a waker woken when the last WatchReceiver closed", broken);
            }
        }
    }

    boolean isClosed() {
        return closed.get();
    }

    @Override
    public String toString() {
        return "WatchReceiver[seen " + seen + " of " + state.current().version + "]";
    }
}
