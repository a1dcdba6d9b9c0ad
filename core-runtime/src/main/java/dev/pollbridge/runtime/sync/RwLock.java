package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.PollFuture;
import java.util.Optional;

/**
 * An asynchronous reader-writer lock that owns the data it guards (Tokio's {@code sync::RwLock}):
 * any number of {@link #read()} guards at once, or one {@link #write()} guard alone. Closing a
 * guard unlocks.
 *
 * <pre>{@code
 * RwLock<Prices> prices = new RwLock<>(Prices.empty());
 * try (RwLockReadGuard<Prices> read = Async.await(prices.read())) {    // many at once
 *     return read.get().of(item);
 * }
 * try (RwLockWriteGuard<Prices> write = Async.await(prices.write())) { // alone
 *     write.set(write.get().with(item, price));
 * }
 * }</pre>
 *
 * <p><b>Fair: writers are not starved.</b> As Tokio's, it is a FIFO {@link Semaphore} with
 * {@link #maxReaders()} permits: a read takes one, a write takes them all. Locks are served in the
 * order of their first poll, and a waiting write at the head of the queue collects the permits
 * readers give back, so the reads queued behind it wait until it is done: a stream of readers
 * cannot keep a writer out. {@link #tryRead()} and {@link #tryWrite()} do not jump the queue.
 *
 * <p><b>Differences from Tokio.</b> Every guard is "owned" (Tokio's {@code read_owned},
 * {@code write_owned}): it may outlive the code that locked it and be handed to another task or
 * thread. There are no mapped guards, {@code get_mut} or {@code into_inner}; a write guard
 * {@linkplain RwLockWriteGuard#downgrade() downgrades} to a read guard as in Tokio.
 *
 * <p><b>What close does.</b> The lock has nothing to close; closing a guard unlocks, once.
 * Cancel safety is the semaphore's: a lock future closed while it waits leaves the queue, and one
 * closed after it was granted but before it returned the guard gives the permits back.
 *
 * <p>All methods may be called from any thread. Everything a writer wrote through its guard
 * happens-before the reads of every later holder.
 *
 * @param <T> the type of the data
 */
public final class RwLock<T> {

    /** The default bound on readers at once (Tokio's {@code MAX_READS}, {@code u32::MAX >> 3}). */
    public static final int DEFAULT_MAX_READERS = 536_870_911;

    private final Semaphore semaphore;
    private final int maxReaders;
    /** The data: written only through a write guard, read through any guard. */
    private T value;

    /**
     * An unlocked lock guarding {@code value}, allowing {@link #DEFAULT_MAX_READERS} readers at once.
     *
     * @param value the data; may be {@code null}
     */
    public RwLock(T value) {
        this(value, DEFAULT_MAX_READERS);
    }

    /**
     * An unlocked lock guarding {@code value}, allowing at most {@code maxReaders} readers at once
     * (Tokio's {@code with_max_readers}); a read beyond them waits.
     *
     * @param value the data; may be {@code null}
     * @param maxReaders the most read guards open at once, at least 1
     * @throws IllegalArgumentException if {@code maxReaders < 1}
     */
    public RwLock(T value, int maxReaders) {
        if (maxReaders < 1) {
            throw new IllegalArgumentException("a RwLock needs at least 1 reader: " + maxReaders);
        }
        this.value = value;
        this.maxReaders = maxReaders;
        this.semaphore = new Semaphore(maxReaders);
    }

    /**
     * A future of a shared lock: it waits while a write guard is open or a write waits before it.
     *
     * <p><b>Cancel safety:</b> cancel-safe; closed before it completes it holds nothing.
     *
     * @return a lazy future of a read guard
     */
    public PollFuture<RwLockReadGuard<T>> read() {
        return semaphore.acquire().map(permit -> new RwLockReadGuard<>(this, permit));
    }

    /**
     * A future of the exclusive lock: it waits until no other guard is open and every lock
     * queued before it was served.
     *
     * <p><b>Cancel safety:</b> cancel-safe; closed while it waits it leaves the queue, giving back
     * the reader permits it had collected (so the reads behind it go on).
     *
     * @return a lazy future of a write guard
     */
    public PollFuture<RwLockWriteGuard<T>> write() {
        return semaphore.acquireMany(maxReaders).map(permit -> new RwLockWriteGuard<>(this, permit));
    }

    /**
     * A read guard now if no write guard is open and nobody waits; never waits.
     *
     * @return a read guard, or empty
     */
    public Optional<RwLockReadGuard<T>> tryRead() {
        return semaphore.tryAcquire().map(permit -> new RwLockReadGuard<>(this, permit));
    }

    /**
     * The write guard now if no guard is open and nobody waits; never waits.
     *
     * @return a write guard, or empty
     */
    public Optional<RwLockWriteGuard<T>> tryWrite() {
        return semaphore.tryAcquire(maxReaders).map(permit -> new RwLockWriteGuard<>(this, permit));
    }

    /**
     * The most read guards open at once.
     *
     * @return the bound on readers
     */
    public int maxReaders() {
        return maxReaders;
    }

    T value() {
        return value;
    }

    void value(T newValue) {
        value = newValue;
    }

    @Override
    public String toString() {
        Optional<RwLockReadGuard<T>> guard = tryRead();
        if (guard.isEmpty()) {
            return "RwLock[<locked>]";
        }
        try (RwLockReadGuard<T> held = guard.get()) {
            return "RwLock[" + held.get() + "]";
        }
    }
}
