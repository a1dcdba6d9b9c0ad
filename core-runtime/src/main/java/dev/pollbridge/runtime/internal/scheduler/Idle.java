package dev.pollbridge.runtime.internal.scheduler;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Coordinates idle workers (Tokio's {@code multi_thread/idle.rs}): who is searching for work, who
 * is parked, and whom to unpark when work appears.
 *
 * <p>One int packs two counters: {@code searching} (workers looking for work, spinning or
 * stealing) in the low 16 bits, and {@code unparked} (workers not parked) in the high 16 bits.
 * The list of parked workers is guarded by this object's monitor (never held around user code).
 *
 * <h2>The no-lost-wake argument</h2>
 * A producer pushes a task, then (after a full fence) reads the word: if a worker is searching
 * it does nothing, since that searcher will find the task or, when it stops searching, look
 * again; if none is searching and one is parked, it unparks one ({@link #notifyOne()}), which
 * is counted as searching from that moment, so a burst of pushes unparks one worker, not many.
 * A searcher that stops searching decrements the count first and only then re-checks every
 * queue ({@code WorkStealingEngine.notifyIfWorkPending}); a producer whose push came later
 * sees the decrement. Both sides are sequentially consistent accesses, so one of them sees the
 * other.
 *
 * <p>At most half of the workers search at once, so on a busy runtime idle workers do not all spin.
 */
final class Idle {

    private static final int SEARCHING_ONE = 1;
    private static final int UNPARKED_ONE = 1 << 16;
    private static final int SEARCHING_MASK = UNPARKED_ONE - 1;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Idle.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int workers;
    /** {@code unparked << 16 | searching}; all accesses volatile or CAS (see the class comment). */
    @SuppressWarnings("unused")
    private volatile int state;
    /** Parked worker indexes, a stack; guarded by {@code this}. */
    private final int[] sleepers;
    /** Guarded by {@code this}: number of entries in {@link #sleepers}. */
    private int sleeperCount;
    /** Guarded by {@code this}: whether each worker is in {@link #sleepers}. */
    private final boolean[] listed;
    /** Workers whose thread died and was not replaced; written under {@code this}, read racily. */
    private volatile int dead;

    Idle(int workers) {
        this.workers = workers;
        this.sleepers = new int[workers];
        this.listed = new boolean[workers];
        STATE.setVolatile(this, workers * UNPARKED_ONE);
    }

    private static int searching(int state) {
        return state & SEARCHING_MASK;
    }

    private static int unparked(int state) {
        return state >>> 16;
    }

    /** A worker with no local work asks to search; refused when half the workers already do. */
    boolean transitionWorkerToSearching() {
        int current = (int) STATE.getVolatile(this);
        if (2 * searching(current) >= workers) {
            return false;
        }
        STATE.getAndAdd(this, SEARCHING_ONE);
        return true;
    }

    /**
     * A searcher found work. Returns true if it was the last searcher: the caller must then
     * re-check the queues and wake a worker if work is pending.
     */
    boolean transitionWorkerFromSearching() {
        int previous = (int) STATE.getAndAdd(this, -SEARCHING_ONE);
        return searching(previous) == 1;
    }

    /**
     * A worker is about to park. Returns true if it was the last searcher (same duty as above).
     */
    boolean transitionWorkerToParked(int worker, boolean wasSearching) {
        int previous;
        synchronized (this) {
            previous = (int) STATE.getAndAdd(this, -(UNPARKED_ONE + (wasSearching ? SEARCHING_ONE : 0)));
            sleepers[sleeperCount++] = worker;
            listed[worker] = true;
        }
        return wasSearching && searching(previous) == 1;
    }

    /**
     * A parked worker woke up. Returns true if a notifier took it off the list (it is now counted
     * as unparked and searching); false for a spurious wake-up (it should park again).
     */
    boolean transitionWorkerFromParked(int worker) {
        synchronized (this) {
            return !listed[worker];
        }
    }

    /**
     * Takes {@code worker} off the list of parked workers, if it is on it, and counts it as
     * unparked and searching: true if the caller must unpark it. For a task forwarded to its home
     * worker (task rule T12); a worker not on the list is running and finds the task itself (it
     * looks at its inbox after listing itself, under this monitor).
     */
    boolean notifyWorker(int worker) {
        synchronized (this) {
            if (!listed[worker]) {
                return false;
            }
            for (int i = 0; i < sleeperCount; i++) {
                if (sleepers[i] == worker) {
                    sleepers[i] = sleepers[--sleeperCount];
                    break;
                }
            }
            listed[worker] = false;
            STATE.getAndAdd(this, UNPARKED_ONE + SEARCHING_ONE);
            return true;
        }
    }

    /**
     * Cheap pre-check for producers: nobody searching and somebody parked. The caller's push must
     * be ordered before this read: a volatile read-modify-write (the global queue's fetch-and-add)
     * is; a release store (a local queue push) needs {@link VarHandle#fullFence()} first.
     */
    boolean shouldWakeOne() {
        int current = (int) STATE.getVolatile(this);
        return searching(current) == 0 && unparked(current) < workers;
    }

    /**
     * Takes one parked worker off the list and counts it as unparked and searching, if nobody is
     * searching. Returns its index (the caller unparks it), or -1.
     */
    int notifyOne() {
        if (!shouldWakeOne()) {
            return -1;
        }
        synchronized (this) {
            if (!shouldWakeOne() || sleeperCount == 0) {
                return -1;
            }
            int worker = sleepers[--sleeperCount];
            listed[worker] = false;
            STATE.getAndAdd(this, UNPARKED_ONE + SEARCHING_ONE);
            return worker;
        }
    }

    /**
     * A worker's thread died and no thread replaced it. The caller has already left the searching
     * count; the worker now leaves the unparked count too, without joining the parked list, so
     * no producer counts on it and nobody picks it in {@link #notifyOne()}.
     */
    void transitionWorkerToDead() {
        synchronized (this) {
            STATE.getAndAdd(this, -UNPARKED_ONE);
            dead++;
        }
    }

    /** True if some worker is awake and not searching: it is polling and will look for work after. */
    boolean someWorkerRunning() {
        int current = (int) STATE.getVolatile(this);
        return unparked(current) > searching(current);
    }

    /**
     * True if every live worker is awake and none is searching (racy, two volatile reads): nobody
     * would steal now. A worker's {@code LocalQueue} claims a batch per pop only then.
     */
    boolean noneIdle() {
        int current = (int) STATE.getVolatile(this);
        return searching(current) == 0 && unparked(current) >= workers - dead;
    }

    /** Searching workers now (racy; for tests and diagnostics). */
    int searchingNow() {
        return searching((int) STATE.getVolatile(this));
    }

    /** Parked workers now (racy; for tests and diagnostics). */
    int parkedNow() {
        return workers - unparked((int) STATE.getVolatile(this)) - dead;
    }
}
