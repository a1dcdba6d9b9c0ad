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
    private static final VarHandle OWNER;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Parker.class, "state", int.class);
            OWNER = MethodHandles.lookup().findVarHandle(Parker.class, "owner", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The parked thread; changed only by {@link #rebind} while the worker has no live thread. */
    private volatile Thread owner;
    /** EMPTY, PARKED or NOTIFIED; volatile CAS/swap so a notification is never lost. */
    @SuppressWarnings("unused")
    private volatile int state;

    Parker(Thread owner) {
        // A plain store, not a volatile one (a fence per blockOn). It is as safe: either way a
        // waking thread sees the owner only if the parker reached it through a release (rule 6's
        // hand-off of the waker, the start of a worker thread).
        OWNER.set(this, owner);
    }

    /**
     * Hands the parker to {@code successor}, the thread that takes over a worker whose thread died
     * (see {@code Worker}); called by the dying thread before it starts the successor, so no
     * thread is parked on it meanwhile. A permit already given stays for the successor.
     */
    void rebind(Thread successor) {
        owner = successor;
    }

    /** Owner only: returns once a permit is available (consuming it), or when the thread is interrupted. */
    void park() {
        park(false, 0L);
    }

    /**
     * Owner only: as {@link #park()}, but returns after {@code nanos} at the latest (a permit that
     * arrives meanwhile is consumed all the same: the caller looks at what it waits for anyway).
     */
    void parkNanos(long nanos) {
        park(true, System.nanoTime() + nanos);
    }

    private void park(boolean timed, long deadline) {
        if (STATE.compareAndSet(this, NOTIFIED, EMPTY)) {
            return;
        }
        if (!STATE.compareAndSet(this, EMPTY, PARKED)) {
            // Only a notifier changes the word meanwhile, and it writes NOTIFIED.
            STATE.setVolatile(this, EMPTY);
            return;
        }
        do {
            if (!timed) {
                LockSupport.park(this);
                continue;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            LockSupport.parkNanos(this, left);
        } while ((int) STATE.getVolatile(this) != NOTIFIED && !owner.isInterrupted());
        // Consume a permit that arrived, or withdraw the PARKED mark: either way back to EMPTY.
        STATE.getAndSet(this, EMPTY);
    }

    /** Owner only: consumes a permit if one is available, without parking; true if there was one. */
    boolean tryTakePermit() {
        return STATE.compareAndSet(this, NOTIFIED, EMPTY);
    }

    /**
     * Owner only: spins (with {@link Thread#onSpinWait()}, and a {@link Thread#yield()} every 32
     * rounds) for up to {@code nanos} waiting for a permit, without consuming it. Returns true if one arrived. Lets a thread that expects a
     * quick answer skip the cost of a park/unpark pair (tens of microseconds on a small VM).
     */
    boolean spinForPermit(long nanos) {
        long deadline = System.nanoTime() + nanos;
        for (int round = 1; ; round++) {
            if ((int) STATE.getVolatile(this) == NOTIFIED) {
                return true;
            }
            if ((round & 31) == 0) {
                if (System.nanoTime() - deadline > 0) {
                    return false;
                }
                // On an oversubscribed machine the thread that will wake us may be waiting for
                // this CPU: give it a chance now and then (a no-op when nothing else is runnable).
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
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
}
