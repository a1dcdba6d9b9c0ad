package dev.pollbridge.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The children woken since the last poll of a combinator that drives many children inside one
 * task (join, select), so that a poll re-polls only those: one wake costs one child poll, not one
 * poll of every child (the design of futures-rs's {@code FuturesUnordered}).
 *
 * <p>Each child is polled with its own {@link ChildWaker}. Its {@code wake()} puts the child's
 * index on a lock-free stack of woken children, at most once until the owner takes it off, and
 * then wakes the task's waker, which the owner updates on every poll (rule 7: the children keep
 * their child wakers, so a new task waker needs no child poll).
 *
 * <p><b>Threads.</b> {@link ChildWaker#wake()} may run on any thread, any number of times. All
 * other methods belong to the owner, which polls one call at a time (the poll contract).
 *
 * <p><b>No lost wake (rule 6).</b> The owner stores the task's waker (volatile) before it takes
 * the stack, and clears a child's queued flag (volatile) before it polls that child. A wake
 * pushes (CAS) before it reads the task's waker (volatile). So a wake that reads an older waker
 * pushed before the owner's take and is seen by this poll; a wake that finds its child still
 * queued came before the owner's clear, and the poll that follows the clear sees the progress it
 * announces; a wake after the clear queues the child again and wakes the current waker.
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

    private final ChildWaker[] wakers;
    /** Top of the stack of woken children, linked by {@link ChildWaker#next}; CAS only. */
    @SuppressWarnings("unused") // through HEAD
    private volatile ChildWaker head;
    /** The waker of the task polling the owner; the no-op waker once it finished. */
    private volatile Waker task = Waker.noop();
    /** Owner only: no poll yet, so every child counts as woken. */
    private boolean firstPoll = true;
    /** Owner only: the current batch is every child (the first poll). */
    private boolean allWoken;
    /** Owner only: otherwise the current batch's indices, ascending, at the front. */
    private int[] batch = new int[0];

    WokenChildren(int count) {
        wakers = new ChildWaker[count];
        for (int i = 0; i < count; i++) {
            wakers[i] = new ChildWaker(this, i);
        }
    }

    /**
     * Starts a poll of the owner with {@code cx}: stores its waker for the children's wakes and
     * takes the children woken since the previous call (every child on the first call). The
     * batch is then read with {@link #index(int)}, ascending, so a lower index is polled first
     * (the bias of a select and of a fail-fast join stays what it was with a full scan).
     *
     * @return how many children the batch holds
     */
    int beginPoll(Context cx) {
        Waker current = cx.waker();
        if (task != current) {
            task = current; // before the take: see the class comment
        }
        allWoken = firstPoll;
        if (firstPoll) {
            firstPoll = false;
            return wakers.length;
        }
        ChildWaker node = (ChildWaker) HEAD.getAndSet(this, null);
        int size = 0;
        while (node != null) {
            if (size == batch.length) {
                batch = Arrays.copyOf(batch, Math.min(wakers.length, Math.max(4, size * 2)));
            }
            batch[size++] = node.index;
            ChildWaker next = node.next;
            node.next = null; // still queued, so no wake writes it now
            node = next;
        }
        if (size > 1) {
            Arrays.sort(batch, 0, size);
        }
        return size;
    }

    /** The {@code k}th child index of the batch {@link #beginPoll} started. */
    int index(int k) {
        return allWoken ? k : batch[k];
    }

    /**
     * The context to poll child {@code index} with, now: {@code cx}'s attachment and the child's
     * own waker. Marks the child not woken, so a wake from now on queues it again.
     */
    Context contextFor(int index, Context cx) {
        ChildWaker waker = wakers[index];
        QUEUED.setVolatile(waker, 0); // before the child's poll: see the class comment
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
