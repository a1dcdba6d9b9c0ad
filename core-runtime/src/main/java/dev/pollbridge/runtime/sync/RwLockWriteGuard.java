package dev.pollbridge.runtime.sync;

/**
 * The exclusive lock of a {@link RwLock}, and read-write access to its data, until
 * {@link #close()} unlocks or {@link #downgrade()} turns it into a read guard (Tokio's
 * {@code RwLockWriteGuard} and {@code OwnedRwLockWriteGuard}). Any thread may use and close it;
 * once closed or downgraded, {@link #get()} and {@link #set} throw.
 *
 * @param <T> the type of the data
 */
public final class RwLockWriteGuard<T> implements AutoCloseable {

    private final RwLock<T> lock;
    private final Permit permit;

    RwLockWriteGuard(RwLock<T> lock, Permit permit) {
        this.lock = lock;
        this.permit = permit;
    }

    /**
     * The data.
     *
     * @return the value the lock guards
     * @throws IllegalStateException if this guard is closed or downgraded
     */
    public T get() {
        checkHeld();
        return lock.value();
    }

    /**
     * Replaces the data.
     *
     * @param value the new value; may be {@code null}
     * @throws IllegalStateException if this guard is closed or downgraded
     */
    public void set(T value) {
        checkHeld();
        lock.value(value);
    }

    /**
     * Turns this write lock into a read lock without letting any writer in between (Tokio's
     * {@code downgrade}): reads waiting behind it may go on at once, a waiting write still waits
     * for the returned guard. This guard is spent.
     *
     * @return a read guard of the same lock
     * @throws IllegalStateException if this guard is closed or downgraded
     */
    public RwLockReadGuard<T> downgrade() {
        return new RwLockReadGuard<>(lock, permit.split(1));
    }

    /**
     * The lock this guard holds.
     *
     * @return the write-locked lock
     */
    public RwLock<T> lock() {
        return lock;
    }

    /**
     * True once closed or downgraded.
     *
     * @return true if this guard no longer holds the write lock
     */
    public boolean isClosed() {
        return permit.isReleased();
    }

    /** Unlocks, once. Idempotent, any thread. */
    @Override
    public void close() {
        permit.close();
    }

    private void checkHeld() {
        if (permit.isReleased()) {
            throw new IllegalStateException("the RwLockWriteGuard is closed or downgraded: the write lock was released");
        }
    }
}
