package dev.pollbridge.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The children woken since the last poll of a combinator that drives many children inside one
 * task (join, select), so that a poll re-polls only those: one wake costs one child poll, not one
 * poll of every child (the design of futures-rs's {@code FuturesUnordered}).
 *
 * <p>Each child is polled with its own {@link ChildWaker}, made by the child's first poll (the
 * join handle of a task that already finished needs none: see {@link #poll}). Its
 * {@code wake()} puts the child's index on a lock-free stack of woken children, at most once
 * until the owner takes it off, and then wakes the task's waker, which the owner updates on every
 * poll (rule 7: the children keep their child wakers, so a new task waker needs no child poll).
 *
 * <p><b>Threads.</b> {@link ChildWaker#wake()} may run on any thread, any number of times. All
 * other methods belong to the owner, which polls one call at a time (the poll contract).
 *
 * <p><b>No lost wake (rule 6).</b> The owner stores the task's waker (volatile) before it takes
 * the stack, and clears a child's queued flag (volatile) before it polls that child. A wake
 * pushes (CAS) before it reads the task's waker (volatile). So a wake that reads an older waker
 * pushed before the owner's take and is seen by this poll; a wake that finds its child still
 * queued came before the owner's clear, and the poll that follows the clear sees the progress it
 * announces; a wake after the clear queues the child again and wakes the current waker. A
 * child's first poll with a waker makes that waker, not queued, and stores nothing: no wake could
 * run before it (the waker is handed out by that poll). Every later poll of a child is one it was
 * queued for, so the owner finds its flag set and clears it.
 */
final class WokenChildren {

    private static final VarHandle HEAD;
    private static final VarHandle QUEUED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(WokenChildren.class, "head", ChildWaker.class);
            QUEUED = lookup.findVarHandle(ChildWaker.class, "queued", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Owner only: child i's waker, made by its first poll that needs one ({@link #contextFor}). */
    private final ChildWaker[] wakers;
    /** Top of the stack of woken children, linked by {@link ChildWaker#next}; CAS only. */
    @SuppressWarnings("unused") // through HEAD
    private volatile ChildWaker head;
    /** The waker of the task polling the owner; the no-op waker once it finished. */
    private volatile Waker task = Waker.noop();
    /** Owner only: no poll yet. */
    private boolean firstPoll = true;
    /** Owner only: positions [rangeNext, rangeEnd) of the first poll are still to be polled. */
    private int rangeNext;
    private int rangeEnd;
    /** Owner only: the first poll's position p is child {@code (p + rangeStart) mod count}. */
    private int rangeStart;
    /** Owner only: then the woken children batch[cursor, size), each still marked queued. */
    private int[] batch = new int[0];
    private int cursor;
    private int size;
    /** Owner only: the child {@link #contextFor} was last called for in this poll, or null. */
    private ChildWaker polled;
    /** Owner only: children of this poll that woke themselves while polled. */
    private int yielded;

    WokenChildren(int count) {
        wakers = new ChildWaker[count];
    }

    /**
     * Starts a poll of the owner with {@code cx}: stores its waker for the children's wakes and
     * adds the children woken since the previous call to the ones left to poll (every child on
     * the first call). The owner then polls the indices {@link #next()} returns: in index order
     * within one wake-up batch, so when several children are ready at the same poll the lowest
     * index comes first, except that children left over from a poll cut short come first.
     */
    void beginPoll(Context cx) {
        beginPoll(cx, 0);
    }

    /**
     * {@link #beginPoll(Context)}, but the children added by this call come in index order
     * rotated to begin at {@code start} ({@code start}, {@code start + 1}, ..., the last, the
     * first, ..., {@code start - 1}): a fair select passes a random start on every poll, so no
     * child is first more often than another. Leftovers still come first, in their own order.
     *
     * @param start in {@code [0, count)}
     */
    void beginPoll(Context cx, int start) {
        Waker current = cx.waker();
        if (task != current) {
            task = current; // before the take: see the class comment
        }
        polled = null;
        yielded = 0;
        if (firstPoll) {
            firstPoll = false;
            rangeEnd = wakers.length;
            rangeStart = start;
            return;
        }
        ChildWaker node = (ChildWaker) HEAD.getAndSet(this, null);
        if (node == null) {
            return;
        }
        if (cursor > 0) { // keep the leftovers, at the front
            System.arraycopy(batch, cursor, batch, 0, size - cursor);
            size -= cursor;
            cursor = 0;
        }
        int leftovers = size;
        while (node != null) {
            if (size == batch.length) {
                batch = Arrays.copyOf(batch, Math.min(wakers.length, Math.max(4, size * 2)));
            }
            batch[size++] = node.index;
            ChildWaker next = node.next;
            node.next = null; // still queued, so no wake writes it now
            node = next;
        }
        if (size - leftovers > 1) {
            Arrays.sort(batch, leftovers, size);
            if (start > 0) {
                rotateToStartAt(leftovers, start);
            }
        }
    }

    /** Rotates the sorted batch[from, size) so that it begins with its first index >= start. */
    private void rotateToStartAt(int from, int start) {
        int pivot = from;
        while (pivot < size && batch[pivot] < start) {
            pivot++;
        }
        if (pivot == from || pivot == size) {
            return; // already begins there, or every index is below start: index order is that rotation
        }
        reverse(from, pivot);
        reverse(pivot, size);
        reverse(from, size);
    }

    private void reverse(int from, int to) {
        for (int low = from, high = to - 1; low < high; low++, high--) {
            int swapped = batch[low];
            batch[low] = batch[high];
            batch[high] = swapped;
        }
    }

    /**
     * The next child index to poll in this poll, or -1 when there is none, or when two children
     * woke themselves during their own poll (a child whose task ran out of its poll budget, rule
     * 16, yields that way): polling more would only see more of them yield, so the poll stops and
     * the children not polled stay queued for the next one. Those self-wakes woke the task, so
     * the next poll comes (futures-rs's {@code FuturesUnordered} stops at two such wakes too).
     */
    int next() {
        if (polled != null && (int) QUEUED.getVolatile(polled) == 1 && ++yielded == 2) {
            return -1;
        }
        polled = null;
        if (rangeNext < rangeEnd) {
            int index = rangeNext++ + rangeStart;
            return index < rangeEnd ? index : index - rangeEnd;
        }
        if (cursor < size) {
            return batch[cursor++];
        }
        cursor = 0;
        size = 0;
        return -1;
    }

    /**
     * Polls child {@code index}, now, with {@link #contextFor its context}; a child that is the join
     * handle of a task that already finished, and was never polled with a waker of its own, is
     * polled with {@code cx} instead. Such a handle returns its outcome without storing a waker,
     * so the join of many finished tasks allocates no waker and no context for them. If it still
     * returns pending (its task's poll budget ran out, rule 16; or a handle of another kind), the
     * child is queued here as if it had woken itself, so the next poll polls it again, then with
     * its own waker: a wake the handle sent to {@code cx}'s waker only made that poll come.
     */
    <V> Poll<? extends V> poll(int index, PollFuture<? extends V> child, Context cx) {
        if (wakers[index] != null || !(child instanceof JoinHandle) || !((JoinHandle<?>) child).isFinished()) {
            return child.poll(contextFor(index, cx));
        }
        polled = null;
        Poll<? extends V> poll = child.poll(cx);
        if (poll.isPending()) {
            ChildWaker waker = new ChildWaker(this, index);
            wakers[index] = waker;
            waker.wake(); // queues it and wakes the task again; next() counts it as a self-wake
            polled = waker;
        }
        return poll;
    }

    /**
     * The context to poll child {@code index} with, now: {@code cx}'s attachment and the child's
     * own waker. Marks the child not woken, so a wake from now on queues it again.
     */
    Context contextFor(int index, Context cx) {
        ChildWaker waker = wakers[index];
        if (waker == null) {
            waker = new ChildWaker(this, index); // not queued: its first poll hands it out
            wakers[index] = waker;
        } else if ((int) QUEUED.getVolatile(waker) != 0) {
            QUEUED.setVolatile(waker, 0); // before the child's poll: see the class comment
        }
        polled = waker;
        Context context = waker.context;
        if (context == null || context.attachment() != cx.attachment()) {
            context = cx.withWaker(waker);
            waker.context = context;
        }
        return context;
    }

    /** The owner finished or was closed: later wakes of its children reach no task. */
    void finish() {
        task = Waker.noop();
    }

    private void push(ChildWaker node) {
        ChildWaker top;
        do {
            top = head;
            node.next = top; // published by the CAS
        } while (!HEAD.compareAndSet(this, top, node));
    }

    /** The waker one child is polled with. */
    static final class ChildWaker implements Waker {
        private final WokenChildren owner;
        final int index;
        /** 1 from the wake that pushed it until the owner's {@link #contextFor}; CAS to set. */
        @SuppressWarnings("unused") // through QUEUED
        private volatile int queued;
        /** The next woken child on the stack; written before the push's CAS, read after the take. */
        ChildWaker next;
        /** Owner only: the context this child is polled with, kept while the attachment stays. */
        Context context;

        ChildWaker(WokenChildren owner, int index) {
            this.owner = owner;
            this.index = index;
        }

        /** Marks the child woken (once until the owner polls it again) and wakes the task. */
        @Override
        public void wake() {
            if (QUEUED.compareAndSet(this, 0, 1)) {
                owner.push(this);
                owner.task.wake(); // read after the push: see the class comment
            }
        }
    }
}
