package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Dropped;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.internal.scheduler.RuntimeFailures;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * The write end of a one-shot value: a producer completes it once, and the single reader polls
 * its {@link #future()}. The analogue of Tokio's {@code oneshot} channel.
 *
 * <pre>{@code
 * Promise<String> promise = Promise.create();
 * PollFuture<String> reader = promise.future();   // hand this to the consumer
 * ... on any thread: promise.complete("value");   // wakes the reader
 * }</pre>
 *
 * <p><b>Both ends can go away</b> (Tokio's {@code oneshot}). A producer that gives up
 * {@linkplain #close() closes} the promise: an unfinished promise then fails its reader with a
 * {@link ChannelClosedException}, so the reader never waits for a value that will not come. A
 * reader that goes away closes its {@link PromiseFuture}: {@link #isClosed()} turns true and
 * {@link #closed()} completes, so a producer can stop work nobody wants. A value the reader never
 * reads is dropped, closed if it is an {@link AutoCloseable} ({@link Dropped}), exactly once:
 * by {@link #complete} if the reader was closed first, else by the reader's close.
 *
 * <p><b>State.</b> One atomic word holds the value side: {@code null} (pending, nobody polled), a
 * {@link Waker} (pending, that waker is registered), an {@code Outcome} (completed, failed or
 * closed by the producer; terminal) or {@code CANCELLED} (the reader closed first; terminal).
 * Completing is one CAS from a pending state, so completion races with polling and closing have
 * exactly one winner, and no lock is needed around wakers: the completer wakes the waker it
 * replaced. A second word holds the reader-gone side: {@code null}, the waker of a pending
 * {@link #closed()} future, or {@code READER_GONE} (terminal), set by the reader's close, which
 * wakes the waker it replaced.
 *
 * <p><b>Happens-before</b> (rule 10): everything the producer wrote before {@code complete} is
 * visible to the reader that polls the value (the CAS publishes the outcome; the reader's
 * volatile read acquires it).
 *
 * <p><b>Progress.</b> Lock-free: every operation is a CAS loop that fails only when another
 * operation on the same promise succeeded.
 *
 * <p><b>Threads.</b> The write-end methods may be called from any thread, concurrently.
 *
 * @param <T> the value type; {@code null} values are allowed
 */
public final class Promise<T> implements AutoCloseable {

    private static final VarHandle STATE;
    private static final VarHandle READER_TAKEN;
    private static final VarHandle READER_STATE;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(Promise.class, "state", Object.class);
            READER_TAKEN = lookup.findVarHandle(Promise.class, "readerTaken", boolean.class);
            READER_STATE = lookup.findVarHandle(Promise.class, "readerState", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Terminal: the reader was closed before completion. */
    private static final Object CANCELLED = new Object();
    private static final String DROPPED_LATE = "the value completed into a Promise whose reader was already closed";
    private static final String DROPPED_UNREAD = "the value of a Promise whose reader was closed without reading it";
    /** Terminal value of {@link #readerState}: the reader was closed (before or after completion). */
    private static final Object READER_GONE = new Object();

    /** Terminal: the result. */
    private static final class Outcome {
        final Poll<?> result;

        Outcome(Poll<?> result) {
            this.result = result;
        }
    }

    /** {@code null} | Waker | Outcome | CANCELLED; changed only by CAS (see the class doc). */
    private volatile Object state;
    /** {@code null} | Waker of the pending closed() future | READER_GONE; changed only by CAS or swap. */
    private volatile Object readerState;
    /** Set once by {@link #future()}. */
    private volatile boolean readerTaken;

    /** A pending promise. */
    public Promise() {}

    /**
     * A pending promise.
     *
     * @param <T> the value type
     * @return a new promise
     */
    public static <T> Promise<T> create() {
        return new Promise<>();
    }

    /**
     * The read end: a future that completes with this promise's value or failure, or fails with
     * {@link ChannelClosedException} if the promise is {@linkplain #close() closed} without one.
     * There is one reader; closing it before completion cancels the promise
     * ({@link #isCancelled()}). Cancel-safe in the sense that closing it loses only this reader's
     * copy of the value.
     *
     * @return the only reader of this promise
     * @throws IllegalStateException if called a second time
     */
    public PromiseFuture<T> future() {
        if (!READER_TAKEN.compareAndSet(this, false, true)) {
            throw new IllegalStateException("Promise.future() may be called only once");
        }
        return new Reader();
    }

    /**
     * Completes with {@code value} ({@code null} allowed) and wakes the reader. If the reader was
     * already closed, nobody will read the value: it is dropped ({@link Dropped}: closed if it is
     * an {@link AutoCloseable}, a throwing close reported to the uncaught-failure handler of the
     * runtime running this thread, else logged). {@link #isCancelled()} tells which happened.
     *
     * @param value the value, possibly {@code null}
     * @throws IllegalStateException if the promise was already completed or failed (the value is
     *     not taken)
     */
    public void complete(T value) {
        Finish finish = finish(Poll.ready(value));
        if (finish == Finish.ALREADY_COMPLETE) {
            throw new IllegalStateException("promise already completed");
        }
        if (finish == Finish.CANCELLED) {
            Dropped.close(value, DROPPED_LATE, RuntimeFailures.CURRENT_THREAD);
        }
    }

    /**
     * Fails with {@code error} and wakes the reader. If the reader was already closed, the error
     * is dropped silently.
     *
     * @param error the failure; not {@code null}
     * @throws IllegalStateException if the promise was already completed or failed
     */
    public void fail(Throwable error) {
        Objects.requireNonNull(error, "error");
        if (finish(Poll.failed(error)) == Finish.ALREADY_COMPLETE) {
            throw new IllegalStateException("promise already completed");
        }
    }

    /**
     * Completes with {@code value} if nothing else completed, failed or cancelled it first.
     *
     * @param value the value, possibly {@code null}
     * @return true if this call delivered the value to the reader; false if the value was not
     *     taken (it stays the caller's, to use or to close)
     */
    public boolean tryComplete(T value) {
        return finish(Poll.ready(value)) == Finish.DONE;
    }

    /**
     * Fails with {@code error} if nothing else completed, failed or cancelled it first.
     *
     * @param error the failure; not {@code null}
     * @return true if this call delivered the failure to the reader
     */
    public boolean tryFail(Throwable error) {
        Objects.requireNonNull(error, "error");
        return finish(Poll.failed(error)) == Finish.DONE;
    }

    /**
     * True if the reader was closed before the promise was completed: nobody wants the value.
     *
     * @return true if the reader was closed before completion
     */
    public boolean isCancelled() {
        return state == CANCELLED;
    }

    /**
     * The producer gives up (Tokio's drop of a {@code oneshot::Sender}): if the promise was not
     * completed, failed or cancelled yet, its reader fails with a {@link ChannelClosedException}
     * ("closed without a value") instead of waiting for ever; otherwise nothing happens. Fits
     * try-with-resources around the code that is meant to complete it. Idempotent, never blocks,
     * any thread.
     */
    @Override
    public void close() {
        Object current = state;
        if (current instanceof Outcome || current == CANCELLED) {
            return; // the usual case after complete(): no exception to build
        }
        finish(Poll.failed(new ChannelClosedException("the Promise was closed without a value: its producer gave up")));
    }

    /**
     * True once the reader was closed (Tokio's {@code Sender::is_closed}): nobody will read what
     * this promise holds or will hold. {@link #isCancelled()} is the narrower "closed before a
     * value went in".
     *
     * @return true if the reader is gone
     */
    public boolean isClosed() {
        return readerState == READER_GONE;
    }

    /**
     * A future that completes ({@code null}) once the reader is closed (Tokio's
     * {@code Sender::closed}), so a producer can race its work against "nobody wants it any more"
     * and stop early. It stays pending while the reader is open, also after the promise was
     * completed.
     *
     * <p>One such future may wait at a time: the promise keeps one waker for it, the latest
     * poll's, so a second pending {@code closed()} future takes the wake-up over from the first
     * (the producer is one party, like the reader).
     *
     * <p><b>Cancel safety:</b> cancel-safe; closing it removes its waker and changes nothing else.
     *
     * @return a lazy future that completes once the reader is gone
     */
    public PollFuture<Void> closed() {
        return new ClosedFuture();
    }

    /**
     * True once completed or failed.
     *
     * @return true if a value or a failure was set
     */
    public boolean isComplete() {
        return state instanceof Outcome;
    }

    private enum Finish { DONE, ALREADY_COMPLETE, CANCELLED }

    private Finish finish(Poll<T> result) {
        Outcome outcome = new Outcome(result);
        while (true) {
            Object current = state;
            if (current instanceof Outcome) {
                return Finish.ALREADY_COMPLETE;
            }
            if (current == CANCELLED) {
                return Finish.CANCELLED;
            }
            // current is null or the registered waker; the CAS (a volatile write) publishes the
            // outcome and everything written before it to the reader's volatile read.
            if (STATE.compareAndSet(this, current, outcome)) {
                if (current != null) {
                    ((Waker) current).wake();
                }
                return Finish.DONE;
            }
        }
    }

    /** Reader side of {@link #closed()}: the reader went away; wakes a waiting closed() future. */
    private void readerGone() {
        Object previous = READER_STATE.getAndSet(this, READER_GONE);
        if (previous instanceof Waker) {
            ((Waker) previous).wake();
        }
    }

    @Override
    public String toString() {
        Object current = state;
        if (current instanceof Outcome) {
            return "Promise[" + ((Outcome) current).result + "]";
        }
        return current == CANCELLED ? "Promise[cancelled]" : "Promise[pending]";
    }

    /** The read end. Polled by its owner, one thread at a time. */
    private final class Reader extends SingleUse implements PromiseFuture<T> {

        /** Owner-thread only. */
        private boolean delivered;
        /** Owner-thread only: close() was called (the state alone cannot tell once completed). */
        private boolean closed;

        @Override
        @SuppressWarnings("unchecked")
        public Poll<T> poll(Context cx) {
            if (closed) {
                throw SingleUse.polledAfter("a Promise's future", "close()");
            }
            if (delivered) {
                throw SingleUse.polledAfter("a Promise's future", "it completed");
            }
            Waker waker = cx.waker();
            while (true) {
                Object current = state;
                if (current instanceof Outcome) {
                    if (!CoopBudget.tryConsume()) {
                        // Rule 16: the outcome stays in the state word for the next turn.
                        waker.wake();
                        return Poll.pending();
                    }
                    delivered = true;
                    return (Poll<T>) ((Outcome) current).result;
                }
                if (current == CANCELLED) {
                    throw SingleUse.polledAfter("a Promise's future", "close()");
                }
                // Check and register in one CAS (rule 6): if a completion slips in, the CAS
                // fails and the loop sees the outcome. Storing each poll's waker keeps the latest.
                if (current == waker || STATE.compareAndSet(Promise.this, current, waker)) {
                    return Poll.pending();
                }
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public Poll<T> tryReceive() {
            if (closed) {
                throw new IllegalStateException("promise future tried after close()");
            }
            if (delivered) {
                throw new IllegalStateException("promise future tried after it returned its result");
            }
            Object current = state;
            if (current instanceof Outcome) {
                delivered = true;
                return (Poll<T>) ((Outcome) current).result;
            }
            return Poll.pending();
        }

        /**
         * Cancels the promise, or, if it completed and this reader never took the value, drops
         * the value. Exactly one side drops a value: the CAS to CANCELLED and the completer's CAS
         * to the outcome decide the race; whoever finds the other's state drops.
         */
        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            Object unread = null;
            while (true) {
                Object current = state;
                if (current instanceof Outcome) {
                    unread = delivered ? null : current;
                    break;
                }
                if (current == CANCELLED || STATE.compareAndSet(Promise.this, current, CANCELLED)) {
                    break;
                }
            }
            try {
                readerGone();
            } finally {
                if (unread != null) {
                    Dropped.closeValueOf(((Outcome) unread).result, DROPPED_UNREAD, RuntimeFailures.CURRENT_THREAD);
                }
            }
        }
    }

    /** The future of {@link #closed()}; polled by the producer. */
    private final class ClosedFuture extends SingleUse implements PollFuture<Void> {

        /** Owner-thread only. */
        private boolean done;
        /** Owner-thread only: the waker this future stored last, to remove it on close. */
        private Waker stored;

        @Override
        public Poll<Void> poll(Context cx) {
            if (done) {
                throw SingleUse.polledAfter("Promise.closed()", "it completed");
            }
            Waker waker = cx.waker();
            while (true) {
                Object current = readerState;
                if (current == READER_GONE) {
                    if (!CoopBudget.tryConsume()) {
                        waker.wake();
                        return Poll.pending();
                    }
                    done = true;
                    stored = null;
                    return Poll.ready(null);
                }
                // Check and register in one CAS (rule 6): a reader closing in between makes the CAS
                // fail and the loop see READER_GONE.
                if (current == waker || READER_STATE.compareAndSet(Promise.this, current, waker)) {
                    stored = waker;
                    return Poll.pending();
                }
            }
        }

        @Override
        public void close() {
            if (stored != null) {
                READER_STATE.compareAndSet(Promise.this, stored, null); // fails harmlessly if replaced or gone
                stored = null;
            }
            done = true;
        }
    }
}
