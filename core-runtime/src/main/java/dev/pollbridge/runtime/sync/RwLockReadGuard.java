package dev.pollbridge.runtime.sync;

/**
 * A shared lock of a {@link RwLock}, and read access to its data, until {@link #close()} unlocks
 * (Tokio's {@code RwLockReadGuard} and {@code OwnedRwLockReadGuard}). Any thread may use and close
 * it; once closed, {@link #get()} throws.
 *
 * @param <T> the type of the data
 */
public final class RwLockReadGuard<T> implements AutoCloseable {

    private final RwLock<T> lock;
    private final Permit permit;

    RwLockReadGuard(RwLock<T> lock, Permit permit) {
        this.lock = lock;
        this.permit = permit;
    }

    /**
     * The data. Other readers may read it at the same time: do not change it in place.
     *
     * @return the value the lock guards
     * @throws IllegalStateException if this guard is closed
     */
    public T get() {
        if (permit.isReleased()) {
            throw new IllegalStateException("the RwLockReadGuard is closed: the lock was released");
        }
        return lock.value();
    }

    /**
     * The lock this guard holds.
     *
     * @return the read-locked lock
     */
    public RwLock<T> lock() {
        return lock;
    }

    /**
     * True once closed.
     *
     * @return true if this guard no longer holds the lock
     */
    public boolean isClosed() {
        return permit.isReleased();
    }

    /** Unlocks this reader, once. Idempotent, any thread. */
    @Override
    public void close() {
        permit.close();
    }
}
