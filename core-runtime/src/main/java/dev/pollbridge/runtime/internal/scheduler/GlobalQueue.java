package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.internal.task.Task;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;

/**
 * The global injection queue: tasks spawned or woken from outside the workers, and overflow from
 * full local queues. Many producers and many consumers (every worker polls it), unbounded (a
 * spawn never fails for lack of room; rule 15's bound on work in flight is the user's semaphore's
 * job, and in practice the producers' own rate bounds it).
 *
 * <p>An entry is a task, or a <b>batch</b>: an {@code Object[]} of two or more tasks in push order,
 * which a full local queue hands over in one push ({@link #pushBatch}, Tokio's
 * {@code push_batch}: the overflowing half of a local queue costs one push, not one per task).
 * A consumer takes a batch whole, as one entry, and queues its tasks locally.
 *
 * <h2>Design</h2>
 * Pedro Ramalhete and Andreia Correia's {@code FAAArrayQueue} (ConcurrencyFreaks, 2016): a
 * Michael-Scott linked list of {@link Node}s, each an array of {@value #NODE_SIZE} slots with two
 * fetch-and-add counters. Our own code, on {@link VarHandle}s.
 * <ul>
 *   <li>{@link #push}: fetch-and-add {@code enqueued} on the tail node claims slot {@code i};
 *       a CAS {@code null -> task} on slot {@code i} publishes the task. If a consumer poisoned
 *       the slot first (below), the CAS fails and the producer claims another slot. A producer
 *       that claims past the end links a new node holding its task in slot 0 (a CAS on
 *       {@code next}) and swings {@code tail}; others help swing it.
 *   <li>{@link #poll}: fetch-and-add {@code dequeued} on the head node claims slot {@code i}
 *       for this consumer alone. If the slot holds a task, the consumer takes it and leaves
 *       {@link #TAKEN} behind with a release store (only it and the slot's producer ever touch
 *       the slot, and the producer is done). If the slot is still null, a producer claimed it
 *       but has not stored yet: a CAS {@code null -> TAKEN} poisons it and the consumer goes on
 *       to the next slot, so a consumer never waits for a stalled producer (if the CAS fails, the
 *       producer stored meanwhile and the consumer takes the task). A consumer that claims past
 *       the end moves {@code head} to the next node, or finds the queue empty. An empty queue
 *       is detected by reads alone, so idle workers polling it write nothing.
 * </ul>
 * The original swaps every slot with {@code TAKEN}; reading first makes the common path of a
 * pop one atomic instruction (the fetch-and-add) instead of two.
 *
 * <p>Every slot is claimed by exactly one consumer before {@code head} leaves its node (the move
 * needs a claim past the end), so each pushed task is taken exactly once. One producer's pushes
 * land in increasing slots, and one consumer's claims increase, so a consumer sees each
 * producer's tasks in push order (FIFO per producer).
 *
 * <p><b>Progress:</b> lock-free on both ends. A failed step of one thread means another thread
 * completed an operation (claimed a slot, linked a node, or poisoned the slot the first one
 * claimed and returned). A producer can in theory be delayed by consumers poisoning its slots;
 * each poison needs a consumer to claim exactly the slot between the producer's claim and its
 * store, so it is rare and costs one slot. Memory: one node of {@value #NODE_SIZE} slots
 * (about 4 KB) per {@value #NODE_SIZE} pushes; a taken slot holds {@link #TAKEN}, so a drained
 * node keeps no task alive, and the garbage collector frees nodes behind {@code head}.
 *
 * <h2>What the engine relies on</h2>
 * <ul>
 *   <li><b>No lost wake</b> ({@link Idle}): a push takes effect at its successful CAS, a volatile
 *       read-modify-write, so it is sequentially consistent with the producer's later read of
 *       the idle word, and with a searcher's {@link #isEmpty()} after its own decrement of that
 *       word. Once the CAS happened, {@code isEmpty()} is false until a consumer claimed that
 *       slot.
 *   <li>{@link #poll()} returns null only when the queue is empty: every entry whose push has
 *       returned is either in a slot no consumer has claimed yet (and this or a later pop finds
 *       it) or claimed by a consumer that returns it. The only null besides empty is a push still
 *       in progress, which takes effect later, in another slot.
 *   <li>{@link #size()} is O(1): each node knows the global position of its slot 0, so the size
 *       is the tail's claimed position minus the head's, plus the tasks that batches hold beyond
 *       their one slot (a counter).
 * </ul>
 */
final class GlobalQueue {

    /** Slots per node. */
    static final int NODE_SIZE = 1024;

    /** What a consumer leaves in a slot: taken, or poisoned before its producer stored. */
    private static final Object TAKEN = new Object();

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle BATCHED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(GlobalQueue.class, "head", Node.class);
            TAIL = lookup.findVarHandle(GlobalQueue.class, "tail", Node.class);
            BATCHED = lookup.findVarHandle(GlobalQueue.class, "batched", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The node consumers claim from; moved forward by CAS, by consumers only. Package-private for tests. */
    volatile Node head;
    /** The node producers claim from (or one behind it); moved forward by CAS, by producers only. Package-private for tests. */
    volatile Node tail;
    /**
     * Tasks in batch entries beyond one per entry, for {@link #size()}: added before a batch is
     * pushed, subtracted after it was taken (getAndAdd, one per batch).
     */
    @SuppressWarnings("unused")
    private volatile long batched;

    GlobalQueue() {
        Node first = new Node(0, null);
        head = first;
        tail = first;
    }

    /** Adds {@code task} at the tail. Lock-free; never fails. */
    void push(Task<?> task) {
        pushEntry(task);
    }

    /**
     * Adds {@code tasks} (two or more, in order; the queue keeps the array) at the tail as one
     * entry, which one consumer will take whole. Lock-free; never fails.
     */
    void pushBatch(Object[] tasks) {
        assert tasks.length >= 2;
        BATCHED.getAndAdd(this, (long) tasks.length - 1);
        pushEntry(tasks);
    }

    private void pushEntry(Object task) {
        while (true) {
            Node last = tail;
            int slot = last.claimEnqueue();
            if (slot < NODE_SIZE) {
                if (SLOT.compareAndSet(last.slots, slot, (Object) null, (Object) task)) {
                    return;
                }
                continue; // poisoned by a consumer: claim another slot
            }
            // The node is full: link a new one (holding the task), or help the producer that did.
            if (last != tail) {
                continue;
            }
            Node next = last.next;
            if (next == null) {
                Node fresh = new Node(last.base + NODE_SIZE, task);
                if (last.casNext(fresh)) {
                    TAIL.compareAndSet(this, last, fresh);
                    return;
                }
                next = last.next;
            }
            TAIL.compareAndSet(this, last, next);
        }
    }

    /**
     * The oldest entry: a {@link Task}, or a batch ({@code Object[]} of tasks in push order, see
     * {@link #pushBatch}); null if the queue is empty. Lock-free; never waits for a producer.
     */
    Object poll() {
        Object entry = pollEntry();
        if (entry instanceof Object[]) {
            BATCHED.getAndAdd(this, 1L - ((Object[]) entry).length);
        }
        return entry;
    }

    private Object pollEntry() {
        while (true) {
            Node first = head;
            if (first.isDrained() && first.next == null) {
                return null;
            }
            int slot = first.claimDequeue();
            if (slot >= NODE_SIZE) {
                Node next = first.next;
                if (next == null) {
                    return null;
                }
                HEAD.compareAndSet(this, first, next);
                continue;
            }
            // This consumer alone claimed the slot; only its producer may still write it.
            Object task = SLOT.getAcquire(first.slots, slot);
            if (task == null) {
                task = SLOT.compareAndExchange(first.slots, slot, (Object) null, TAKEN);
                if (task == null) {
                    continue; // poisoned: its producer has not stored yet and will retry elsewhere
                }
            }
            SLOT.setRelease(first.slots, slot, TAKEN); // the producer is done here: drop the reference
            return task;
        }
    }

    /** Adds the tasks of {@code entry} (from {@link #poll()}: a task or a batch) to {@code into}. */
    static void addTasks(Object entry, List<Task<?>> into) {
        if (entry instanceof Object[]) {
            for (Object task : (Object[]) entry) {
                into.add((Task<?>) task);
            }
        } else {
            into.add((Task<?>) entry);
        }
    }

    /**
     * Tasks queued now: exact when quiescent, approximate while producers and consumers run (a
     * push or pop in progress may be counted or not). Never negative.
     */
    int size() {
        Node first = head;
        Node last = tail; // read second: it may lag behind a head read first, never the reverse by much
        long size = last.claimedEnqueuePosition() - first.claimedDequeuePosition() + (long) BATCHED.getVolatile(this);
        return (int) Math.max(0, Math.min(size, Integer.MAX_VALUE));
    }

    /**
     * True if no task is queued. False while a push that has taken effect waits for a consumer;
     * may also be false, harmlessly, while a push is in progress.
     */
    boolean isEmpty() {
        Node first = head;
        return first.isDrained() && first.next == null;
    }

    /** Closer only: drops everything. */
    void clear() {
        while (poll() != null) {
            // drop
        }
    }

    /**
     * A segment of the queue. Its counters only grow; values past {@link #NODE_SIZE} are claims
     * that found the node full.
     */
    static final class Node {

        private static final VarHandle ENQUEUED;
        private static final VarHandle DEQUEUED;
        private static final VarHandle NEXT;

        static {
            try {
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                ENQUEUED = lookup.findVarHandle(Node.class, "enqueued", int.class);
                DEQUEUED = lookup.findVarHandle(Node.class, "dequeued", int.class);
                NEXT = lookup.findVarHandle(Node.class, "next", Node.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** The global position of slot 0 (for {@link GlobalQueue#size()}). Immutable. */
        final long base;
        /** Null (free), a task, or {@link #TAKEN}; see the class comment for who writes what. */
        final Object[] slots = new Object[NODE_SIZE];
        /** Slots claimed by producers; fetch-and-add only. */
        @SuppressWarnings("unused")
        private volatile int enqueued;
        /** Slots claimed by consumers; fetch-and-add only. */
        @SuppressWarnings("unused")
        private volatile int dequeued;
        /** The next node; set once, by CAS, by the producer that found this one full. */
        volatile Node next;

        /**
         * A node whose slot 0 holds {@code first} (claimed and stored), or an empty node. The
         * node is published by the CAS on the previous node's {@code next} (or by the queue's
         * constructor), which makes these plain writes visible to every thread that reaches it.
         */
        Node(long base, Object first) {
            this.base = base;
            if (first != null) {
                slots[0] = first;
                ENQUEUED.set(this, 1);
            }
        }

        int claimEnqueue() {
            return (int) ENQUEUED.getAndAdd(this, 1);
        }

        int claimDequeue() {
            return (int) DEQUEUED.getAndAdd(this, 1);
        }

        boolean casNext(Node fresh) {
            return NEXT.compareAndSet(this, null, fresh);
        }

        /** Every slot producers claimed here is claimed by a consumer too. */
        boolean isDrained() {
            return (int) DEQUEUED.getVolatile(this) >= Math.min((int) ENQUEUED.getVolatile(this), NODE_SIZE);
        }

        long claimedEnqueuePosition() {
            return base + Math.min((int) ENQUEUED.getVolatile(this), NODE_SIZE);
        }

        long claimedDequeuePosition() {
            return base + Math.min((int) DEQUEUED.getVolatile(this), NODE_SIZE);
        }
    }
}
