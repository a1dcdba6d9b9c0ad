package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.PollFuture;
import java.util.Optional;

/**
 * An asynchronous mutual-exclusion lock that owns the data it guards (Tokio's
 * {@code sync::Mutex}; kotlinx's {@code Mutex}, which guards no data): {@link #lock()} is a future
 * of a {@link MutexGuard}, through which alone the data is read and written, and closing the guard
 * unlocks. A task that waits for the lock holds no thread.
 *
 * <pre>{@code
 * Mutex<Account> account = new Mutex<>(new Account(100));
 * PollFuture<Integer> withdraw = Async.run(() -> {
 *     try (MutexGuard<Account> guard = Async.await(account.lock())) {
 *         guard.set(guard.get().minus(30));    // may await while holding it
 *         return guard.get().balance();
 *     }                                        // close() unlocks
 * });
 * }</pre>
 *
 * <p><b>Fair.</b> Waiting locks are served in FIFO order of their first poll; {@link #tryLock()}
 * does not jump the queue. It is a {@link Semaphore} with one permit underneath, so it shares its
 * guarantees: a lock future closed while it waits leaves the queue, and one closed after the lock
 * was handed to it but before it returned the guard gives the lock to the next in line.
 *
 * <p><b>Differences from Tokio.</b> Every guard is "owned" (Tokio's {@code lock_owned} and
 * {@code OwnedMutexGuard}): it keeps a reference to its mutex, may outlive the code that locked it
 * and may be handed to another task or thread, which then closes it; so there is no separate
 * {@code lockOwned}. There is no {@code get_mut} or {@code into_inner} (they need Rust's exclusive
 * ownership), no mapped guards (read the field you need from {@link MutexGuard#get()}), and no
 * {@code blocking_lock} ({@code runtime.blockOn(mutex.lock())} outside a task). The mutex is not
 * reentrant: a task that locks it twice waits for itself.
 *
 * <p><b>What close does.</b> The mutex has nothing to close. {@link MutexGuard#close()} unlocks,
 * once, whoever calls it; a guard that is dropped by the runtime (the value of a detached task, a
 * result nobody took) is closed too, since it is an {@link AutoCloseable}.
 *
 * <p>All methods may be called from any thread. Everything a holder wrote through its guard
 * happens-before the reads of the next holder.
 *
 * @param <T> the type of the data
 */
public final class Mutex<T> {

    private final Semaphore semaphore = new Semaphore(1);
    /** The data: read and written only through the guard of the holder of the one permit. */
    private T value;

    /**
     * An unlocked mutex guarding {@code value}.
     *
     * @param value the data; may be {@code null}
     */
    public Mutex(T value) {
        this.value = value;
    }

    /**
     * A future of the lock: it waits while another guard is open, in FIFO order, and completes
     * with a guard. Nothing happens until the first poll.
     *
     * <p><b>Cancel safety:</b> cancel-safe. Closing it while it waits leaves the queue; closing it
     * after the lock was handed to it but before it returned the guard unlocks. Only the guard,
     * once returned, holds the lock.
     *
     * @return a lazy future of a guard holding the lock
     */
    public PollFuture<MutexGuard<T>> lock() {
        return semaphore.acquire().map(permit -> new MutexGuard<>(this, permit));
    }

    /**
     * The lock now if it is free and nobody waits for it (Tokio's {@code try_lock}); never waits.
     *
     * @return a guard holding the lock, or empty if it is held or awaited
     */
    public Optional<MutexGuard<T>> tryLock() {
        return semaphore.tryAcquire().map(permit -> new MutexGuard<>(this, permit));
    }

    T value() {
        return value;
    }

    void value(T newValue) {
        value = newValue;
    }

    /** Shows the data if the lock is free now ({@code <locked>} otherwise), as Tokio's {@code Debug}. */
    @Override
    public String toString() {
        Optional<MutexGuard<T>> guard = tryLock();
        if (guard.isEmpty()) {
            return "Mutex[<locked>]";
        }
        try (MutexGuard<T> held = guard.get()) {
            return "Mutex[" + held.get() + "]";
        }
    }
}
