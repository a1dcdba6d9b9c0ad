package dev.pollbridge.runtime.internal.scheduler;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Consumer;

/**
 * A worker's bounded run queue: single producer (the owning worker), many consumers (the owner
 * pops, other workers steal half). The design is Tokio's {@code queue.rs}: a ring of slots, a
 * {@code tail} only the owner writes, and a {@code head} word packing two 32-bit positions,
 * {@code steal} and {@code real}. Tokio's ring has 256 slots; ours has {@value #CAPACITY}, so a
 * poll that spawns a few thousand tasks (a join over them) keeps them in its queue instead of
 * sending half of it to the global queue at every 128 spawns: join_many n=100,000 ran about 15 %
 * faster with 4,096 slots than with 256 in alternated JMH forks, though two full benchmark runs
 * did not show it ({@code docs/performance.md}, "The local queue's 256 slots cost join_many
 * n=100,000 about a fifth" and "Runs 19 and 20").
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

    /** Slots in the ring; a power of two. */
    static final int CAPACITY = 4096;
    private static final int MASK = CAPACITY - 1;
    /** Unused slots before and after the ring's {@link #CAPACITY}: 128 bytes with compressed references. */
    static final int PAD = 32;
    /** {@link #pushBack} result: the element (and half the queue) went to the overflow sink. */
    static final int OVERFLOWED = -1;
    /** The most elements one {@link #pop()} claims (see "The owner's claimed batch"). */
    static final int POP_BATCH = 8;
    /** Below this many queued elements a {@link #pop()} claims one. */
    static final int BATCH_MIN_QUEUED = 16;

    private static final VarHandle HEAD;
    private static final VarHandle TAIL;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(LocalQueue.class, "head", long.class);
            TAIL = lookup.findVarHandle(LocalQueue.class, "tail", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The ring, in {@code [PAD, PAD + CAPACITY)} (see {@link #slot}). A slot is written by the
     * owner (or by the owner stealing into it) only while free.
     */
    private final Object[] buffer = new Object[PAD + CAPACITY + PAD];
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

    /** The buffer index of queue position {@code position}. */
    private static int slot(int position) {
        return PAD + (position & MASK);
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
     * Owner only: appends {@code element}. If the ring is full, moves half of it plus
     * {@code element} to {@code overflow} (in FIFO order) instead; if it is full because a stealer
     * is mid-copy, or fewer than half of its slots are stealable (the owner's claimed batch is
     * older than the rest), sends just {@code element} there.
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
            if (usedSlots(tailNow, current) < CAPACITY) {
                buffer[slot(tailNow)] = element;
                setTailRelease(tailNow + 1);
                return tailNow - real;
            }
            if (steal != real || tailNow - real < CAPACITY / 2) {
                // Full, but not of stealable elements: a stealer is mid-copy, or the owner's
                // claimed batch holds the oldest slots while stealers emptied those after it.
                overflow.accept(element);
                return OVERFLOWED;
            }
            if (pushOverflow(element, real, tailNow, overflow)) {
                return OVERFLOWED;
            }
            // A stealer took some tasks meanwhile: there is room now; retry.
        }
    }

    /** Claims the older half of a full ring by CAS, then hands it and {@code element} to {@code overflow}. */
    private boolean pushOverflow(E element, int real, int tailNow, Consumer<Object> overflow) {
        int taken = CAPACITY / 2;
        assert tailNow - real >= taken;
        if (!casHead(pack(real, real), pack(real + taken, real + taken))) {
            return false;
        }
        for (int i = 0; i < taken; i++) {
            int index = slot(real + i);
            Object moved = buffer[index];
            buffer[index] = null;
            overflow.accept(moved);
        }
        overflow.accept(element);
        return true;
    }

    /**
     * Owner only: appends up to the free room of {@code count} elements from {@code elements};
     * the caller checked {@link #remainingSlots()} first (stealers only ever free room).
     */
    void pushBackBatch(Object[] elements, int count) {
        long current = headAcquire();
        int tailNow = tailPlain();
        if (count > CAPACITY - usedSlots(tailNow, current)) {
            throw new IllegalStateException("batch of " + count + " does not fit");
        }
        for (int i = 0; i < count; i++) {
            buffer[slot(tailNow + i)] = elements[i];
        }
        setTailRelease(tailNow + count);
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
        int index = slot(claimedNext++);
        E element = (E) buffer[index];
        buffer[index] = null; // the CAS that claimed it made this slot ours alone; drop the reference for GC
        return element;
    }

    /**
     * Called by the owner of {@code destination} (which must be empty of other work being added):
     * moves half (rounded up) of this queue's elements into {@code destination} and returns one
     * of them directly (the rest become visible in {@code destination}). Returns null if there was
     * nothing to steal, another stealer is active, or {@code destination} lacks room.
     *
     * @param stolenCount receives the number of elements taken (index 0), or null
     */
    @SuppressWarnings("unchecked")
    E stealInto(LocalQueue<E> destination, int[] stolenCount) {
        int destinationTail = destination.tailPlain();
        int destinationSteal = stealOf(destination.headAcquire());
        if (destinationTail - destinationSteal > CAPACITY / 2) {
            return null;
        }
        int taken = stealInto2(destination, destinationTail);
        if (taken == 0) {
            return null;
        }
        if (stolenCount != null) {
            stolenCount[0] = taken;
        }
        int last = taken - 1;
        int lastIndex = slot(destinationTail + last);
        E element = (E) destination.buffer[lastIndex];
        destination.buffer[lastIndex] = null;
        if (last > 0) {
            destination.setTailRelease(destinationTail + last);
        }
        return element;
    }

    private int stealInto2(LocalQueue<E> destination, int destinationTail) {
        long previous = headAcquire();
        long claimed;
        int count;
        for (;;) {
            int steal = stealOf(previous);
            int real = realOf(previous);
            if (steal != real) {
                return 0; // another stealer is copying
            }
            int available = tailAcquire() - real;
            count = available - available / 2;
            if (count <= 0) {
                return 0;
            }
            claimed = pack(steal, real + count);
            if (casHead(previous, claimed)) {
                break;
            }
            previous = headAcquire();
        }
        int first = stealOf(claimed);
        for (int i = 0; i < count; i++) {
            int sourceIndex = slot(first + i);
            destination.buffer[slot(destinationTail + i)] = buffer[sourceIndex];
            buffer[sourceIndex] = null; // still ours until the CAS below releases the range
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

    /** Owner only: how many elements can be pushed before overflowing. */
    int remainingSlots() {
        return CAPACITY - usedSlots(tailPlain(), headAcquire());
    }

    /** A worker's queue: {@link CacheLinePadding#BYTES} after {@code head} and {@code tail}, as before them. */
    static final class Padded<E> extends LocalQueue<E> {
        @SuppressWarnings("unused")
        private long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
    }
}
