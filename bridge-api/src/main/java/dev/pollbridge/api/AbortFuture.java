package dev.pollbridge.api;

import java.util.concurrent.CancellationException;

/**
 * {@link Futures#abortable}: a future that its {@link AbortHandle} can abort from any thread.
 *
 * <p><b>No lost abort (rule 6).</b> A poll stores the poller's waker (volatile) and then reads
 * {@link Handle#aborted} (volatile); {@link Handle#abort()} writes {@code aborted} (volatile) and
 * then reads the waker. So either the poll sees the abort, or the abort sees the waker the poll
 * stored and wakes it, and the next poll sees the abort. The wrapped future is polled and closed
 * by the owner only.
 */
final class AbortFuture<T> extends SingleUse implements AbortableFuture<T> {

    private enum State { POLLING, COMPLETE, CLOSED }

    private final Handle handle = new Handle();
    private PollFuture<? extends T> inner; // owned; null once closed
    private State state = State.POLLING;

    AbortFuture(PollFuture<? extends T> inner) {
        this.inner = SingleUse.claim(inner, "Futures.abortable");
    }

    @Override
    public Poll<T> poll(Context cx) {
        switch (state) {
            case COMPLETE: throw Outcomes.polledAfterCompletion("abortable");
            case CLOSED: throw Outcomes.polledAfterClose("abortable");
            default: break;
        }
        handle.waker = cx.waker(); // before reading aborted: see the class comment
        if (handle.aborted) {
            return aborted();
        }
        Poll<? extends T> poll = inner.poll(cx);
        if (poll.isPending()) {
            return Poll.pending(); // an abort from now on wakes the waker stored above
        }
        state = State.COMPLETE;
        handle.waker = Waker.noop();
        closeInner();
        return Outcomes.widen(poll);
    }

    private Poll<T> aborted() {
        state = State.COMPLETE;
        handle.waker = Waker.noop();
        closeInner();
        return Poll.failed(new CancellationException("aborted by its AbortHandle"));
    }

    @Override
    public AbortHandle abortHandle() {
        return handle;
    }

    @Override
    public boolean isAborted() {
        return handle.aborted;
    }

    private void closeInner() {
        PollFuture<? extends T> owned = inner;
        inner = null;
        Closer.close(owned);
    }

    @Override
    public void close() {
        if (state == State.POLLING) {
            state = State.CLOSED;
            handle.waker = Waker.noop();
        }
        closeInner();
    }

    @Override
    public String toString() {
        return "abortable[" + state + (handle.aborted ? ", aborted]" : "]");
    }

    /** The handle: an abort flag and the waker of the latest poll. */
    private static final class Handle implements AbortHandle {
        /** Set once, by any thread. */
        volatile boolean aborted;
        /** The latest poller's waker, written by the owner; no-op before the first poll and after the end. */
        volatile Waker waker = Waker.noop();

        @Override
        public void abort() {
            if (aborted) {
                return;
            }
            aborted = true; // before reading the waker: see the class comment
            waker.wake();
        }

        @Override
        public boolean isAborted() {
            return aborted;
        }

        @Override
        public String toString() {
            return "AbortHandle[" + (aborted ? "aborted]" : "not aborted]");
        }
    }
}
