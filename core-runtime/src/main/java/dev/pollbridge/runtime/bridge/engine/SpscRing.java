package dev.pollbridge.runtime.bridge.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A bounded single-producer single-consumer ring: the prefetch buffer between a publisher's
 * {@code onNext} and the poller of {@link StreamFromPublisher}.
 *
 * <p>The design is FastForward's (Giacomoni, Moseley and Vachharajani, PPoPP 2008), the one
 * JCTools' SPSC array queues follow: the producer and the consumer share no index. The producer
 * stores into its next slot only if that slot is empty, the consumer takes from its next slot only
 * if it is full, so each side reads the other's progress from the slot itself. Both sides are
 * wait-free (no loop at all).
 *
 * <p><b>Memory ordering.</b> The producer publishes an item with a release store into its slot; the
 * consumer reads the slot with acquire, so everything the producer wrote before {@code offer}
 * (the item's fields) is visible to it. The consumer frees a slot with a release store of null;
 * the producer's acquire read of null orders its next store into that slot after the consumer's
 * read of the old item.
 *
 * <p><b>Threads.</b> One producer and one consumer at a time. The roles may move to another thread
 * only with a happens-before edge from the old holder (the stream hands its consumer role from the
 * poller to {@code close()} or to a racing {@code onNext} through its work-in-progress counter).
 * The two index fields are each written by their side only; {@link #size()} reads both.
 *
 * @param <E> the item type (never null)
 */
final class SpscRing<E> {

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    private static final VarHandle PRODUCED;
    private static final VarHandle CONSUMED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            PRODUCED = lookup.findVarHandle(SpscRing.class, "produced", long.class);
            CONSUMED = lookup.findVarHandle(SpscRing.class, "consumed", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object[] slots;
    private final int mask;
    /** Items offered so far; written by the producer only (release), read by {@link #size()}. */
    @SuppressWarnings("unused")
    private volatile long produced;
    /** Items taken so far; written by the consumer only (release), read by {@link #size()}. */
    @SuppressWarnings("unused")
    private volatile long consumed;

    /**
     * A ring with room for at least {@code capacity} items (the next power of two).
     *
     * @throws IllegalArgumentException if {@code capacity} is not in {@code [1, 2^30]}
     */
    SpscRing(int capacity) {
        if (capacity < 1 || capacity > 1 << 30) {
            throw new IllegalArgumentException("capacity must be in [1, 2^30], was " + capacity);
        }
        int length = Integer.highestOneBit(capacity - 1) << 1;
        this.slots = new Object[Math.max(1, length)];
        this.mask = slots.length - 1;
    }

    /** Slots in the ring (a power of two, at least the capacity asked for). */
    int capacity() {
        return slots.length;
    }

    /** Producer only: adds {@code item}; false (and nothing changed) if the ring is full. */
    boolean offer(E item) {
        long index = (long) PRODUCED.get(this);
        int slot = (int) index & mask;
        if (SLOT.getAcquire(slots, slot) != null) {
            return false;
        }
        SLOT.setRelease(slots, slot, (Object) item);
        PRODUCED.setRelease(this, index + 1);
        return true;
    }

    /** Consumer only: takes the oldest item, or null if the ring is empty. */
    @SuppressWarnings("unchecked")
    E poll() {
        long index = (long) CONSUMED.get(this);
        int slot = (int) index & mask;
        Object item = SLOT.getAcquire(slots, slot);
        if (item == null) {
            return null;
        }
        SLOT.setRelease(slots, slot, (Object) null);
        CONSUMED.setRelease(this, index + 1);
        return (E) item;
    }

    /** Consumer only: drops every item. */
    void clear() {
        while (poll() != null) {
            // drop
        }
    }

    /** Items in the ring now; exact on either side's thread when the other is idle, else approximate. */
    int size() {
        long taken = (long) CONSUMED.getVolatile(this);
        long offered = (long) PRODUCED.getVolatile(this);
        return (int) Math.max(0, Math.min(offered - taken, slots.length));
    }
}
