package dev.pollbridge.runtime.internal.stream;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.scheduler.Engine;
import dev.pollbridge.runtime.time.Sleep;

/**
 * The frame of the time-based stream operators: one upstream and one timer (a {@link Sleep} of the
 * runtime, created when first armed and moved with {@link Sleep#reset} after that), both owned
 * and closed exactly once.
 *
 * <p>States: STREAMING, then TERMINATED (this stream returned done or failed) or CLOSED (closed
 * before that); both are final and a poll in either throws {@link IllegalStateException}.
 * Upstream's {@code done} only closes the upstream ({@link #upstreamEnded()}); the operator may
 * still hand out what it holds before it calls {@link #end()}. Polled and closed by the owner's
 * thread only, so no field needs synchronisation.
 *
 * @param <T> the upstream item type
 * @param <R> this stream's item type
 */
abstract class TimedStream<T, R> implements PollStream<R> {

    /** Items a loop takes from upstream in one poll before it yields (rule 16). */
    static final int ITEMS_PER_POLL = 128;

    private enum State { STREAMING, TERMINATED, CLOSED }

    final String name;
    final Engine engine;
    private PollStream<? extends T> upstream; // owned; null once closed
    private Sleep timer;                      // owned; null until first armed, or once closed
    private State state = State.STREAMING;

    TimedStream(String name, PollStream<? extends T> upstream, Engine engine) {
        this.name = name;
        this.upstream = upstream;
        this.engine = engine;
    }

    @Override
    public final Poll<R> pollNext(Context cx) {
        switch (state) {
            case TERMINATED: throw new IllegalStateException(name + " polled after it completed (done is final)");
            case CLOSED: throw new IllegalStateException(name + " polled after close()");
            default: return step(cx);
        }
    }

    /** One poll of the operator, in the STREAMING state. */
    abstract Poll<R> step(Context cx);

    /**
     * Polls the upstream once: {@code pending}; {@code ready} with a non-null item; {@code done},
     * with the upstream now closed but this stream still streaming; or {@code failed} (a null item
     * too), with this stream already ended by {@link #fail}.
     */
    final Poll<? extends T> pollUpstream(Context cx) {
        Poll<? extends T> poll = upstream.pollNext(cx);
        if (poll.isPending()) {
            return poll;
        }
        if (poll.isDone()) {
            closeUpstream();
            return poll;
        }
        if (poll.isFailed()) {
            return fail(poll.error());
        }
        if (poll.value() == null) {
            return fail(new NullPointerException(name
                    + ": the upstream stream yielded a null item (stream items must not be null)"));
        }
        return poll;
    }

    /** True once the upstream ended (or this stream ended). */
    final boolean upstreamEnded() {
        return upstream == null;
    }

    /** The runtime clock's now. */
    final long now() {
        return engine.config().clock().nanoTime();
    }

    /** Arms the timer for {@code deadlineNanos} (registered with the wheel at its next poll). */
    final void armTimer(long deadlineNanos) {
        if (timer == null) {
            timer = engine.timers().sleepUntil(deadlineNanos);
        } else {
            timer.reset(deadlineNanos);
        }
    }

    /** Polls the armed timer; a failure (the runtime closed) ends this stream with it. */
    final Poll<Void> pollTimer(Context cx) {
        Poll<Void> fired = timer.poll(cx);
        return fired.isFailed() ? fail(fired.error()) : fired;
    }

    /** This stream returns done now: upstream and timer are closed, and what it holds dropped. */
    final <X> Poll<X> end() {
        terminate(null);
        return Poll.done();
    }

    /** This stream fails now with {@code error}: as {@link #end()}, and the drops' failures suppressed in it. */
    final <X> Poll<X> fail(Throwable error) {
        terminate(error);
        return Poll.failed(error);
    }

    private void terminate(Throwable failure) {
        state = State.TERMINATED;
        release(failure);
    }

    /** Drops the items the operator holds and has not handed out (see {@link Dropped}). */
    abstract void dropHeld(Throwable failure);

    private void closeUpstream() {
        PollStream<? extends T> owned = upstream;
        upstream = null;
        if (owned != null) {
            owned.close();
        }
    }

    private void release(Throwable failure) {
        Sleep ownedTimer = timer;
        timer = null;
        try {
            closeUpstream();
        } finally {
            try {
                if (ownedTimer != null) {
                    ownedTimer.close();
                }
            } finally {
                dropHeld(failure);
            }
        }
    }

    /**
     * Closes the upstream and the timer, each exactly once, and drops what the operator holds:
     * idempotent, never blocks.
     */
    @Override
    public final void close() {
        if (state == State.STREAMING) {
            state = State.CLOSED;
        }
        release(null);
    }
}
