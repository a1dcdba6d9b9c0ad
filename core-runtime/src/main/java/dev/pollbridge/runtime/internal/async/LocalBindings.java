package dev.pollbridge.runtime.internal.async;

/**
 * The task-local values in force on the current thread.
 *
 * <p>The bindings are an immutable singly linked list of {@link Frame}s, newest first, held in
 * one {@link ThreadLocal}. A scope pushes a frame before it polls its future and puts the
 * previous head back after the poll, so a value is visible exactly while its task is being
 * polled, under any poller (a runtime worker, a {@code MockTask}, a combinator, an
 * {@code Async} body thread). Shadowing is a newer frame with the same key; lookups walk from the
 * head, so the innermost scope wins.
 *
 * <p>Because frames are immutable, "the bindings of this poll" is one reference: an
 * {@code Async} future copies the head at each of its polls and installs it on its body thread,
 * which is how task-locals reach a body and the futures it awaits.
 *
 * <p>Thread safety: the thread-local is only touched by its own thread; frames are immutable
 * (final fields), so a head published through a volatile field is safe to read on another thread.
 */
public final class LocalBindings {

    private static final ThreadLocal<Frame> HEAD = new ThreadLocal<>();

    private LocalBindings() {}

    /** One binding; immutable. */
    public static final class Frame {
        final Object key;
        final Object value;
        final Frame next;
        /** True if a task spawned while this binding is in force gets it too. */
        final boolean inherited;

        /** A binding of {@code key} to {@code value} in front of {@code next}, not inherited. */
        public Frame(Object key, Object value, Frame next) {
            this(key, value, next, false);
        }

        /**
         * A binding of {@code key} to {@code value} in front of {@code next}; {@code inherited}:
         * a task spawned while it is in force gets it too ({@link InheritedLocals}).
         */
        public Frame(Object key, Object value, Frame next, boolean inherited) {
            this.key = key;
            this.value = value;
            this.next = next;
            this.inherited = inherited;
        }

        /** The bindings this frame shadows, or {@code null}. */
        public Frame next() {
            return next;
        }
    }

    /** The current thread's bindings, or {@code null} when none are in force. */
    public static Frame current() {
        return HEAD.get();
    }

    /**
     * Replaces the current thread's bindings and returns the previous head, to be handed back
     * to this method when the scope ends.
     */
    public static Frame install(Frame head) {
        Frame previous = HEAD.get();
        if (previous != head) {
            HEAD.set(head);
        }
        return previous;
    }

    /**
     * The inherited bindings of {@code head}, innermost first, one per key (a shadowed binding
     * is left out), as a new chain ending in {@code null}; {@code null} if there are none.
     */
    static Frame inheritedOf(Frame head) {
        java.util.ArrayList<Frame> kept = null;
        for (Frame frame = head; frame != null; frame = frame.next) {
            if (!frame.inherited || shadowed(head, frame)) {
                continue;
            }
            if (kept == null) {
                kept = new java.util.ArrayList<>(4);
            }
            kept.add(frame);
        }
        if (kept == null) {
            return null;
        }
        return chain(kept, null);
    }

    /** True if a frame in front of {@code frame} binds the same key. */
    private static boolean shadowed(Frame head, Frame frame) {
        for (Frame before = head; before != frame; before = before.next) {
            if (before.key == frame.key) {
                return true;
            }
        }
        return false;
    }

    /** {@code frames} (innermost first) re-linked in front of {@code tail}. */
    static Frame chain(java.util.List<Frame> frames, Frame tail) {
        Frame head = tail;
        for (int i = frames.size() - 1; i >= 0; i--) {
            Frame frame = frames.get(i);
            head = new Frame(frame.key, frame.value, head, true);
        }
        return head;
    }

    /** The value bound to {@code key} on the current thread, or {@code null} if unbound. */
    public static Object lookup(Object key) {
        for (Frame frame = HEAD.get(); frame != null; frame = frame.next) {
            if (frame.key == key) {
                return frame.value;
            }
        }
        return null;
    }
}
