package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A minimal single-value channel for the ping-pong scenario: {@link #send} once from any thread,
 * {@link #poll} from one task. One atomic state word holds either nothing, the waiting task's waker,
 * or the sent value, so "check, then register the waker" and "store the value, then wake" cannot
 * lose a wake-up (rule 6).
 */
public final class Oneshot<T> implements PollFuture<T> {

    /** The value slot once sent; distinguishes a sent {@code null} from "nothing yet". */
    private static final class Sent {
        final Object value;

        Sent(Object value) {
            this.value = value;
        }
    }

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Oneshot.class, "state", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** null (empty), a Waker (a task waits), or a Sent (terminal). Written by CAS or getAndSet only. */
    @SuppressWarnings("unused")
    private volatile Object state;

    /** Sends the value and wakes the waiting task, if any; at most once. */
    public void send(T value) {
        // getAndSet is a full fence: the receiver that reads the Sent sees everything written before.
        Object previous = STATE.getAndSet(this, new Sent(value));
        if (previous instanceof Sent) {
            throw new IllegalStateException("oneshot already sent");
        }
        if (previous != null) {
            ((Waker) previous).wake();
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public Poll<T> poll(Context cx) {
        while (true) {
            Object current = state;
            if (current instanceof Sent) {
                return Poll.ready((T) ((Sent) current).value);
            }
            // Store the latest waker (rule 7); a send racing with this CAS makes it fail and we re-read.
            if (STATE.compareAndSet(this, current, cx.waker())) {
                return Poll.pending();
            }
        }
    }
}
