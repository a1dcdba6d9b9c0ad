package dev.pollbridge.runtime.internal.task;

/**
 * A runtime thread that carries the {@link CoopBudget} of the task it is polling, and the task
 * itself ({@link Task#current()}), in fields, so the hot path needs no thread-local lookup.
 */
public class BudgetedThread extends Thread {

    /** Units left in the current poll; only this thread reads and writes it. */
    int budget = CoopBudget.UNLIMITED;
    /** The task this thread is polling, or null; only this thread reads and writes it. */
    Task<?> currentTask;
    /** The continuation-mode {@code Async} body running on this thread ({@code internal.async.Fiber}), or null; this thread only. */
    private Object mountedBody;

    /** A runtime thread running {@code body}. */
    public BudgetedThread(ThreadGroup group, Runnable body, String name) {
        super(group, body, name);
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
