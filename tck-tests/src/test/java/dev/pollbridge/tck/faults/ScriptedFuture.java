package dev.pollbridge.tck.faults;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A future with a script: ready with a value, pending until {@link #complete}, a {@code poll}
 * that throws or returns {@code null}, and optionally a {@code close()} that throws. Counts
 * polls and closes, and polls after ready or after close (which a correct owner never makes).
 */
final class ScriptedFuture<T> implements PollFuture<T> {

    private enum Kind { VALUE, THROW, NULL }

    private final Kind kind;
    private final RuntimeException failure;
    private final AtomicReference<Poll<T>> result = new AtomicReference<>();
    private final AtomicReference<Waker> waker = new AtomicReference<>();
    private volatile RuntimeException closeThrows;
    private final AtomicInteger polls = new AtomicInteger();
    private final AtomicInteger closes = new AtomicInteger();
    private final AtomicInteger misusedPolls = new AtomicInteger();
    private volatile boolean delivered;

    private ScriptedFuture(Kind kind, RuntimeException failure) {
        this.kind = kind;
        this.failure = failure;
    }

    /** Ready with {@code value} at the first poll. */
    static <T> ScriptedFuture<T> ready(T value) {
        ScriptedFuture<T> future = new ScriptedFuture<>(Kind.VALUE, null);
        future.result.set(Poll.ready(value));
        return future;
    }

    /** Pending until {@link #complete}. */
    static <T> ScriptedFuture<T> pending() {
        return new ScriptedFuture<>(Kind.VALUE, null);
    }

    /** A {@code poll} that throws {@code failure}. */
    static <T> ScriptedFuture<T> throwing(RuntimeException failure) {
        return new ScriptedFuture<>(Kind.THROW, failure);
    }

    /** A {@code poll} that returns {@code null}. */
    static <T> ScriptedFuture<T> returningNull() {
        return new ScriptedFuture<>(Kind.NULL, null);
    }

    /** Makes {@code close()} throw {@code failure} (after counting the close). */
    ScriptedFuture<T> closeThrows(RuntimeException failure) {
        closeThrows = failure;
        return this;
    }

    /** Completes a pending future with {@code value} and wakes its poller. */
    void complete(T value) {
        result.set(Poll.ready(value));
        Waker registered = waker.getAndSet(null);
        if (registered != null) {
            registered.wake();
        }
    }

    @Override
    public Poll<T> poll(Context cx) {
        polls.incrementAndGet();
        if (delivered || closes.get() > 0) {
            misusedPolls.incrementAndGet();
            throw new IllegalStateException("polled after ready or after close()");
        }
        switch (kind) {
            case THROW:
                delivered = true;
                throw failure;
            case NULL:
                delivered = true;
                return null;
            default:
                waker.set(cx.waker());
                Poll<T> outcome = result.get(); // re-checked after the waker is stored (rule 6)
                if (outcome == null) {
                    return Poll.pending();
                }
                delivered = true;
                return outcome;
        }
    }

    @Override
    public void close() {
        closes.incrementAndGet();
        waker.set(null);
        RuntimeException failure = closeThrows;
        if (failure != null) {
            throw failure;
        }
    }

    int polls() {
        return polls.get();
    }

    int closes() {
        return closes.get();
    }

    /** Polls after ready or after close: a correct owner makes none. */
    int misusedPolls() {
        return misusedPolls.get();
    }
}
