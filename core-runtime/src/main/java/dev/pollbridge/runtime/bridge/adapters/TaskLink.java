package dev.pollbridge.runtime.bridge.adapters;

import dev.pollbridge.api.JoinHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The link from a library-side handle (a {@code Disposable}, a {@code Subscription}) to the
 * runtime task it started, so that cancelling one aborts the other exactly once, whatever the
 * order of spawn, cancel and completion.
 *
 * <p>One slot, four values: {@code null} (not spawned yet), the task's {@link JoinHandle}, and
 * two terminal markers, {@link #CANCELLED} and {@link #FINISHED}; a marker is never replaced.
 * <ul>
 *   <li>{@link #cancel()} (the library side, any thread) installs {@code CANCELLED}, aborts the
 *       handle it replaced, then closes it;
 *   <li>{@link #finish()} (the task, when it has its outcome) installs {@code FINISHED} and only
 *       closes (detaches) the handle it replaced: the task is ending anyway. It tells the task
 *       whether it won against a cancel, so that an outcome is signalled exactly when nobody
 *       cancelled first;
 *   <li>{@link #started} (the spawning thread, once) stores the handle if the slot is still
 *       {@code null}; if a marker got there first it applies it itself (abort and close for
 *       {@code CANCELLED}, close for {@code FINISHED}).
 * </ul>
 * So the handle is aborted at most once and closed exactly once, and a cancel that races the
 * spawn still reaches the task. All transitions are compare-and-set on a volatile slot, which
 * also orders the handle's publication before its use by another thread.
 */
public final class TaskLink {

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
    public void started(JoinHandle<?> handle) {
        if (SLOT.compareAndSet(this, null, handle)) {
            return;
        }
        if (slot == CANCELLED) {
            handle.abort();
        }
        handle.close();
    }

    /** Cancels the task (abort and detach). Returns true for the call that did it. */
    public boolean cancel() {
        Object previous = markTerminal(CANCELLED);
        if (previous == CANCELLED || previous == FINISHED) {
            return false;
        }
        if (previous instanceof JoinHandle<?> handle) {
            handle.abort();
            handle.close();
        }
        return true;
    }

    /**
     * The task has its outcome: detaches its handle. Returns true if this call ended the link,
     * false if a {@link #cancel()} (or an earlier finish) came first.
     */
    public boolean finish() {
        Object previous = markTerminal(FINISHED);
        if (previous instanceof JoinHandle<?> handle) {
            handle.close();
        }
        return previous != CANCELLED && previous != FINISHED;
    }

    /** True once {@link #cancel()} won. */
    public boolean isCancelled() {
        return slot == CANCELLED;
    }

    /** True once cancelled or finished. */
    public boolean isTerminated() {
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
