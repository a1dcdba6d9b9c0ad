package dev.pollbridge.runtime.internal.task;

import dev.pollbridge.api.Context;

/**
 * The per-task poll budget (rule 16; Tokio's {@code coop} module). Each time the runtime polls a
 * task it grants {@link #PER_POLL} units. A cooperative source that would be ready (a join handle
 * of a finished task, a channel with buffered items, ...) first calls {@link #tryConsume()}; when
 * it returns {@code false} the source must wake {@code cx.waker()} and return {@code pending}. The
 * task is then re-queued at the back of a run queue (rule T4), so an always-ready source cannot
 * starve the other tasks on its worker.
 *
 * <p>The usual shape in a primitive whose ready result takes something (an item, a permit): call
 * {@link #pollProceed(Context)} before taking it, and {@link #consumeOne()} when returning ready.
 * A primitive whose readiness is only observed (a finished join, a fired timer) may instead
 * check first and call {@link #tryConsume()} on the ready path.
 *
 * <p>The budget lives on the polling thread: a field of {@link BudgetedThread} for runtime
 * threads, or the thread's {@link ForeignThreadState} for threads that drive futures themselves
 * ({@code blockOn}, the test runtime). Code polled outside any runtime poll has an unlimited
 * budget.
 */
public final class CoopBudget {

    /** Units granted to one poll of a task. */
    public static final int PER_POLL = 128;
    /** Marks "no budget in force". */
    static final int UNLIMITED = -1;

    private CoopBudget() {}

    /**
     * Consumes one unit. Returns {@code false} when the current task's budget is exhausted: the
     * caller must then wake its waker and return {@code pending} instead of making progress.
     */
    public static boolean tryConsume() {
        Thread thread = Thread.currentThread();
        if (thread instanceof BudgetedThread) {
            BudgetedThread runtimeThread = (BudgetedThread) thread;
            int left = runtimeThread.budget;
            if (left == UNLIMITED) {
                return true;
            }
            if (left == 0) {
                return false;
            }
            runtimeThread.budget = left - 1;
            return true;
        }
        ForeignThreadState here = ForeignThreadState.current();
        int left = here.budget;
        if (left == UNLIMITED) {
            return true;
        }
        if (left == 0) {
            return false;
        }
        here.budget = left - 1;
        return true;
    }

    /**
     * For a poll about to make progress: true if the budget allows it; false if it is spent, in
     * which case {@code cx}'s waker has been woken and the caller must return {@code pending}
     * without taking anything (its task comes back on a later turn). Consumes nothing.
     */
    public static boolean pollProceed(Context cx) {
        if (hasRemaining()) {
            return true;
        }
        cx.waker().wake();
        return false;
    }

    /** Spends one unit for a ready result, if a budget is in force (after {@link #pollProceed}). */
    public static void consumeOne() {
        tryConsume();
    }

    /** True if the current poll may still make progress (the budget is not exhausted). */
    public static boolean hasRemaining() {
        return remaining() != 0;
    }

    /** The units left on this thread ({@link #unlimited()} if no budget is in force). */
    public static int remaining() {
        Thread thread = Thread.currentThread();
        return thread instanceof BudgetedThread ? ((BudgetedThread) thread).budget
                : ForeignThreadState.current().budget;
    }

    /** Grants a fresh budget to the current thread before it polls a task; returns the previous value. */
    public static int reset() {
        return set(PER_POLL);
    }

    /** Sets the current thread's budget ({@link #UNLIMITED} to lift it); returns the previous value. */
    public static int set(int units) {
        Thread thread = Thread.currentThread();
        if (thread instanceof BudgetedThread) {
            BudgetedThread runtimeThread = (BudgetedThread) thread;
            int previous = runtimeThread.budget;
            runtimeThread.budget = units;
            return previous;
        }
        return ForeignThreadState.current().grantBudget(units);
    }

    /** Lifts the budget on the current thread (the value {@link #set} accepts to mean unlimited). */
    public static int unlimited() {
        return UNLIMITED;
    }
}
