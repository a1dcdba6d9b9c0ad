package dev.pollbridge.rxjava3;

import dev.pollbridge.runtime.JoinHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The link from an RxJava {@code Disposable} to the runtime task it started, so that disposing
 * one aborts the other exactly once, whatever the order of spawn, dispose and completion. (The
 * Reactor adapter has the same link; each adapter keeps its own copy, since the two modules do not
 * depend on each other.)
 *
 * <p>One slot, four values: {@code null} (not spawned yet), the task's {@link JoinHandle}, and
 * two terminal markers, {@link #CANCELLED} and {@link #FINISHED}; a marker is never replaced.
 * <ul>
 *   <li>{@link #cancel()} (the RxJava side, any thread) installs {@code CANCELLED}, aborts the
 *       handle it replaced, then closes it;
 *   <li>{@link #finish()} (the task, when it has its outcome) installs {@code FINISHED} and only
 *       closes (detaches) the handle it replaced; it tells the task whether it won against a
 *       cancel, so that the outcome is signalled exactly when nobody disposed first;
 *   <li>{@link #started} (the spawning thread, once) stores the handle if the slot is still
 *       {@code null}; if a marker got there first it applies it itself (abort and close for
 *       {@code CANCELLED}, close for {@code FINISHED}).
 * </ul>
 * So the handle is aborted at most once and closed exactly once, and a dispose that races the
 * spawn still reaches the task. All transitions are compare-and-set on a volatile slot, which
 * also orders the handle's publication before its use by another thread.
 */
final class TaskLink {

    private static final Object CANCELLED = new Object();
    private static final Object FINISHED = new Object();

    private static final VarHandle SLOT;
    static {
        try {
            SLOT = MethodHandles.lookup().findVarHandle(TaskLink.class, "slot", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** null, the JoinHandle, {@link #CANCELLED} or {@link #FINISHED}. Only via {@link #SLOT}. */
    @SuppressWarnings("unused")
    private volatile Object slot;

    /** Records the spawned task's handle; called once, by the spawning thread. */
    void started(JoinHandle<?> handle) {
        if (SLOT.compareAndSet(this, null, handle)) {
            return;
        }
        if (slot == CANCELLED) {
            handle.abort();
        }
        handle.close();
    }

    /** Cancels the task (abort and detach). Returns true for the call that did it. */
    boolean cancel() {
        Object previous = markTerminal(CANCELLED);
        if (previous == CANCELLED || previous == FINISHED) {
            return false;
        }
        if (previous instanceof JoinHandle<?>) {
            JoinHandle<?> handle = (JoinHandle<?>) previous;
            handle.abort();
            handle.close();
        }
        return true;
    }

    /**
     * The task has its outcome: detaches its handle. Returns true if this call ended the link,
     * false if a {@link #cancel()} (or an earlier finish) came first.
     */
    boolean finish() {
        Object previous = markTerminal(FINISHED);
        if (previous instanceof JoinHandle<?>) {
            ((JoinHandle<?>) previous).close();
        }
        return previous != CANCELLED && previous != FINISHED;
    }

    /** True once {@link #cancel()} won. */
    boolean isCancelled() {
        return slot == CANCELLED;
    }

    /** True once cancelled or finished. */
    boolean isTerminated() {
        Object current = slot;
        return current == CANCELLED || current == FINISHED;
    }

    /** Installs {@code marker} unless a marker is there; returns what was there before. */
    private Object markTerminal(Object marker) {
        for (;;) {
            Object current = slot;
            if (current == CANCELLED || current == FINISHED) {
                return current;
            }
            if (SLOT.compareAndSet(this, current, marker)) {
                return current;
            }
        }
    }
}
