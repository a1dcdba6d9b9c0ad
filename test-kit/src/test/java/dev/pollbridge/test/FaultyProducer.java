package dev.pollbridge.test;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;

/**
 * A producer of a value (a one-shot slot completed by the test) with one deliberate bug in how it
 * drops a value nobody reads, otherwise correct.
 */
final class FaultyProducer extends SingleUse implements PollFuture<AutoCloseable> {

    enum Fault {
        /** Closed without reading the value, it keeps the value unclosed. */
        LEAKS_AN_UNREAD_VALUE,
        /** Closes the value on close even when its reader took it. */
        CLOSES_THE_VALUE_ITS_READER_TOOK,
        /** Closes an unread value twice. */
        CLOSES_AN_UNREAD_VALUE_TWICE
    }

    private final Fault fault;
    private AutoCloseable value;   // guarded by this
    private Waker waker;           // guarded by this
    private boolean delivered;     // guarded by this
    private boolean closed;        // guarded by this

    FaultyProducer(Fault fault) {
        this.fault = fault;
    }

    void complete(AutoCloseable completed) {
        Waker toWake;
        boolean late;
        synchronized (this) {
            value = completed;
            late = closed;
            toWake = waker;
            waker = null;
        }
        if (late) {
            drop(completed);
        }
        if (toWake != null) {
            toWake.wake();
        }
    }

    @Override
    public synchronized Poll<AutoCloseable> poll(Context cx) {
        if (delivered || closed) {
            throw SingleUse.polledAfter("a FaultyProducer", delivered ? "it completed" : "close()");
        }
        if (value != null) {
            delivered = true;
            return Poll.ready(value);
        }
        waker = cx.waker();
        return Poll.pending();
    }

    @Override
    public void close() {
        AutoCloseable toDrop;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            waker = null;
            boolean unread = !delivered || fault == Fault.CLOSES_THE_VALUE_ITS_READER_TOOK;
            toDrop = unread ? value : null;
        }
        if (toDrop != null) {
            drop(toDrop);
        }
    }

    private void drop(AutoCloseable unread) {
        if (fault == Fault.LEAKS_AN_UNREAD_VALUE) {
            return;
        }
        try {
            unread.close();
            if (fault == Fault.CLOSES_AN_UNREAD_VALUE_TWICE) {
                unread.close();
            }
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
