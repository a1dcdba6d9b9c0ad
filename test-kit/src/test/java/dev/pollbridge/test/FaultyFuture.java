package dev.pollbridge.test;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import java.time.Duration;

/**
 * A future with one deliberate bug, otherwise correct: completed or failed by the test, it stands
 * for a push source that it subscribes to at its first poll and cancels on close.
 */
final class FaultyFuture implements PollFuture<String> {

    enum Fault {
        /** No fault: a correct future (for contracts that break something else). */
        NONE,
        /** Returns pending without storing the waker (rule 5). */
        FORGETS_THE_WAKER,
        /** Keeps the waker it stored first, ignoring newer ones until it used it (rule 7). */
        KEEPS_THE_FIRST_WAKER,
        /** Returns its result again when polled after ready (rule 9). */
        READY_TWICE,
        /** Cancels its source on every close, not once (rule 11). */
        CANCELS_ON_EVERY_CLOSE,
        /** Subscribes to its source when built, not at its first poll (rule 2). */
        STARTS_EAGERLY,
        /** Does its close correctly, then throws (rule 11: close never throws). */
        THROWS_ON_CLOSE,
        /** Closing while pending waits (up to {@link #BLOCKED_CLOSE}) before it returns (rule 11). */
        BLOCKS_ON_CLOSE
    }

    /** How long a {@link Fault#BLOCKS_ON_CLOSE} close waits, or until interrupted. */
    static final Duration BLOCKED_CLOSE = Duration.ofMillis(600);

    private final Fault fault;
    private Poll<String> result;   // guarded by this; null while pending
    private Waker waker;           // guarded by this
    private boolean delivered;     // guarded by this
    private boolean closed;        // guarded by this
    private int subscriptions;     // guarded by this
    private int cancellations;     // guarded by this

    FaultyFuture(Fault fault) {
        this.fault = fault;
        if (fault == Fault.STARTS_EAGERLY) {
            subscriptions = 1;
        }
    }

    void complete(String value) {
        finish(Poll.ready(value));
    }

    void fail(Throwable error) {
        finish(Poll.failed(error));
    }

    private void finish(Poll<String> outcome) {
        Waker toWake;
        synchronized (this) {
            if (result != null) {
                return;
            }
            result = outcome;
            toWake = waker;
            waker = null;
        }
        if (toWake != null) {
            toWake.wake();
        }
    }

    @Override
    public synchronized Poll<String> poll(Context cx) {
        subscriptions = 1;
        if (delivered && fault != Fault.READY_TWICE) {
            throw new IllegalStateException("polled after ready");
        }
        if (result != null) {
            delivered = true;
            return result;
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
        boolean wasPending;
        synchronized (this) {
            if (closed && fault != Fault.CANCELS_ON_EVERY_CLOSE) {
                return;
            }
            closed = true;
            waker = null;
            wasPending = result == null;
            if (wasPending && subscriptions > 0) {
                cancellations++;
            }
        }
        misbehaveAfterClose(fault == Fault.THROWS_ON_CLOSE, fault == Fault.BLOCKS_ON_CLOSE && wasPending);
    }

    /** The end of a faulty close, shared with {@link FaultyStream}: throw, or wait for the source. */
    static void misbehaveAfterClose(boolean throwing, boolean blocking) {
        if (throwing) {
            throw new IllegalStateException("a close that throws");
        }
        if (blocking) {
            try {
                Thread.sleep(BLOCKED_CLOSE.toMillis()); // simulates a close that waits for its source
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
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
