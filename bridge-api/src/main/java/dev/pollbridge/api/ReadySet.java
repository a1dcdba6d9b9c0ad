package dev.pollbridge.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A set of children that grows and shrinks while its owner polls it, each child polled with a
 * waker of its own, so that a poll polls only the children that woke (or are new) and one wake
 * costs one child poll. The engine of {@link FuturesUnordered} (and so of {@link FuturesOrdered}
 * and the buffered streams) and of {@link MergeStream}; the dynamic counterpart of {@link WokenChildren} (futures-rs's
 * {@code FuturesUnordered} and its ready-to-run queue are the design).
 *
 * <p><b>The ready queue.</b> A woken child's {@link Node} goes on a lock-free stack (Treiber, CAS
 * on {@link #head}); {@link #beginPoll} takes the whole stack with one swap and appends it, in
 * wake order, to the owner's FIFO {@link #toPoll}. New children ({@link #add}) and children the
 * owner wants polled again without a wake ({@link #requeue}) go straight to the FIFO. A node's
 * {@link Node#queued} flag is 1 while it is on the stack or in the FIFO, so a child is queued at
 * most once however often it wakes; it is cleared just before the child is polled, and set for
 * good when the child leaves the set.
 *
 * <p><b>Threads.</b> {@link Node#wake()} may run on any thread, any number of times, also after
 * the child left the set or the owner finished. Every other method belongs to the owner, which
 * calls them one at a time (the poll contract); the fields marked "owner only" need no
 * synchronisation.
 *
 * <p><b>No lost wake (rule 6).</b> The owner stores the task's waker (volatile) before it reads
 * and takes the stack, and clears a child's queued flag (volatile) before it polls that child. A wake sets
 * the flag (CAS), pushes (CAS), then reads the task's waker (volatile). So: a wake that reads an
 * older waker pushed before the owner's take, and this poll sees it; a wake that finds the flag
 * still set came before the clear, and the child's poll that follows the clear sees the progress
 * it announces; a wake after the clear queues the child again and wakes the current waker.
 *
 * <p><b>Progress.</b> A wake is lock-free (one CAS loop on the stack); the owner's calls are
 * wait-free except {@link #beginPoll}'s walk of the stack it took, linear in the wakes taken.
 *
 * @param <C> the child type (a future or a stream)
 */
final class ReadySet<C> {

    private static final VarHandle HEAD;
    private static final VarHandle QUEUED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(ReadySet.class, "head", Node.class);
            QUEUED = lookup.findVarHandle(Node.class, "queued", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Top of the stack of woken children, linked by {@link Node#next}; CAS only. */
    @SuppressWarnings("unused") // through HEAD
    private volatile Node<C> head;
    /** The waker of the task polling the owner; the no-op waker once the owner finished. */
    private volatile Waker task = Waker.noop();
    /** Owner only: the queued children this poll (and the next ones) will poll, oldest first. */
    private final ArrayDeque<Node<C>> toPoll = new ArrayDeque<>();
    /** Owner only: the live children, a doubly-linked list through {@link Node#before}/{@link Node#after}. */
    private Node<C> first;
    private int size;
    /** Owner only: the child {@link #contextFor} was last called for in this poll, or null. */
    private Node<C> polled;
    /** Owner only: children of this poll that woke themselves while polled. */
    private int yielded;

    /** The number of children in the set. */
    int size() {
        return size;
    }

    /**
     * Adds {@code child}, queued to be polled by the next poll (after the children queued
     * before it). Wakes nobody: the owner's caller polls the owner after adding, as with
     * futures-rs's {@code push}.
     */
    Node<C> add(C child) {
        Node<C> node = new Node<>(this, child);
        node.after = first;
        if (first != null) {
            first.before = node;
        }
        first = node;
        size++;
        toPoll.addLast(node); // queued is 1 from the constructor
        return node;
    }

    /**
     * Starts a poll of the owner with {@code cx}: stores its waker for the children's wakes and
     * queues the children woken since the previous call, in the order they woke.
     */
    void beginPoll(Context cx) {
        Waker current = cx.waker();
        if (task != current) {
            task = current; // before the take: see the class comment
        }
        polled = null;
        yielded = 0;
        if (head == null) {
            return; // nothing woke; a wake that pushes after this read wakes the current waker
        }
        @SuppressWarnings("unchecked")
        Node<C> taken = (Node<C>) HEAD.getAndSet(this, null);
        Node<C> reversed = null; // the stack is newest first: reverse it into wake order
        while (taken != null) {
            Node<C> next = taken.next;
            taken.next = reversed; // still queued, so no wake writes it now
            reversed = taken;
            taken = next;
        }
        while (reversed != null) {
            Node<C> next = reversed.next;
            reversed.next = null;
            toPoll.addLast(reversed);
            reversed = next;
        }
    }

    /**
     * The next child to poll in this poll, or null when none is queued, or when two children woke
     * themselves during their own poll (a child whose task ran out of its poll budget, rule 16,
     * yields that way): polling more would only see more of them yield, so the poll stops and the
     * children not polled stay queued for the next one. Those self-wakes woke the task, so the
     * next poll comes (futures-rs's {@code FuturesUnordered} stops at two such wakes too).
     * Children that left the set while queued are skipped.
     */
    Node<C> next() {
        if (polled != null && (int) QUEUED.getVolatile(polled) == 1 && ++yielded == 2) {
            return null;
        }
        polled = null;
        Node<C> node;
        do {
            node = toPoll.pollFirst();
        } while (node != null && node.child == null);
        return node;
    }

    /**
     * The context to poll {@code node}'s child with, now: {@code cx}'s attachment and the child's
     * own waker. Marks the child not queued, so a wake from now on queues it again.
     */
    Context contextFor(Node<C> node, Context cx) {
        QUEUED.setVolatile(node, 0); // before the child's poll: see the class comment
        polled = node;
        Context context = node.context;
        if (context == null || context.attachment() != cx.attachment()) {
            context = cx.withWaker(node);
            node.context = context;
        }
        return context;
    }

    /**
     * Queues {@code node} to be polled again by a later poll without a wake (a merge input that
     * just yielded an item may have more), behind the children already queued. Wakes nobody.
     */
    void requeue(Node<C> node) {
        if (QUEUED.compareAndSet(node, 0, 1)) {
            toPoll.addLast(node);
        }
        // Otherwise it woke during its poll and is on the stack already: the next poll takes it.
    }

    /**
     * Takes {@code node}'s child out of the set and returns it (for its caller to close). Its
     * waker does nothing from now on.
     */
    C remove(Node<C> node) {
        C child = node.child;
        node.child = null;
        // No wake queues it again. A release store is enough: a wake that still sees 0 pushes a
        // node whose child is gone, and the take skips it (child is owner-only).
        QUEUED.setRelease(node, 1);
        if (polled == node) {
            polled = null; // its flag no longer says it yielded
        }
        if (node.before != null) {
            node.before.after = node.after;
        } else {
            first = node.after;
        }
        if (node.after != null) {
            node.after.before = node.before;
        }
        node.before = null;
        node.after = null;
        node.context = null;
        size--;
        return child;
    }

    /** Takes every child out of the set, for the owner to close; the set is empty afterwards. */
    List<C> removeAll() {
        List<C> children = new ArrayList<>(size);
        while (first != null) {
            children.add(remove(first));
        }
        toPoll.clear();
        return children;
    }

    /** The owner finished or was closed: later wakes of its children reach no task. */
    void finish() {
        task = Waker.noop();
    }

    /** The owner's end (failed or closed): {@link #finish()}, then takes every child out and closes it. */
    static <C extends AutoCloseable> void finishAndCloseAll(ReadySet<C> set) {
        set.finish();
        Closer.closeAll(set.removeAll());
    }

    private void push(Node<C> node) {
        Node<C> top;
        do {
            top = head;
            node.next = top; // published by the CAS
        } while (!HEAD.compareAndSet(this, top, node));
    }

    /** One child of the set, and the waker it is polled with. */
    static final class Node<C> implements Waker {
        private final ReadySet<C> owner;
        /** Owner only: the child, or null once it left the set. */
        C child;
        /**
         * 1 while queued (on the stack or in the owner's FIFO) and for good once the child left
         * the set; 0 while the child was polled and has not woken since. CAS to set from a wake.
         */
        @SuppressWarnings("unused") // through QUEUED
        private volatile int queued = 1;
        /** The next woken node on the stack; written before the push's CAS, read after the take. */
        Node<C> next;
        /** Owner only: the live list. */
        Node<C> before;
        Node<C> after;
        /** Owner only: the context this child is polled with, kept while the attachment stays. */
        Context context;

        Node(ReadySet<C> owner, C child) {
            this.owner = owner;
            this.child = child;
        }

        /** Queues the child (once until the owner polls it again) and wakes the task. */
        @Override
        public void wake() {
            if (QUEUED.compareAndSet(this, 0, 1)) {
                owner.push(this);
                owner.task.wake(); // read after the push: see the class comment
            }
        }
    }
}
