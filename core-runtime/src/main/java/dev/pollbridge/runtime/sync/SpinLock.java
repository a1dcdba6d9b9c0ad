package dev.pollbridge.runtime.sync;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A non-reentrant spin lock for state guarded over a few field writes (the channel's): one CAS to
 * take, one release store to give back, where a contended monitor inflates and costs a fence on
 * each side. A waiter spins briefly, then yields its CPU (the holder may be descheduled); it never
 * parks. Taking is an acquire (the CAS) and giving back a release, so accesses under the lock are
 * ordered as under a monitor. Not reentrant: no code under it may call out (wakers are woken,
 * dropped items closed, after {@link #unlock}), so user code never runs while it is held.
 */
final class SpinLock {
    private static final VarHandle LOCKED;
    private static final int SPINS = 64;

    static {
        try {
            LOCKED = MethodHandles.lookup().findVarHandle(SpinLock.class, "locked", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused")
    private volatile int locked;

    void lock() {
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
                Thread.yield();
            }
        }
    }

    void unlock() {
        LOCKED.setRelease(this, 0);
    }
}
