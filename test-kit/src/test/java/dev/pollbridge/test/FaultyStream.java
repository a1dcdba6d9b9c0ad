package dev.pollbridge.test;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Waker;
import java.util.ArrayDeque;

/**
 * A stream with one deliberate bug, otherwise correct: fed by the test, it stands for a push
 * source that it subscribes to at its first poll and cancels on close.
 */
final class FaultyStream implements PollStream<String> {

    enum Fault {
        /** Returns pending without storing the waker (rule 5). */
        FORGETS_THE_WAKER,
        /** Keeps the waker it stored first, ignoring newer ones until it used it (rule 7). */
        KEEPS_THE_FIRST_WAKER,
        /** Returns done again when polled after done (rule 9). */
        DONE_TWICE,
        /** Cancels its source on every close, not once (rule 11). */
        CANCELS_ON_EVERY_CLOSE,
        /** Subscribes to its source when built, not at its first poll (rule 2). */
        STARTS_EAGERLY,
        /** Does its close correctly, then throws (rule 11: close never throws). */
        THROWS_ON_CLOSE,
        /** Closing before the end waits (as {@link FaultyFuture#BLOCKED_CLOSE}) before it returns (rule 11). */
        BLOCKS_ON_CLOSE
    }

    private final Fault fault;
    private final ArrayDeque<String> items = new ArrayDeque<>(); // guarded by this
    private Poll<String> end;      // guarded by this
    private Waker waker;           // guarded by this
    private boolean endDelivered;  // guarded by this
    private boolean closed;        // guarded by this
    private int subscriptions;     // guarded by this
    private int cancellations;     // guarded by this

    FaultyStream(Fault fault) {
        this.fault = fault;
        if (fault == Fault.STARTS_EAGERLY) {
            subscriptions = 1;
        }
    }

    void emit(String item) {
        signal(item, null);
    }

    void complete() {
        signal(null, Poll.done());
    }

    void fail(Throwable error) {
        signal(null, Poll.failed(error));
    }

    private void signal(String item, Poll<String> ending) {
        Waker toWake;
        synchronized (this) {
            if (item != null) {
                items.add(item);
            } else if (end == null) {
                end = ending;
            }
            toWake = waker;
            waker = null;
        }
        if (toWake != null) {
            toWake.wake();
        }
    }

    @Override
    public synchronized Poll<String> pollNext(Context cx) {
        subscriptions = 1;
        if (endDelivered && fault != Fault.DONE_TWICE) {
            throw new IllegalStateException("polled after the end");
        }
        String item = items.poll();
        if (item != null) {
            return Poll.ready(item);
        }
        if (end != null) {
            endDelivered = true;
            return end;
        }
        switch (fault) {
            case FORGETS_THE_WAKER -> { }
            case KEEPS_THE_FIRST_WAKER -> waker = waker == null ? cx.waker() : waker;
            default -> waker = cx.waker();
        }
        return Poll.pending();
    }

    @Override
    public void close() {
        boolean beforeTheEnd;
        synchronized (this) {
            if (closed && fault != Fault.CANCELS_ON_EVERY_CLOSE) {
                return;
            }
            closed = true;
            waker = null;
            beforeTheEnd = !endDelivered;
            if (beforeTheEnd && subscriptions > 0) {
                cancellations++;
            }
        }
        FaultyFuture.misbehaveAfterClose(fault == Fault.THROWS_ON_CLOSE, fault == Fault.BLOCKS_ON_CLOSE && beforeTheEnd);
    }

    /** The source it stands for, as the contract sees it. */
    Upstream upstream() {
        return Upstream.counting("source", this::subscriptions, this::cancellations);
    }

    private synchronized int subscriptions() {
        return subscriptions;
    }

    private synchronized int cancellations() {
        return cancellations;
    }
}
