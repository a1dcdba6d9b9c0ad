package dev.pollbridge.runtime.internal.task;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A non-reentrant spin lock for state guarded over a few field writes (a registry shard's list,
 * a channel's buffer and wait queues): one CAS to take, one release store to give back, where a
 * monitor costs two atomic instructions and inflates on a collision. A waiter spins briefly on a
 * plain read, then yields its CPU (the holder may have been descheduled on an oversubscribed
 * machine); it never parks. Taking is an acquire (the CAS) and giving back a release, so accesses
 * under the lock are ordered exactly as under a monitor.
 *
 * <p>Not reentrant, and no code under it may call out: a holder wakes wakers and closes dropped
 * items after {@link #unlock}, so user code never runs while it is held. A class that owns one
 * lock may extend this one to keep the word next to the fields it guards (a registry shard).
 */
public class SpinLock extends SpinLockPadding {
    private static final VarHandle LOCKED;
    /** Spins with {@link Thread#onSpinWait()} before a waiter starts yielding. */
    private static final int SPINS = 64;

    static {
        try {
            LOCKED = MethodHandles.lookup().findVarHandle(SpinLock.class, "locked", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** 0 free, 1 taken; CAS to take (acquire), release store to give back. */
    @SuppressWarnings("unused")
    private volatile int locked;

    /** A free lock. */
    public SpinLock() {}

    /** Takes the lock, spinning (then yielding) while another thread holds it. */
    public final void lock() {
        if (!LOCKED.compareAndSet(this, 0, 1)) {
            lockSlow();
        }
    }

    private void lockSlow() {
        for (int spins = 0; ; spins++) {
            // Test before test-and-set: spin on a plain volatile read, not on the CAS.
            if ((int) LOCKED.getVolatile(this) == 0 && LOCKED.compareAndSet(this, 0, 1)) {
                return;
            }
            if (spins < SPINS) {
                Thread.onSpinWait();
            } else {
                Thread.yield(); // the holder may be descheduled: give it this CPU
            }
        }
    }

    /** Gives the lock back; the caller must hold it. */
    public final void unlock() {
        LOCKED.setRelease(this, 0);
    }
}
