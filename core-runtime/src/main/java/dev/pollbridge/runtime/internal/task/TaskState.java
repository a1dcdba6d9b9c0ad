package dev.pollbridge.runtime.internal.task;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The task's atomic state word (the analogue of Tokio's {@code runtime/task/state.rs}). {@link Task}
 * extends this class so the word costs no extra object; only this class touches the
 * {@link VarHandle}. The bits, their legal transitions and who may perform each one are the
 * protocol in this package's {@code package-info.java}; each transition names the rule it keeps.
 *
 * <p>Every transition is one CAS loop and returns a named outcome. All accesses are volatile
 * (sequentially consistent): the wake path pairs a write of this word with a read of a queue or of
 * the join waker (Dekker style), which needs StoreLoad ordering, not just acquire/release.
 */
abstract class TaskState {

    /** In a run queue (or being pushed to one); cleared when a worker takes the task to run it. */
    static final long SCHEDULED = 1L;
    /** A thread owns the future: it is polling, completing or cancelling it (rule T2). */
    static final long RUNNING = 1L << 1;
    /** Woken while {@link #RUNNING}: the runner re-schedules the task once after the poll (rule T4). */
    static final long NOTIFIED = 1L << 2;
    /** The future finished (or was cancelled) and was closed; the output is stored. Once set, never unset. */
    static final long COMPLETE = 1L << 3;
    /** Abort or shutdown was requested. Once set, never unset. */
    static final long CANCELLED = 1L << 4;
    /** A join handle is still attached (not detached by {@code close()}). Once unset, never set. */
    static final long JOIN_INTEREST = 1L << 5;
    /**
     * A slow poll of this task was reported (reports are once per task). Set by the RUNNING holder,
     * or by the thread that has just run it ({@code Task.claimSlowPollReport}); a flag bit here instead
     * of a field keeps the task object smaller. Once set, never unset.
     */
    static final long SLOW_POLL_REPORTED = 1L << 6;
    /**
     * {@link #LAST_POLL_SHIFT}'s field holds a time: the task was run at least once, or it was born
     * owned with its first turn's start recorded (T1's owned spawn). Once set, never unset.
     */
    static final long POLLED = 1L << 7;
    /**
     * The task dump's timestamps ({@link TaskClock}) in the word's spare bits, so the task object
     * has no field for them: when the task was spawned (written at birth, never changed) and when
     * its latest turn started (written by the SCHEDULED -> RUNNING transition, in the same CAS).
     * Every transition computes the next word from the whole current one, so they keep both.
     */
    static final int SPAWNED_SHIFT = 8;
    static final int LAST_POLL_SHIFT = SPAWNED_SHIFT + TaskClock.BITS;
    private static final long LAST_POLL_BITS = TaskClock.MASK << LAST_POLL_SHIFT;
    /** {@code pollUnits} of a turn whose start was not timed: the last-poll field is left as it is. */
    static final long UNTIMED = -1L;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(TaskState.class, "state", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The word; read and written only through {@link #STATE} (volatile). */
    @SuppressWarnings("unused")
    private volatile long state;

    /**
     * A new task (rule T1): born SCHEDULED, or, if {@code bornOwned}, RUNNING (T1's owned spawn:
     * the queue entry the spawner pushes right after carries the ownership). An owned task's first
     * turn is recorded as starting at {@code firstTurnUnits} unless it is {@link #UNTIMED} (always,
     * for a task born SCHEDULED, whose first turn records its own start at T2): the
     * taker re-records it only if its turn starts in a later unit, so a child run within the unit
     * of its spawn pays no CAS for the stamp, and the dump's time since the last poll stays exact
     * to one unit.
     */
    TaskState(boolean joinInterest, long spawnedUnits, boolean bornOwned, long firstTurnUnits) {
        long flags = (joinInterest ? JOIN_INTEREST : 0L) | (bornOwned ? RUNNING : SCHEDULED);
        long stamp = firstTurnUnits == UNTIMED ? 0L : POLLED | (firstTurnUnits & TaskClock.MASK) << LAST_POLL_SHIFT;
        STATE.set(this, flags | stamp | (spawnedUnits & TaskClock.MASK) << SPAWNED_SHIFT);
    }

    /** The spawn timestamp ({@link TaskClock} units) of a snapshot. */
    static long spawnedUnits(long s) {
        return (s >>> SPAWNED_SHIFT) & TaskClock.MASK;
    }

    /** The timestamp of the latest turn's start in a snapshot, or {@link #UNTIMED} if never polled (or never timed). */
    static long lastPollUnits(long s) {
        return (s & POLLED) == 0 ? UNTIMED : (s >>> LAST_POLL_SHIFT) & TaskClock.MASK;
    }

    // ---- predicates on a snapshot ----

    static boolean isScheduled(long s) {
        return (s & SCHEDULED) != 0;
    }

    static boolean isRunning(long s) {
        return (s & RUNNING) != 0;
    }

    static boolean isNotified(long s) {
        return (s & NOTIFIED) != 0;
    }

    static boolean isComplete(long s) {
        return (s & COMPLETE) != 0;
    }

    static boolean isCancelled(long s) {
        return (s & CANCELLED) != 0;
    }

    static boolean isJoinInterested(long s) {
        return (s & JOIN_INTEREST) != 0;
    }

    /** A volatile read of the word. */
    final long loadState() {
        return (long) STATE.getVolatile(this);
    }

    private boolean casState(long expected, long next) {
        return STATE.compareAndSet(this, expected, next);
    }

    // ---- transitions ----

    /** Outcome of {@link #transitionToRunning()}. */
    enum ToRunning {
        /** The caller now owns the future and polls it. */
        SUCCESS,
        /** The caller now owns the future and must cancel it (close, complete with cancellation). */
        CANCELLED,
        /** The task was not scheduled (a stale queue entry after shutdown took it): skip it. */
        NOT_SCHEDULED
    }

    /** {@link #transitionToRunning(long)} of an untimed turn. */
    final ToRunning transitionToRunning() {
        return transitionToRunning(UNTIMED);
    }

    /**
     * A worker took the task from a queue: SCHEDULED -> RUNNING (rule T2). The same CAS records
     * {@code pollUnits}, when the turn started ({@link TaskClock} units), unless it is {@link #UNTIMED}.
     */
    final ToRunning transitionToRunning(long pollUnits) {
        long stamp = pollUnits == UNTIMED ? 0L : POLLED | (pollUnits & TaskClock.MASK) << LAST_POLL_SHIFT;
        long keep = pollUnits == UNTIMED ? ~0L : ~LAST_POLL_BITS;
        for (;;) {
            long s = loadState();
            if (!isScheduled(s) || isRunning(s) || isComplete(s)) {
                return ToRunning.NOT_SCHEDULED;
            }
            long next = (s & ~SCHEDULED & keep) | RUNNING | stamp;
            if (casState(s, next)) {
                return isCancelled(s) ? ToRunning.CANCELLED : ToRunning.SUCCESS;
            }
        }
    }

    /**
     * The RUNNING holder of a task re-queued still RUNNING (rule T4) starts a turn at
     * {@code pollUnits}: records it as the latest turn's start, keeping every other bit.
     */
    final void recordTurnStart(long pollUnits) {
        long stamp = POLLED | (pollUnits & TaskClock.MASK) << LAST_POLL_SHIFT;
        for (;;) {
            long s = loadState();
            assert isRunning(s) && !isComplete(s);
            if (casState(s, (s & ~LAST_POLL_BITS) | stamp)) {
                return;
            }
        }
    }

    /** Outcome of {@link #transitionToIdle()}. */
    enum ToIdle {
        /** The task is idle; whoever holds its waker will wake it. */
        OK,
        /** It was woken during the poll; it is SCHEDULED again and the caller re-queues it once (rule T4). */
        NOTIFIED,
        /** It was aborted during the poll; the caller still owns it and cancels it now (rule T6). */
        CANCELLED
    }

    /** The poll returned pending: RUNNING -> idle, or re-scheduled, or kept for cancellation. */
    final ToIdle transitionToIdle() {
        return transitionToIdle(false);
    }

    /**
     * {@link #transitionToIdle()} for a runner that may have recorded a wake of the task by its
     * own poll outside the word ({@code selfWoken}: the task's self-wake fast path, rule T3); such a
     * wake counts as NOTIFIED.
     */
    final ToIdle transitionToIdle(boolean selfWoken) {
        for (;;) {
            long s = loadState();
            assert isRunning(s) && !isComplete(s);
            if (isCancelled(s)) {
                return ToIdle.CANCELLED;
            }
            boolean notified = selfWoken || isNotified(s);
            long next = notified ? (s & ~(RUNNING | NOTIFIED)) | SCHEDULED : s & ~RUNNING;
            if (casState(s, next)) {
                return notified ? ToIdle.NOTIFIED : ToIdle.OK;
            }
        }
    }

    /** Outcome of {@link #transitionToNotified()} and {@link #transitionToCancelled()}. */
    enum ToNotified {
        /** The caller set SCHEDULED and must push the task to a run queue exactly once. */
        SUBMIT,
        /** Already scheduled, notified, running-and-noted, or complete: nothing to do (wakes coalesce). */
        DO_NOTHING
    }

    /** A wake (rule T3): idle -> SCHEDULED (submit), RUNNING -> +NOTIFIED, otherwise nothing. */
    final ToNotified transitionToNotified() {
        for (;;) {
            long s = loadState();
            if (isComplete(s) || isScheduled(s) || isNotified(s)) {
                return ToNotified.DO_NOTHING;
            }
            long next = isRunning(s) ? s | NOTIFIED : s | SCHEDULED;
            if (casState(s, next)) {
                return isRunning(s) ? ToNotified.DO_NOTHING : ToNotified.SUBMIT;
            }
        }
    }

    /**
     * An abort (rule T6): sets CANCELLED; an idle task is also SCHEDULED so that a worker cancels
     * it; a running one is also NOTIFIED so its runner looks at the word after the poll.
     */
    final ToNotified transitionToCancelled() {
        for (;;) {
            long s = loadState();
            if (isComplete(s) || isCancelled(s)) {
                return ToNotified.DO_NOTHING;
            }
            long next;
            if (isRunning(s)) {
                next = s | CANCELLED | NOTIFIED;
            } else if (isScheduled(s)) {
                next = s | CANCELLED;
            } else {
                next = s | CANCELLED | SCHEDULED;
            }
            if (casState(s, next)) {
                return isRunning(s) || isScheduled(s) ? ToNotified.DO_NOTHING : ToNotified.SUBMIT;
            }
        }
    }

    /** Outcome of {@link #transitionToShutdown()}. */
    enum ToShutdown {
        /** The caller took ownership (RUNNING) and must cancel the task now. */
        CANCEL_NOW,
        /** Complete already, or running on a thread that will see CANCELLED after its poll. */
        DO_NOTHING
    }

    /**
     * PollRuntime shutdown (rule T7), called after the run queues were emptied: sets CANCELLED and, if
     * no thread owns the task, takes ownership (clearing SCHEDULED: the queue entry is gone).
     */
    final ToShutdown transitionToShutdown() {
        for (;;) {
            long s = loadState();
            if (isComplete(s)) {
                return ToShutdown.DO_NOTHING;
            }
            long next = isRunning(s) ? s | CANCELLED | NOTIFIED : (s & ~SCHEDULED) | RUNNING | CANCELLED;
            if (casState(s, next)) {
                return isRunning(s) ? ToShutdown.DO_NOTHING : ToShutdown.CANCEL_NOW;
            }
        }
    }

    /** Outcome of {@link #transitionToComplete()}. */
    enum ToComplete {
        /** A join handle is attached: wake its waker; it owns the output now. */
        JOIN_INTERESTED,
        /** Detached: nobody will read the output; a failure goes to the uncaught-failure handler. */
        DETACHED
    }

    /** The owner finished the task (rule T5): RUNNING -> COMPLETE. The output must be written first. */
    final ToComplete transitionToComplete() {
        for (;;) {
            long s = loadState();
            assert isRunning(s) && !isComplete(s);
            long next = (s & ~(RUNNING | NOTIFIED | SCHEDULED)) | COMPLETE;
            if (casState(s, next)) {
                return isJoinInterested(s) ? ToComplete.JOIN_INTERESTED : ToComplete.DETACHED;
            }
        }
    }

    /**
     * A runner saw a slow poll: sets {@link #SLOW_POLL_REPORTED}. Returns true if this
     * call set it (the caller reports), false if it was set already. Every other transition keeps
     * the bit, since each computes the next word from the whole current one.
     */
    final boolean markSlowPollReported() {
        for (;;) {
            long s = loadState();
            if ((s & SLOW_POLL_REPORTED) != 0) {
                return false;
            }
            if (casState(s, s | SLOW_POLL_REPORTED)) {
                return true;
            }
        }
    }

    /** Outcome of {@link #unsetJoinInterest()}. */
    enum Detach {
        /** Detached before completion: the completer will see DETACHED. */
        BEFORE_COMPLETE,
        /** The task had completed: the handle owns the output and disposes of it (rule T8). */
        AFTER_COMPLETE,
        /** Detached earlier already. */
        ALREADY
    }

    /** The join handle is closed (rule T8): clears JOIN_INTEREST. */
    final Detach unsetJoinInterest() {
        for (;;) {
            long s = loadState();
            if (!isJoinInterested(s)) {
                return Detach.ALREADY;
            }
            if (casState(s, s & ~JOIN_INTEREST)) {
                return isComplete(s) ? Detach.AFTER_COMPLETE : Detach.BEFORE_COMPLETE;
            }
        }
    }

    /** A readable rendering of a snapshot, for messages and tests. */
    static String describe(long s) {
        StringBuilder text = new StringBuilder();
        if (isScheduled(s)) text.append("SCHEDULED|");
        if (isRunning(s)) text.append("RUNNING|");
        if (isNotified(s)) text.append("NOTIFIED|");
        if (isComplete(s)) text.append("COMPLETE|");
        if (isCancelled(s)) text.append("CANCELLED|");
        if (isJoinInterested(s)) text.append("JOIN_INTEREST|");
        if ((s & SLOW_POLL_REPORTED) != 0) text.append("SLOW_POLL_REPORTED|");
        return text.length() == 0 ? "IDLE" : text.substring(0, text.length() - 1);
    }
}
