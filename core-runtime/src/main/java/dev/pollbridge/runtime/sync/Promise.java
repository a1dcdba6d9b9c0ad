package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
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
 * <p><b>State.</b> One atomic word holds everything: {@code null} (pending, nobody polled), a
 * {@link Waker} (pending, that waker is registered), an {@code Outcome} (completed or failed;
 * terminal) or {@code CANCELLED} (the reader closed first; terminal). Completing is one CAS from
 * a pending state, so completion races with polling and closing have exactly one winner, and no
 * lock is needed around wakers: the completer wakes the waker it replaced.
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
public final class Promise<T> {

    private static final VarHandle STATE;
    private static final VarHandle READER_TAKEN;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(Promise.class, "state", Object.class);
            READER_TAKEN = lookup.findVarHandle(Promise.class, "readerTaken", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Terminal: the reader was closed before completion. */
    private static final Object CANCELLED = new Object();

    /** Terminal: the result. */
    private static final class Outcome {
        final Poll<?> result;

        Outcome(Poll<?> result) {
            this.result = result;
        }
    }

    /** {@code null} | Waker | Outcome | CANCELLED; changed only by CAS (see the class doc). */
    private volatile Object state;
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
     * The read end: a future that completes with this promise's value or failure. There is one
     * reader; closing it before completion cancels the promise ({@link #isCancelled()}).
     * Cancel-safe in the sense that closing it loses only this reader's copy of the value.
     *
     * @return the only reader of this promise
     * @throws IllegalStateException if called a second time
     */
    public PollFuture<T> future() {
        if (!READER_TAKEN.compareAndSet(this, false, true)) {
            throw new IllegalStateException("Promise.future() may be called only once");
        }
        return new Reader();
    }

    /**
     * Completes with {@code value} ({@code null} allowed) and wakes the reader. If the reader was
     * already closed, the value is dropped silently (check {@link #isCancelled()}).
     *
     * @param value the value, possibly {@code null}
     * @throws IllegalStateException if the promise was already completed or failed
     */
    public void complete(T value) {
        if (finish(Poll.ready(value)) == Finish.ALREADY_COMPLETE) {
            throw new IllegalStateException("promise already completed");
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
     * @return true if this call delivered the value to the reader
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

    @Override
    public String toString() {
        Object current = state;
        if (current instanceof Outcome) {
            return "Promise[" + ((Outcome) current).result + "]";
        }
        return current == CANCELLED ? "Promise[cancelled]" : "Promise[pending]";
    }

    /** The read end. Polled by its owner, one thread at a time. */
    private final class Reader implements PollFuture<T> {

        /** Owner-thread only. */
        private boolean delivered;
        /** Owner-thread only: close() was called (the state alone cannot tell once completed). */
        private boolean closed;

        @Override
        @SuppressWarnings("unchecked")
        public Poll<T> poll(Context cx) {
            if (closed) {
                throw new IllegalStateException("promise future polled after close()");
            }
            if (delivered) {
                throw new IllegalStateException("promise future polled after it completed");
            }
            Waker waker = cx.waker();
            while (true) {
                Object current = state;
                if (current instanceof Outcome) {
                    delivered = true;
                    return (Poll<T>) ((Outcome) current).result;
                }
                if (current == CANCELLED) {
                    throw new IllegalStateException("promise future polled after close()");
                }
                // Check and register in one CAS (rule 6): if a completion slips in, the CAS
                // fails and the loop sees the outcome. Storing each poll's waker keeps the latest.
                if (current == waker || STATE.compareAndSet(Promise.this, current, waker)) {
                    return Poll.pending();
                }
            }
        }

        @Override
        public void close() {
            closed = true;
            while (true) {
                Object current = state;
                if (current instanceof Outcome || current == CANCELLED) {
                    return;
                }
                if (STATE.compareAndSet(Promise.this, current, CANCELLED)) {
                    return;
                }
            }
        }
    }
}
