package dev.pollbridge.rxjava3;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;

/**
 * The bounded buffer of {@link StreamFromObservable}: a FIFO ring of exactly {@code capacity}
 * items with one producer and any number of consumers.
 *
 * <h2>Why several consumers</h2>
 * The poller takes items, but so does the producer: under {@code dropOldest} it removes the
 * oldest item to make room, and after {@code close()} whoever notices empties the ring. A
 * single-consumer ring would need a lock for that; this one is lock-free, so the producer never
 * waits for the poller (the point of the overflow strategies).
 *
 * <h2>Algorithm</h2>
 * Indices grow forever: {@link #tail} (next index to fill) is written by the producer only,
 * {@link #head} (next index to take) is advanced by consumers with compare-and-set. Index
 * {@code i} lives in slot {@code i & mask} of a power-of-two array at least {@code capacity}
 * long.
 * <ul>
 *   <li>{@link #offer}: full if {@code tail - head >= capacity}; else store the item in its slot,
 *       then publish {@code tail + 1} (release). Occupancy never exceeds {@code capacity}, exactly.
 *   <li>{@link #poll}: read {@code head}, then {@code tail} (empty if equal), read the slot, then
 *       compare-and-set {@code head} to {@code head + 1}; on failure another consumer took that
 *       index: retry.
 * </ul>
 * A consumer reads the slot <em>before</em> it claims the index. The read is valid if the claim
 * succeeds: the producer only refills slot {@code h & mask} (with index {@code h + length}) once
 * {@code tail - head < capacity <= length}, that is once {@code head > h}, and then the claim of
 * {@code h} fails. The slot's store happens-before the {@code tail} store the consumer read, so
 * the item is visible. Lock-free: a failed claim means another consumer made progress.
 *
 * <p>Slots are not cleared when taken (clearing would race with the producer's refill of the
 * same slot), so up to {@code length} taken items stay reachable until overwritten: memory the
 * buffer was sized for anyway. Once the stream is closed, {@link #drainAndClear}, run by one
 * thread alone, releases the waiting items and clears every slot that was ever filled, so nothing
 * stays reachable from a closed stream that its Observable still holds.
 *
 * <p>A capacity of 0 (the {@code error()} strategy, whose only item is the one handed to a
 * waiting poller outside the ring) makes every {@link #offer} fail.
 *
 * @param <T> the item type
 */
final class OverflowRing<T> {

    private final int capacity;
    private final int mask;
    private final AtomicReferenceArray<T> slots;
    /** Next index to take; advanced by consumers with compare-and-set. */
    private final AtomicLong head = new AtomicLong();
    /** Next index to fill; written by the producer only (release), read by consumers. */
    private final AtomicLong tail = new AtomicLong();

    OverflowRing(int capacity) {
        this.capacity = capacity;
        int length = Integer.highestOneBit(Math.max(1, capacity));
        if (length < capacity) {
            length <<= 1;
        }
        this.mask = length - 1;
        this.slots = new AtomicReferenceArray<>(length);
    }

    /** Producer only: queues {@code item}, or returns false if {@code capacity} items wait. */
    boolean offer(T item) {
        long index = tail.get(); // producer-owned: a plain read would do
        if (index - head.get() >= capacity) {
            return false;
        }
        slots.lazySet((int) index & mask, item);
        tail.lazySet(index + 1); // release: the slot store happens-before a consumer's read of tail
        return true;
    }

    /** Any thread: takes the oldest item, or returns null if none waits. */
    T poll() {
        return poll(Long.MAX_VALUE);
    }

    /**
     * Any thread: takes the oldest item if its index is below {@code limit} (a {@link #tail()}
     * read earlier: only items offered before that read), or returns null.
     */
    T poll(long limit) {
        for (;;) {
            long index = head.get();
            if (index >= Math.min(tail.get(), limit)) {
                return null;
            }
            T item = slots.get((int) index & mask);
            if (head.compareAndSet(index, index + 1)) {
                return item;
            }
        }
    }

    /** Any thread: the index the next offered item will get (items offered so far). */
    long tail() {
        return tail.get();
    }

    /** Producer: true if no item waits (exact for the producer, since only it adds items). */
    boolean isEmpty() {
        return tail.get() == head.get();
    }

    /**
     * Passes every waiting item to {@code released}, then clears every slot ever filled, so the
     * ring holds nothing. Only for a thread that has the ring to itself, now and for good (the
     * closed stream's last user): a slot cleared here is never refilled.
     */
    void drainAndClear(Consumer<? super T> released) {
        for (T item = poll(); item != null; item = poll()) {
            released.accept(item);
        }
        long filled = tail.get();
        for (long index = Math.max(0, filled - slots.length()); index < filled; index++) {
            slots.setPlain((int) index & mask, null);
        }
    }

    /** Items waiting right now (a snapshot; exact when producer and consumers are quiet). */
    int size() {
        long waiting = tail.get() - head.get();
        return (int) Math.max(0, waiting);
    }
}
