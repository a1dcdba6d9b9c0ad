package dev.pollbridge.runtime.internal.task;

/**
 * A runtime thread that carries the {@link CoopBudget} of the task it is polling in a field, so
 * the hot path needs no thread-local lookup.
 */
public class BudgetedThread extends Thread {

    /** Units left in the current poll; only this thread reads and writes it. */
    int budget = CoopBudget.UNLIMITED;

    /** A runtime thread running {@code body}. */
    public BudgetedThread(ThreadGroup group, Runnable body, String name) {
        super(group, body, name);
    }
}
