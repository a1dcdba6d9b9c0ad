package dev.pollbridge.test;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Dropped;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A future whose completion the test controls and whose polls and closes are counted: the
 * standard child in combinator and adapter tests.
 *
 * <p>Pending until {@link #complete} or {@link #fail}; each poll stores the latest waker
 * (rule 7), and completing wakes it. Polling after it returned ready or failed throws
 * {@link IllegalStateException} (rule 9) and is counted in {@link #pollsAfterReady()}. Polling
 * after close throws too. Complete, fail and close may be called from any thread; the state is
 * guarded by this object's monitor, and the waker is called outside it.
 *
 * <p>A value nobody reads is dropped ({@link Dropped}: closed if it is an {@link AutoCloseable},
 * exactly once): the value of a probe closed before it returned it, and a value completed into
 * a closed probe. A throwing {@code close()} of such a value is logged.
 *
 * @param <T> the value type
 */
public final class ProbeFuture<T> extends SingleUse implements PollFuture<T> {

    private Poll<T> result;          // guarded by this; null while pending
    private Waker waker;              // guarded by this; latest waker, null once woken
    private boolean delivered;       // guarded by this; ready/failed returned to a poller
    private final AtomicInteger polls = new AtomicInteger();
    private final AtomicInteger closes = new AtomicInteger();
    private final AtomicInteger pollsAfterReady = new AtomicInteger();
    private volatile boolean closedBeforeCompletion;

    /** A pending probe. */
    public ProbeFuture() {}

    /**
     * A probe that is already complete with {@code value}.
     *
     * @param <T> the value type
     * @param value the value, possibly {@code null}
     * @return a completed probe
     */
    public static <T> ProbeFuture<T> completed(T value) {
        ProbeFuture<T> probe = new ProbeFuture<>();
        probe.complete(value);
        return probe;
    }

    /**
     * A probe that has already failed with {@code error}.
     *
     * @param <T> the value type
     * @param error the failure; not {@code null}
     * @return a failed probe
     */
    public static <T> ProbeFuture<T> failedWith(Throwable error) {
        ProbeFuture<T> probe = new ProbeFuture<>();
        probe.fail(error);
        return probe;
    }

    /**
     * Completes with {@code value} and wakes the last poller. Returns false if already complete.
     *
     * @param value the value, possibly {@code null}
     * @return true if this call completed the probe
     */
    public boolean complete(T value) {
        return finish(Poll.ready(value));
    }

    /**
     * Fails with {@code error} and wakes the last poller. Returns false if already complete.
     *
     * @param error the failure; not {@code null}
     * @return true if this call completed the probe
     */
    public boolean fail(Throwable error) {
        return finish(Poll.failed(error));
    }

    private boolean finish(Poll<T> outcome) {
        Waker toWake;
        boolean unread;
        synchronized (this) {
            if (result != null) {
                return false;
            }
            result = outcome;
            toWake = waker;
            waker = null;
            unread = closes.get() > 0; // closed first: nobody will read it
        }
        if (unread) {
            Dropped.closeValueOf(outcome, "the value completed into a closed ProbeFuture", Dropped.LOG);
        }
        if (toWake != null) {
            toWake.wake();
        }
        return true;
    }

    @Override
    public Poll<T> poll(Context cx) {
        polls.incrementAndGet();
        if (closes.get() > 0) {
            throw SingleUse.polledAfter("a ProbeFuture", "close()");
        }
        synchronized (this) {
            if (delivered) {
                pollsAfterReady.incrementAndGet();
                throw SingleUse.polledAfter("a ProbeFuture", "it returned " + result);
            }
            if (result == null) {
                waker = cx.waker();
                return Poll.pending();
            }
            delivered = true;
            return result;
        }
    }

    @Override
    public void close() {
        Poll<T> unread = null;
        synchronized (this) { // under the lock, so that finish() sees the close or close() sees the result
            if (closes.incrementAndGet() == 1) {
                closedBeforeCompletion = result == null;
                waker = null;
                unread = delivered ? null : result;
            }
        }
        if (unread != null) {
            Dropped.closeValueOf(unread, "the value of a ProbeFuture closed without reading it", Dropped.LOG);
        }
    }

    /**
     * How many times {@link #poll} was called.
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
     * True if the first close came before any completion: the probe was cancelled.
     *
     * @return true if closed before it completed
     */
    public boolean isCancelled() {
        return closedBeforeCompletion;
    }

    /**
     * Polls made after ready or failed was returned (each also threw).
     *
     * @return the number of polls after the terminal one
     */
    public int pollsAfterReady() {
        return pollsAfterReady.get();
    }

    /**
     * True if a poller's waker is stored and not yet woken.
     *
     * @return true if a waker is waiting to be called
     */
    public synchronized boolean hasWaker() {
        return waker != null;
    }
}
