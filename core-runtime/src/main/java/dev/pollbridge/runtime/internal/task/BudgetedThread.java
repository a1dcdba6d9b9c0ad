package dev.pollbridge.runtime.internal.task;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A runtime thread that carries the {@link CoopBudget} of the task it is polling, and the task
 * itself ({@link Task#current()}), in fields, so the hot path needs no thread-local lookup.
 */
public class BudgetedThread extends Thread {

    private static final VarHandle CURRENT_TASK;

    static {
        try {
            CURRENT_TASK = MethodHandles.lookup().findVarHandle(BudgetedThread.class, "currentTask", Task.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Units left in the current poll; only this thread reads and writes it. */
    int budget = CoopBudget.UNLIMITED;
    /**
     * The task this thread is polling or closing, or null. Only this thread writes it (opaque,
     * through {@link #setCurrentTask}) and reads it plainly; other threads read it opaquely
     * ({@link #currentTaskOpaque()}).
     */
    Task<?> currentTask;
    /** The continuation-mode {@code Async} body running on this thread ({@code internal.async.Fiber}), or null; this thread only. */
    private Object mountedBody;

    /** A runtime thread running {@code body}. */
    public BudgetedThread(ThreadGroup group, Runnable body, String name) {
        super(group, body, name);
    }

    /** This thread only: sets {@link #currentTask}, opaque so that a reader elsewhere sees each turn's write. */
    final void setCurrentTask(Task<?> task) {
        CURRENT_TASK.setOpaque(this, task);
    }

    /**
     * Any thread: the task this thread is polling or closing now, or null (a racy snapshot, for the
     * watchdog and the task dump).
     */
    public final Task<?> currentTaskOpaque() {
        return (Task<?>) CURRENT_TASK.getOpaque(this);
    }

    /** The {@code Async} body running on this thread, or null (a field, so an await needs no thread-local lookup). */
    public final Object mountedBody() {
        return mountedBody;
    }

    /** Sets what {@link #mountedBody()} returns; this thread only. */
    public final void mountBody(Object body) {
        mountedBody = body;
    }
}
