package dev.pollbridge.runtime.internal.task;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The cancelled {@code Async} bodies that one scope is waiting for (rule T11): those a task
 * closed while they ran, or those closed on a thread inside {@code blockOn}, or by an
 * {@code Async} body itself. Each registration ends once, on the body's thread, after the body's
 * last {@code finally} ran; when the last one ends, the actions queued with
 * {@link #afterAllEnded} run, then the completion handed over with {@link #handOver}, and a
 * thread waiting in {@link #awaitAll} is unparked.
 *
 * <p><b>Cleanup failures.</b> What a body's cleanup threw arrives with its end. A set that a
 * waiter will drain ({@code keepFailures}, or once a completion was handed over) keeps the
 * failures for it ({@link #takeKept}), so that they can be attached to the cancellation its
 * caller sees; otherwise they are reported at once to the owner's uncaught-failure path.
 *
 * <p><b>Threads.</b> {@link #register}, {@link #handOver}, {@link #afterAllEnded} and
 * {@link #awaitAll} are called by the scope's own thread (a task's RUNNING holder, the thread in
 * {@code blockOn}, a body thread); {@link Unwind#ended} by body threads. All state is guarded by
 * this object's monitor, held for O(pending) work at most and never around user code, a wake or
 * a park. Registrations are rare (a body cancelled while it runs), so a monitor is cheap enough.
 */
public final class UnwindSet implements UnwindScope {

    /** Where a set reports what nobody else will receive, and counts the bodies it waits for. */
    public interface Owner {
        /** The uncaught-failure path of the runtime (never throws). */
        void reportUncaught(Throwable failure, String source);

        /** {@code delta} bodies started ({@code +1}) or finished ({@code -1}) unwinding; for metrics. */
        default void unwinding(int delta) {}
    }

    private final Owner owner;
    /** Registrations not yet ended; null until the first. Guarded by this. */
    private List<Unwind> pending;
    /** Run when the last registration ends. Guarded by this. */
    private List<Runnable> afterAll;
    /** The completion handed over by {@link #handOver}, run after {@link #afterAll}. Guarded by this. */
    private Runnable completion;
    /** True: keep failures for {@link #takeKept}; false: report them at once. Guarded by this. */
    private boolean keepFailures;
    /** Kept cleanup failures. Guarded by this. */
    private List<Throwable> kept;
    /** A thread parked in {@link #awaitAll}, or null. Guarded by this. */
    private Thread waiter;

    /**
     * A set reporting to {@code owner}; {@code keepFailures} for a set whose owner will wait for
     * it and take the failures ({@code blockOn}, a body thread).
     */
    public UnwindSet(Owner owner, boolean keepFailures) {
        this.owner = owner;
        this.keepFailures = keepFailures;
    }

    @Override
    public Unwind register(String body) {
        Unwind unwind = new Unwind(this, body);
        synchronized (this) {
            if (pending == null) {
                pending = new ArrayList<>(2);
            }
            pending.add(unwind);
        }
        owner.unwinding(1);
        return unwind;
    }

    @Override
    public void reportUncaught(Throwable failure, String source) {
        owner.reportUncaught(failure, source);
    }

    /** See {@link Unwind#ended}. */
    void ended(Unwind unwind, List<Throwable> cleanupFailures) {
        List<Runnable> actions = null;
        Runnable done = null;
        Thread toUnpark = null;
        boolean report;
        synchronized (this) {
            if (pending == null || !pending.remove(unwind)) {
                return; // ended already: each registration ends once
            }
            report = !keepFailures;
            if (!report && !cleanupFailures.isEmpty()) {
                if (kept == null) {
                    kept = new ArrayList<>(cleanupFailures.size());
                }
                kept.addAll(cleanupFailures);
            }
            if (pending.isEmpty()) {
                actions = afterAll;
                afterAll = null;
                done = completion;
                completion = null;
                toUnpark = waiter;
            }
        }
        owner.unwinding(-1);
        if (report) {
            for (Throwable failure : cleanupFailures) {
                owner.reportUncaught(failure, "the cleanup of " + unwind.body() + ", cancelled");
            }
        }
        if (actions != null) {
            actions.forEach(this::runContained);
        }
        if (done != null) {
            runContained(done);
        }
        if (toUnpark != null) {
            LockSupport.unpark(toUnpark);
        }
    }

    private void runContained(Runnable action) {
        try {
            action.run();
        } catch (Throwable broken) {
            owner.reportUncaught(broken, "the end of an unwinding Async body");
        }
    }

    /** From now on, failures are kept for {@link #takeKept} instead of reported at once. */
    public synchronized void keepFailures() {
        keepFailures = true;
    }

    /**
     * Rule T11: if bodies are still unwinding, keeps their failures from now on and returns true;
     * {@code completion} then runs on the thread of the last one to end (after the actions of
     * {@link #afterAllEnded}). Returns false if none is left: the caller completes now.
     */
    public boolean handOver(Runnable completion) {
        synchronized (this) {
            if (pending == null || pending.isEmpty()) {
                return false;
            }
            this.completion = completion;
            keepFailures = true;
            return true;
        }
    }

    /** Runs {@code action} once no registered body is unwinding: now, or on the last one's end. */
    public void afterAllEnded(Runnable action) {
        synchronized (this) {
            if (pending != null && !pending.isEmpty()) {
                if (afterAll == null) {
                    afterAll = new ArrayList<>(1);
                }
                afterAll.add(action);
                return;
            }
        }
        action.run();
    }

    /**
     * Parks the calling thread until no registered body is unwinding, or until
     * {@code deadlineNanos} ({@link System#nanoTime()} scale) if {@code timed}. Not interruptible:
     * an interrupt is kept and restored on return (as {@code StructuredTaskScope.close()} does).
     *
     * @return true if none is left
     */
    public boolean awaitAll(boolean timed, long deadlineNanos) {
        Thread self = Thread.currentThread();
        boolean interrupted = false;
        try {
            for (;;) {
                synchronized (this) {
                    if (pending == null || pending.isEmpty()) {
                        return true;
                    }
                    waiter = self;
                }
                if (timed) {
                    long left = deadlineNanos - System.nanoTime();
                    if (left <= 0) {
                        return false;
                    }
                    LockSupport.parkNanos(this, left);
                } else {
                    LockSupport.park(this);
                }
                if (Thread.interrupted()) {
                    interrupted = true;
                }
            }
        } finally {
            synchronized (this) {
                waiter = null;
            }
            if (interrupted) {
                self.interrupt();
            }
        }
    }

    /** The kept cleanup failures, emptied (an empty list if none). */
    public synchronized List<Throwable> takeKept() {
        List<Throwable> failures = kept == null ? List.of() : kept;
        kept = null;
        return failures;
    }

    /** The names of the bodies still unwinding, for reports. */
    public synchronized List<String> unwinding() {
        List<String> names = new ArrayList<>();
        if (pending != null) {
            for (Unwind unwind : pending) {
                names.add(unwind.body());
            }
        }
        return names;
    }

    /** True if no registered body is unwinding. */
    public synchronized boolean isEmpty() {
        return pending == null || pending.isEmpty();
    }
}
