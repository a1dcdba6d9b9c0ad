package dev.pollbridge.runtime.internal.task;

/**
 * What the runtime keeps for a thread that is not a {@link BudgetedThread} (a {@code blockOn}
 * caller, the current-thread runtime's driver, a worker made by a user's thread factory, an
 * {@code Async} body thread), in one thread-local: the task polled or closed here, the poll budget
 * ({@link CoopBudget}), the unwind scope the thread installed for itself ({@link UnwindScopes}), and
 * the cancelled bodies a {@code blockOn} waits for (rule T11). A {@code BudgetedThread} keeps the
 * first two in fields; the scope and the bodies live here for every thread.
 *
 * <p>One thread-local instead of one per item: a lookup is a hash probe of the thread's map (a few
 * ns, more with many thread-locals), and a {@code blockOn} needs all four; it now looks them up
 * once ({@link #current()}) and passes the state along.
 *
 * <p>Own thread only: each thread reads and writes its own state, with plain accesses.
 */
public final class ForeignThreadState {

    private static final ThreadLocal<ForeignThreadState> STATE = ThreadLocal.withInitial(ForeignThreadState::new);

    /** The task being polled or closed on this thread (not a {@code BudgetedThread}), or null. */
    Task<?> currentTask;
    /** Units left in the current poll on this thread (not a {@code BudgetedThread}). */
    int budget = CoopBudget.UNLIMITED;
    /** The scope this thread installed for itself outside any task, or null. */
    UnwindScope installed;
    /** The bodies cancelled inside this thread's {@code blockOn} that it waits for, or null. */
    private UnwindSet blockOnUnwinds;

    private ForeignThreadState() {}

    /** The calling thread's state (created at its first use; the entry stays for the thread's life). */
    public static ForeignThreadState current() {
        return STATE.get();
    }

    /** The task being polled or closed on this thread, if it is not a {@code BudgetedThread}. */
    public Task<?> currentTask() {
        return currentTask;
    }

    /**
     * {@link CoopBudget#set} on this state's thread, which must not be a {@code BudgetedThread}
     * (whose budget is a field of the thread): a {@code blockOn} thread. Returns the previous value.
     */
    public int grantBudget(int units) {
        int previous = budget;
        budget = units;
        return previous;
    }

    /** {@link UnwindScopes#install} on this state's thread: installs {@code scope}, returns the previous one. */
    public UnwindScope install(UnwindScope scope) {
        UnwindScope previous = installed;
        installed = scope;
        return previous;
    }

    /** Puts back what {@link #install} returned. */
    public void restore(UnwindScope previous) {
        installed = previous;
    }

    /** The set a {@code blockOn} on this thread registers cancelled bodies with, or null if none was. */
    public UnwindSet blockOnUnwinds() {
        return blockOnUnwinds;
    }

    /** Sets (or, with null, clears) what {@link #blockOnUnwinds()} returns. */
    public void blockOnUnwinds(UnwindSet set) {
        blockOnUnwinds = set;
    }
}
