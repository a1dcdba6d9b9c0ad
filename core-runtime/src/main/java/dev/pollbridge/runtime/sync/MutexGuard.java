package dev.pollbridge.runtime.sync;

/**
 * The lock of a {@link Mutex}, and the only way to its data, until {@link #close()} unlocks
 * (Tokio's {@code MutexGuard} and {@code OwnedMutexGuard}). It may be used and closed from any
 * thread, and handed over to another task; once closed, {@link #get()} and {@link #set} throw.
 *
 * @param <T> the type of the data
 */
public final class MutexGuard<T> implements AutoCloseable {

    private final Mutex<T> mutex;
    private final Permit permit;

    MutexGuard(Mutex<T> mutex, Permit permit) {
        this.mutex = mutex;
        this.permit = permit;
    }

    /**
     * The data.
     *
     * @return the value the mutex guards
     * @throws IllegalStateException if this guard is closed
     */
    public T get() {
        checkHeld();
        return mutex.value();
    }

    /**
     * Replaces the data.
     *
     * @param value the new value; may be {@code null}
     * @throws IllegalStateException if this guard is closed
     */
    public void set(T value) {
        checkHeld();
        mutex.value(value);
    }

    /**
     * The mutex this guard locks (Tokio's {@code OwnedMutexGuard::mutex}).
     *
     * @return the locked mutex
     */
    public Mutex<T> mutex() {
        return mutex;
    }

    /**
     * True once closed.
     *
     * @return true if this guard no longer holds the lock
     */
    public boolean isClosed() {
        return permit.isReleased();
    }

    /** Unlocks, once (the next waiting lock gets it). Idempotent, any thread. */
    @Override
    public void close() {
        permit.close();
    }

    private void checkHeld() {
        if (permit.isReleased()) {
            throw new IllegalStateException("the MutexGuard is closed: the lock was released");
        }
    }

    /** The data's {@code toString()} while held (as Tokio's guard formats as its data). */
    @Override
    public String toString() {
        return isClosed() ? "MutexGuard[closed]" : String.valueOf(mutex.value());
    }
}
