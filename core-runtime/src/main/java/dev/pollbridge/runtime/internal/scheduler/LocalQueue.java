package dev.pollbridge.runtime.internal.scheduler;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Consumer;

/**
 * A worker's run queue, bounded by its largest ring: single producer (the owning worker), many
 * consumers (the owner pops, other workers steal half). The design is Tokio's {@code queue.rs}: a
 * ring of slots, a {@code tail} only the owner writes, and a {@code head} word packing two 32-bit
 * positions, {@code steal} and {@code real}. Tokio's ring has a fixed 256 slots; ours starts at
 * {@value #INITIAL_CAPACITY} and doubles when a push finds it full, up to {@value #MAX_CAPACITY}
 * (see "Growing"), as {@code ForkJoinPool}'s work queues do, so a poll that spawns many thousand
 * tasks (a join over them) keeps them where its worker and the stealers find them instead of
 * sending half of the ring to the global queue at every few hundred spawns, while a worker that
 * never queues more than a few hundred keeps a small ring ({@code docs/performance.md}, "The
 * local queue's 256 slots cost join_many n=100,000 about a fifth" and "A local queue that
 * grows").
 *
 * <ul>
 *   <li>{@code real} is the next slot to consume. The owner's {@link #pop()} and a stealer's claim
 *       both advance it by CAS on {@code head}, so every slot is consumed by exactly one thread.
 *   <li>{@code steal != real} while a stealer is copying the slots {@code [steal, real)} it
 *       claimed; they are not yet free, so the owner counts capacity from {@code steal}, and a
 *       second stealer backs off. The stealer's final CAS sets {@code steal = real}.
 * </ul>
 * Positions are ints that wrap; differences ({@code tail - steal}) are exact because they never
 * exceed the capacity. Progress: {@link #pushBack} and {@link #pop()} by the owner are lock-free
 * (a CAS fails only when a stealer moved {@code head}); {@link #stealInto} may give up (return
 * null) when another stealer is active, which only means "try elsewhere".
 *
 * <p><b>The owner's claimed batch.</b> One {@link #pop(int)} may claim up to {@value #POP_BATCH}
 * of the oldest elements with its one CAS (at most an eighth of the queue, and one only while the
 * queue holds fewer than {@value #BATCH_MIN_QUEUED}); the next pops take them in order with plain
 * reads, until the range {@code [claimedNext, claimedEnd)} is used up. The CAS is what an owner
 * pays per pop otherwise, and it also waits for the stores of the poll before it to drain. The
 * claimed elements have left {@code real}, so stealers never see them: they wait for their
 * owner's next turns, at most 7 of them behind one long poll, with seven eighths of the queue
 * stealable. The worker claims more than one only while no worker is idle ({@code Idle#noneIdle}),
 * so a batch is never taken from under a searcher. Claimed slots stay occupied until taken: the
 * owner counts its capacity from the older of {@code claimedNext} and {@code steal}.
 *
 * <p><b>Growing.</b> Only the owner grows its ring, and only while no stealer holds a claim
 * ({@code steal == real}): it CASes {@code head} to {@code steal = real - 1}, a value stealers
 * read as "another stealer is copying", so none claims while it copies; it copies the occupied
 * positions {@code [oldest, tail)} into a ring twice as long (a position keeps its number; only
 * its slot index, the position masked by the ring's length, changes), publishes the new ring by a
 * release store, and restores {@code head} by a release store. A stealer reads the ring (acquire)
 * after its claiming CAS, and no grow starts between that CAS and its releasing one, so it copies
 * from and clears the ring that holds its claim, and the old ring is garbage once the grow ends.
 * The ring never shrinks (as {@code ForkJoinPool}'s). At {@value #MAX_CAPACITY} a full ring
 * overflows as described at {@link #pushBack}.
 *
 * <p><b>Memory ordering.</b> The owner writes a slot with a plain store and then publishes it by
 * a release store of {@code tail}; a stealer reads {@code tail} with acquire before reading
 * slots. Slot reuse is safe because the owner reads {@code head} (acquire) before overwriting a
 * slot and a stealer releases its slots by the final CAS on {@code head}.
 *
 * <p><b>Padding.</b> The owner writes {@code head} and {@code tail} on every push and pop; a
 * worker's queue is a {@link Padded} one, with {@link CacheLinePadding#BYTES} on each side of
 * them, and the ring has {@link #PAD} unused slots at each end, so no other object shares a
 * cache-line pair with what the owner writes (see {@link CacheLinePadding}). Tests may use the
 * plain class: the algorithm is the same.
 *
 * @param <E> the element type (tasks; tests use plain objects)
 */
class LocalQueue<E> extends CacheLinePadding {

    /** Slots in a worker's ring at first; a power of two. */
    static final int INITIAL_CAPACITY = 256;
    /**
     * The most slots a worker's ring grows to: 100,000 tasks spawned by one poll fit, as measured
     * for join_many n=100,000 (a fixed ring of this size ran it about a quarter faster than 256).
     */
    static final int MAX_CAPACITY = 1 << 17;
    /** Unused slots before and after the ring: 128 bytes with compressed references. */
    static final int PAD = 32;
    /** {@link #pushBack} result: the element (and half the queue) went to the overflow sink. */
    static final int OVERFLOWED = -1;
    /** The most elements one {@link #pop()} claims (see "The owner's claimed batch"). */
    static final int POP_BATCH = 8;
    /** Below this many queued elements a {@link #pop()} claims one. */
    static final int BATCH_MIN_QUEUED = 16;

    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle RING;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(LocalQueue.class, "head", long.class);
            TAIL = lookup.findVarHandle(LocalQueue.class, "tail", int.class);
            RING = lookup.findVarHandle(LocalQueue.class, "ring", Object[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The ring: its capacity's slots lie in {@code [PAD, PAD + capacity)} (see {@link #slot}). A
     * slot is written by the owner (or by the owner stealing into it) only while free. Replaced
     * only by the owner's {@link #grow} (release); stealers read it with acquire, the owner plain.
     */
    private Object[] ring;
    /** The most slots {@link #ring} grows to; a power of two. */
    private final int maxCapacity;
    /** {@code steal << 32 | real}; CAS by the owner and stealers. */
    @SuppressWarnings("unused")
    private volatile long head;
    /** Next slot to fill. Written only by the owner (release); read by stealers (acquire). */
    @SuppressWarnings("unused")
    private volatile int tail;
    /** Owner only: the next claimed position to pop; the claimed range is empty when equal to {@link #claimedEnd}. */
    private int claimedNext;
    /** Owner only: the end of the claimed range (see "The owner's claimed batch"). */
    private int claimedEnd;

    /** A worker's queue: {@value #INITIAL_CAPACITY} slots, growing to {@value #MAX_CAPACITY}. */
    LocalQueue() {
        this(INITIAL_CAPACITY, MAX_CAPACITY);
    }

    /**
     * A queue of {@code initialCapacity} slots growing to {@code maxCapacity} (tests use small
     * and fixed-size rings); both powers of two, at least 2.
     */
    LocalQueue(int initialCapacity, int maxCapacity) {
        if (Integer.bitCount(initialCapacity) != 1 || Integer.bitCount(maxCapacity) != 1
                || initialCapacity < 2 || maxCapacity < initialCapacity) {
            throw new IllegalArgumentException("capacities " + initialCapacity + " and " + maxCapacity);
        }
        this.ring = new Object[PAD + initialCapacity + PAD];
        this.maxCapacity = maxCapacity;
    }

    private static int capacityOf(Object[] ring) {
        return ring.length - 2 * PAD;
    }

    /** The index in {@code ring} of queue position {@code position}. */
    private static int slot(Object[] ring, int position) {
        return PAD + (position & (ring.length - 2 * PAD - 1));
    }

    private static long pack(int steal, int real) {
        return ((long) steal << 32) | (real & 0xFFFF_FFFFL);
    }

    private static int stealOf(long head) {
        return (int) (head >>> 32);
    }

    private static int realOf(long head) {
        return (int) head;
    }

    private long headAcquire() {
        return (long) HEAD.getAcquire(this);
    }

    private boolean casHead(long expected, long next) {
        return HEAD.compareAndSet(this, expected, next);
    }

    /** Owner only: its own last write, no ordering needed. */
    private int tailPlain() {
        return (int) TAIL.get(this);
    }

    private int tailAcquire() {
        return (int) TAIL.getAcquire(this);
    }

    private void setTailRelease(int value) {
        TAIL.setRelease(this, value);
    }

    /**
     * Owner only: the slots in use with {@code tailNow} and {@code head}, counted from the oldest
     * occupied position: a claimed element's, else {@code steal} (a stealer's copy in progress).
     * A claimed range lies before {@code real}, and so does a stealer's; either may be the older.
     */
    private int usedSlots(int tailNow, long head) {
        int used = tailNow - stealOf(head);
        return claimedNext == claimedEnd ? used : Math.max(used, tailNow - claimedNext);
    }

    /**
     * Owner only: appends {@code element}. If the ring is full, grows it (see "Growing"); if it is
     * at its largest, moves half of it plus {@code element} to {@code overflow} (in FIFO order)
     * instead. If it is full because a stealer is mid-copy (it can neither grow nor give half
     * away), or fewer than half of its slots are stealable at its largest (the owner's claimed
     * batch is older than the rest), sends just {@code element} there.
     *
     * @return the number of elements the queue held before the push (as the owner saw it), or
     *     {@link #OVERFLOWED} if the element went to the overflow sink
     */
    int pushBack(E element, Consumer<Object> overflow) {
        for (;;) {
            long current = headAcquire();
            int steal = stealOf(current);
            int real = realOf(current);
            int tailNow = tailPlain();
            Object[] ring = this.ring;
            int capacity = capacityOf(ring);
            if (usedSlots(tailNow, current) < capacity) {
                ring[slot(ring, tailNow)] = element;
                setTailRelease(tailNow + 1);
                return tailNow - real;
            }
            if (capacity < maxCapacity && makeRoom(1) > 0) {
                continue; // grown, or a stealer freed slots meanwhile
            }
            if (steal != real || tailNow - real < capacity / 2) {
                // Full, but not of stealable elements: a stealer is mid-copy, or the owner's
                // claimed batch holds the oldest slots while stealers emptied those after it.
                overflow.accept(element);
                return OVERFLOWED;
            }
            if (pushOverflow(element, real, tailNow, ring, overflow)) {
                return OVERFLOWED;
            }
            // A stealer took some tasks meanwhile: there is room now; retry.
        }
    }

    /**
     * Owner only, with {@code steal == real} in {@code current}: doubles the ring (see
     * "Growing"); does nothing if a stealer moved {@code head} first (the caller looks again).
     */
    private void grow(long current, int tailNow) {
        int real = realOf(current);
        // steal = real - 1 keeps stealers out (they back off while steal != real) and claims nothing:
        // the owner is the only thread that moves head until the release store below.
        if (!casHead(current, pack(real - 1, real))) {
            return;
        }
        Object[] old = ring;
        Object[] grown = new Object[PAD + 2 * capacityOf(old) + PAD];
        int oldest = claimedNext == claimedEnd ? real : claimedNext;
        for (int position = oldest; position != tailNow; position++) {
            grown[slot(grown, position)] = old[slot(old, position)];
        }
        RING.setRelease(this, grown);
        // Release: a stealer whose claiming CAS reads this head (or a later one) reads the new ring.
        HEAD.setRelease(this, current);
    }

    /** Claims the older half of a full ring by CAS, then hands it and {@code element} to {@code overflow}. */
    private boolean pushOverflow(E element, int real, int tailNow, Object[] ring, Consumer<Object> overflow) {
        int taken = capacityOf(ring) / 2;
        assert tailNow - real >= taken;
        if (!casHead(pack(real, real), pack(real + taken, real + taken))) {
            return false;
        }
        for (int i = 0; i < taken; i++) {
            int index = slot(ring, real + i);
            Object moved = ring[index];
            ring[index] = null;
            overflow.accept(moved);
        }
        overflow.accept(element);
        return true;
    }

    /**
     * Owner only: appends {@code elements[from, from + count)}, growing the ring as far as needed
     * and allowed, and returns how many it appended: all of them, or as many as fit in the largest
     * ring (or in the current one while a stealer is mid-copy); the caller keeps the rest.
     */
    int pushBackBatch(Object[] elements, int from, int count) {
        int pushed = Math.min(count, makeRoom(count));
        int tailNow = tailPlain();
        Object[] ring = this.ring;
        for (int i = 0; i < pushed; i++) {
            ring[slot(ring, tailNow + i)] = elements[from + i];
        }
        if (pushed > 0) {
            setTailRelease(tailNow + pushed);
        }
        return pushed;
    }

    /**
     * Owner only: grows the ring until {@code wanted} slots are free, or it is at its largest, or
     * a stealer is mid-copy; returns the free slots (stealers only ever free more).
     */
    int makeRoom(int wanted) {
        for (;;) {
            long current = headAcquire();
            int tailNow = tailPlain();
            int capacity = capacityOf(ring);
            int free = capacity - usedSlots(tailNow, current);
            if (free >= wanted || capacity == maxCapacity || stealOf(current) != realOf(current)) {
                return free;
            }
            grow(current, tailNow);
        }
    }

    /** Owner only: {@link #pop(int)} claiming up to {@value #POP_BATCH}. */
    E pop() {
        return pop(POP_BATCH);
    }

    /**
     * Owner only: removes the oldest element, or returns null if the queue is empty. Takes the
     * next claimed element if there is one, else claims a batch of at most {@code mostClaimed}
     * by CAS (see "The owner's claimed batch") and takes its first.
     */
    E pop(int mostClaimed) {
        if (claimedNext != claimedEnd) {
            return takeClaimed();
        }
        long current = headAcquire();
        for (;;) {
            int steal = stealOf(current);
            int real = realOf(current);
            int queued = tailPlain() - real;
            if (queued <= 0) {
                return null;
            }
            int count = queued < BATCH_MIN_QUEUED ? 1 : Math.min(mostClaimed, queued / 8); // queued / 8 >= 2
            int nextReal = real + count;
            long next = steal == real ? pack(nextReal, nextReal) : pack(steal, nextReal);
            if (casHead(current, next)) {
                claimedNext = real;
                claimedEnd = nextReal;
                return takeClaimed();
            }
            current = headAcquire();
        }
    }

    /**
     * Owner only: takes the next element of the claimed batch (no CAS), or returns null if none
     * is left. A worker whose thread ends for good also gives its claimed elements back this way,
     * to push them where stealers find them.
     */
    E popClaimed() {
        return claimedNext == claimedEnd ? null : takeClaimed();
    }

    @SuppressWarnings("unchecked")
    private E takeClaimed() {
        Object[] ring = this.ring;
        int index = slot(ring, claimedNext++);
        E element = (E) ring[index];
        ring[index] = null; // the CAS that claimed it made this slot ours alone; drop the reference for GC
        return element;
    }

    /**
     * Called by the owner of {@code destination} (which must be empty of other work being added):
     * moves half (rounded up) of this queue's elements into {@code destination}, growing it for
     * them if need be (at most as many as it then has free slots), and returns one of them
     * directly (the rest become visible in {@code destination}). Returns null if there was nothing
     * to steal, another stealer (or a grow) is active, or {@code destination} has fewer than half
     * of its slots free.
     *
     * @param stolenCount receives the number of elements taken (index 0), or null
     */
    @SuppressWarnings("unchecked")
    E stealInto(LocalQueue<E> destination, int[] stolenCount) {
        int destinationTail = destination.tailPlain();
        int room = destination.capacity() - (destinationTail - stealOf(destination.headAcquire()));
        if (room < destination.capacity() / 2) {
            return null;
        }
        int taken = stealInto2(destination, destinationTail, room);
        if (taken == 0) {
            return null;
        }
        if (stolenCount != null) {
            stolenCount[0] = taken;
        }
        Object[] destinationRing = destination.ring; // ours: only we grow it (in stealInto2)
        int last = taken - 1;
        int lastIndex = slot(destinationRing, destinationTail + last);
        E element = (E) destinationRing[lastIndex];
        destinationRing[lastIndex] = null;
        if (last > 0) {
            destination.setTailRelease(destinationTail + last);
        }
        return element;
    }

    private int stealInto2(LocalQueue<E> destination, int destinationTail, int room) {
        long previous = headAcquire();
        long claimed;
        int count;
        for (;;) {
            int steal = stealOf(previous);
            int real = realOf(previous);
            if (steal != real) {
                return 0; // another stealer is copying, or the owner is growing the ring
            }
            int available = tailAcquire() - real;
            count = available - available / 2;
            if (count > room) {
                room = destination.makeRoom(count); // before the claim: growing ours may take a while
                count = Math.min(count, room);
            }
            if (count <= 0) {
                return 0;
            }
            claimed = pack(steal, real + count);
            if (casHead(previous, claimed)) {
                break;
            }
            previous = headAcquire();
        }
        // Read after the claim: no grow starts before the releasing CAS below, so this ring holds
        // the claimed range until then.
        Object[] sourceRing = (Object[]) RING.getAcquire(this);
        Object[] destinationRing = destination.ring;
        int first = stealOf(claimed);
        for (int i = 0; i < count; i++) {
            int sourceIndex = slot(sourceRing, first + i);
            destinationRing[slot(destinationRing, destinationTail + i)] = sourceRing[sourceIndex];
            sourceRing[sourceIndex] = null; // still ours until the CAS below releases the range
        }
        // Release the copied range: steal catches up with real (which the owner may have advanced).
        long current = claimed;
        for (;;) {
            int real = realOf(current);
            if (casHead(current, pack(real, real))) {
                return count;
            }
            current = headAcquire();
        }
    }

    /** Elements stealers can take now (racy when read by another thread): the owner's claimed ones are not counted. */
    int size() {
        return tailAcquire() - realOf(headAcquire());
    }

    /** The position the next pop or steal takes (racy when read by another thread). */
    int nextToTake() {
        return realOf(headAcquire());
    }

    /** The position the next push fills (racy when read by another thread). */
    int nextToFill() {
        return tailAcquire();
    }

    /** True if nothing is stealable now (racy when read by another thread). */
    boolean isEmpty() {
        return size() <= 0;
    }

    /** Owner only: true if {@link #pop()} would return null (nothing claimed and nothing queued). */
    boolean isEmptyForOwner() {
        return claimedNext == claimedEnd && isEmpty();
    }

    /** Owner only: how many elements can be pushed before the ring grows or overflows. */
    int remainingSlots() {
        return capacity() - usedSlots(tailPlain(), headAcquire());
    }

    /** Owner only (tests): how many slots of the ring hold a reference; the ones no position holds should not. */
    int referencedSlots() {
        int count = 0;
        for (Object slot : ring) {
            count += slot == null ? 0 : 1;
        }
        return count;
    }

    /** Owner only: the ring's slots now. */
    int capacity() {
        return capacityOf(ring);
    }

    /** A worker's queue: {@link CacheLinePadding#BYTES} after {@code head} and {@code tail}, as before them. */
    static final class Padded<E> extends LocalQueue<E> {

        /** A worker's queue growing to {@code maxCapacity}. */
        Padded(int maxCapacity) {
            super(INITIAL_CAPACITY, maxCapacity);
        }

        @SuppressWarnings("unused")
        private long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
    }
}
