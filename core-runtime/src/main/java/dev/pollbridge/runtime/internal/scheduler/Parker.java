package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.api.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * Parks one thread until another thread notifies it: a one-permit latch over
 * {@link LockSupport}. {@link #unpark()} calls {@code LockSupport.unpark} only if the owner is
 * actually parked, so a notification to a running thread costs one atomic swap, not a syscall.
 * As a {@link Waker}, it is what {@code blockOn} hands to the future it drives.
 */
final class Parker implements Waker {

    /** No permit; the owner is running. */
    private static final int EMPTY = 0;
    /** The owner is parked (or about to be) and needs {@code LockSupport.unpark}. */
    private static final int PARKED = 1;
    /** A permit is available; the next park returns at once. */
    private static final int NOTIFIED = 2;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Parker.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Thread owner;
    /** EMPTY, PARKED or NOTIFIED; volatile CAS/swap so a notification is never lost. */
    @SuppressWarnings("unused")
    private volatile int state;

    Parker(Thread owner) {
        this.owner = owner;
    }

    /**
     * Owner only: returns once a permit is available (consuming it), or when the thread is
     * interrupted, or (for a positive {@code nanos}) when the time is up. Zero means no time limit.
     */
    void park(long nanos) {
        if (STATE.compareAndSet(this, NOTIFIED, EMPTY)) {
            return;
        }
        if (!STATE.compareAndSet(this, EMPTY, PARKED)) {
            // Only a notifier changes the word meanwhile, and it writes NOTIFIED.
            STATE.setVolatile(this, EMPTY);
            return;
        }
        long deadline = nanos > 0 ? System.nanoTime() + nanos : 0L;
        for (;;) {
            if (nanos > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                LockSupport.parkNanos(this, left);
            } else {
                LockSupport.park(this);
            }
            if ((int) STATE.getVolatile(this) == NOTIFIED || owner.isInterrupted()) {
                break;
            }
        }
        // Consume a permit that arrived, or withdraw the PARKED mark: either way back to EMPTY.
        STATE.getAndSet(this, EMPTY);
    }

    /** Any thread: hands the owner a permit, unparking it if it is parked. */
    void unpark() {
        if ((int) STATE.getAndSet(this, NOTIFIED) == PARKED) {
            LockSupport.unpark(owner);
        }
    }

    /** Any thread: the same as {@link #unpark()}. */
    @Override
    public void wake() {
        unpark();
    }

    Thread owner() {
        return owner;
    }
}
