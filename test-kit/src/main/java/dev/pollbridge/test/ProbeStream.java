package dev.pollbridge.test;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Dropped;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stream whose items and end the test controls, with counted polls and closes.
 *
 * <p>{@link #emit} queues items (the queue is the test's own, so it may grow as the test
 * decides), {@link #complete} and {@link #fail} queue the end; each wakes the last poller. A
 * poll returns the next queued signal or {@code pending}. Polling after the end or after close
 * throws {@link IllegalStateException}. Thread-safe; the waker is called outside the lock.
 *
 * <p>Items nobody reads are dropped ({@link Dropped}: closed if they are {@link AutoCloseable},
 * each exactly once): those still queued when the probe is closed (still counted by
 * {@link #queued()}), and those emitted after.
 *
 * @param <T> the item type
 */
public final class ProbeStream<T> extends SingleUse implements PollStream<T> {

    private final ArrayDeque<T> items = new ArrayDeque<>(); // guarded by this
    private Poll<T> end;                                    // guarded by this; done or failed
    private boolean endDelivered;                           // guarded by this
    private Waker waker;                                    // guarded by this
    private final AtomicInteger polls = new AtomicInteger();
    private final AtomicInteger closes = new AtomicInteger();
    private volatile boolean closedBeforeEnd;

    /** An empty, open probe. */
    public ProbeStream() {}

    /**
     * A probe holding {@code values} followed by {@code done}.
     *
     * @param <T> the item type
     * @param values the items, none null
     * @return a probe that yields the items and then ends
     */
    @SafeVarargs
    public static <T> ProbeStream<T> of(T... values) {
        ProbeStream<T> probe = new ProbeStream<>();
        for (T value : values) {
            probe.emit(value);
        }
        probe.complete();
        return probe;
    }

    /**
     * Queues an item and wakes the last poller.
     *
     * @param item the item; not {@code null}
     */
    public void emit(T item) {
        Objects.requireNonNull(item, "item");
        Waker toWake = null;
        boolean closed;
        synchronized (this) { // close() takes the lock too: the item is either queued first or dropped here
            closed = closes.get() > 0;
            if (!closed) {
                if (end != null) {
                    throw new IllegalStateException("emit after the end");
                }
                items.add(item);
                toWake = waker;
                waker = null;
            }
        }
        if (closed) {
            Dropped.close(item, "an item emitted into a closed ProbeStream", Dropped.LOG);
        } else if (toWake != null) {
            toWake.wake();
        }
    }

    /** Queues the normal end. */
    public void complete() {
        signal(() -> end = end == null ? Poll.done() : end);
    }

    /**
     * Queues a failure as the end.
     *
     * @param error the failure delivered after the queued items; not {@code null}
     */
    public void fail(Throwable error) {
        Objects.requireNonNull(error, "error");
        signal(() -> end = end == null ? Poll.failed(error) : end);
    }

    private void signal(Runnable change) {
        Waker toWake;
        synchronized (this) {
            change.run();
            toWake = waker;
            waker = null;
        }
        if (toWake != null) {
            toWake.wake();
        }
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        polls.incrementAndGet();
        if (closes.get() > 0) {
            throw SingleUse.polledAfter("a ProbeStream", "close()");
        }
        synchronized (this) {
            if (endDelivered) {
                throw SingleUse.polledAfter("a ProbeStream", "it returned " + end);
            }
            T item = items.poll();
            if (item != null) {
                return Poll.ready(item);
            }
            if (end != null) {
                endDelivered = true;
                return end;
            }
            waker = cx.waker();
            return Poll.pending();
        }
    }

    @Override
    public void close() {
        Object[] unread = null;
        synchronized (this) {
            if (closes.incrementAndGet() == 1) {
                closedBeforeEnd = !endDelivered;
                waker = null;
                unread = items.toArray(); // dropped, but still counted by queued(): never taken
            }
        }
        if (unread != null) {
            Dropped.closeAll(unread, "an item a ProbeStream held when it was closed", Dropped.LOG);
        }
    }

    /**
     * How many times {@link #pollNext} was called.
     *
     * @return the number of polls so far
     */
    public int polls() {
        return polls.get();
    }

    /**
     * How many times {@link #close()} was called (a correct owner makes it exactly 1).
     *
     * @return the number of closes so far
     */
    public int closes() {
        return closes.get();
    }

    /**
     * True once closed.
     *
     * @return true if closed at least once
     */
    public boolean isClosed() {
        return closes.get() > 0;
    }

    /**
     * True if the first close came before the end was delivered: the stream was cancelled.
     *
     * @return true if closed before the end was delivered
     */
    public boolean isCancelled() {
        return closedBeforeEnd;
    }

    /**
     * Items queued and not yet polled (after close, those it held then, which it dropped).
     *
     * @return the number of queued items
     */
    public synchronized int queued() {
        return items.size();
    }
}
