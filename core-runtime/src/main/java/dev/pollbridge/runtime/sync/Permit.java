package dev.pollbridge.runtime.sync;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Permits held from a {@link Semaphore}. {@link #close()} gives them back; it is idempotent and
 * may be called from any thread, so a permit fits try-with-resources and can also be handed to
 * another task to release. {@link #forget()} keeps them from ever coming back instead.
 */
public final class Permit implements AutoCloseable {

    private final Semaphore semaphore;
    private final int count;
    /** Flipped once by the first close: makes release exactly-once under racing closes. */
    private final AtomicBoolean released = new AtomicBoolean();

    Permit(Semaphore semaphore, int count) {
        this.semaphore = semaphore;
        this.count = count;
    }

    /**
     * How many permits this holds.
     *
     * @return the number of permits held
     */
    public int count() {
        return count;
    }

    /**
     * True once released (or forgotten).
     *
     * @return true if the permits went back to the semaphore
     */
    public boolean isReleased() {
        return released.get();
    }

    /**
     * Forgets the permits (Tokio's {@code SemaphorePermit::forget}): they are not given back, and
     * the semaphore's total shrinks by {@link #count()}: a way to take capacity away for good. A
     * later {@link #close()} does nothing. Does nothing if the permits were already released or
     * forgotten. Any thread.
     */
    public void forget() {
        if (released.compareAndSet(false, true)) {
            semaphore.forgotten(count);
        }
    }

    /**
     * Gives back all but {@code keep} of the permits and returns a new permit for those
     * {@code keep}, which never went back: the semaphore's queue sees only the others (an
     * {@link RwLockWriteGuard#downgrade()} keeps one reader's permit so that no writer can slip in).
     */
    Permit split(int keep) {
        if (!released.compareAndSet(false, true)) {
            throw new IllegalStateException("the permit was already released");
        }
        semaphore.release(count - keep);
        return new Permit(semaphore, keep);
    }

    /** Returns the permits to the semaphore (waking waiters they satisfy). Idempotent. */
    @Override
    public void close() {
        if (released.compareAndSet(false, true)) {
            semaphore.release(count);
        }
    }

    @Override
    public String toString() {
        return "Permit[" + count + (released.get() ? ", released]" : "]");
    }
}
