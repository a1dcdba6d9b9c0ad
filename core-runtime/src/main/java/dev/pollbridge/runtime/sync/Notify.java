package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import java.util.ArrayList;
import java.util.List;

/**
 * Wakes tasks that wait for a signal carrying no data: the analogue of Tokio's {@code Notify}.
 *
 * <ul>
 *   <li>{@link #notifyOne()} wakes the longest-waiting {@link #notified()} future, or, if none
 *       waits, stores one permit that the next {@code notified()} consumes at once (several calls
 *       store still only one permit).
 *   <li>{@link #notifyWaiters()} wakes every current waiter and stores nothing. A
 *       {@code notified()} future counts as a current waiter from the moment it is created, even
 *       before its first poll, so "create the future, check the condition, then await" never
 *       misses a {@code notifyWaiters()} that comes in between.
 * </ul>
 * (Java's {@code Object.notifyAll()} is final, hence the name {@code notifyWaiters}.)
 *
 * <p><b>Poll budget</b> (rule 16). A {@code notified()} future that completes spends one unit
 * of the polling task's budget; when it is spent it answers pending once (waking its task) and
 * keeps what it would have consumed, so a loop that is always notified cannot keep its worker.
 *
 * <p><b>Progress.</b> Blocking (one lock), held for O(1) work ({@code notifyWaiters}: O(waiters)).
 *
 * <p>All methods may be called from any thread. State is guarded by one lock; wakers are called
 * after it is released.
 */
public final class Notify {

    private final Object lock = new Object();
    private final WaitQueue<Waiter> waiters = new WaitQueue<>(); // guarded by lock
    private boolean permit;                                      // guarded by lock
    /** Number of notifyWaiters() calls so far; guarded by lock. */
    private long generation;

    /** A notify with no stored permit. */
    public Notify() {}

    /**
     * A future that completes ({@code null}) when this notify is signalled: by a stored permit,
     * by {@link #notifyOne()} choosing it, or by {@link #notifyWaiters()} after its creation.
     *
     * <p><b>Cancel safety:</b> cancel-safe. Closing it before completion leaves the wait queue;
     * if a {@code notifyOne()} had already chosen it, the notification is passed on to the next
     * waiter (or stored as the permit), so it is never lost.
     *
     * @return a lazy future that completes on the next notification meant for it
     */
    public PollFuture<Void> notified() {
        synchronized (lock) {
            return new Waiter(generation);
        }
    }

    /** Wakes one waiter (FIFO), or stores a single permit if nobody waits. */
    public void notifyOne() {
        Waker toWake;
        synchronized (lock) {
            toWake = notifyOneLocked();
        }
        if (toWake != null) {
            toWake.wake();
        }
    }

    /** Wakes every current waiter; stores no permit. */
    public void notifyWaiters() {
        List<Waker> toWake = new ArrayList<>();
        synchronized (lock) {
            generation++;
            for (Waiter waiter = waiters.poll(); waiter != null; waiter = waiters.poll()) {
                waiter.state = Waiter.NOTIFIED;
                Waker waker = waiter.takeWaker();
                if (waker != null) {
                    toWake.add(waker);
                }
            }
        }
        Wakers.wakeAll(toWake);
    }

    /** Hands a notifyOne to the first waiter or stores the permit; returns the waker to call. */
    private Waker notifyOneLocked() {
        Waiter first = waiters.poll();
        if (first == null) {
            permit = true;
            return null;
        }
        first.state = Waiter.NOTIFIED_ONE;
        return first.takeWaker();
    }

    /** One {@link #notified()} future; its node fields are guarded by the notify's lock. */
    private final class Waiter extends WaitNode implements PollFuture<Void> {

        static final int INITIAL = 0;      // never polled pending
        static final int WAITING = 1;      // queued
        static final int NOTIFIED_ONE = 2; // chosen by notifyOne, not yet observed
        static final int NOTIFIED = 3;     // woken by notifyWaiters, not yet observed
        static final int FINISHED = 4;     // ready returned, or closed

        private final long createdAt;
        private int state = INITIAL;       // guarded by lock

        Waiter(long createdAt) {
            this.createdAt = createdAt;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (state != FINISHED && !CoopBudget.pollProceed(cx)) {
                return Poll.pending(); // only the owner writes FINISHED, so this unlocked read is exact for it
            }
            synchronized (lock) {
                switch (state) {
                    case INITIAL:
                        if (generation != createdAt || permit) {
                            if (generation == createdAt) {
                                permit = false;
                            }
                            state = FINISHED;
                            CoopBudget.consumeOne();
                            return Poll.ready(null);
                        }
                        waker = cx.waker();
                        waiters.add(this);
                        state = WAITING;
                        return Poll.pending();
                    case WAITING:
                        waker = cx.waker();
                        return Poll.pending();
                    case NOTIFIED_ONE:
                    case NOTIFIED:
                        state = FINISHED;
                        CoopBudget.consumeOne();
                        return Poll.ready(null);
                    case FINISHED:
                        throw SingleUse.polledAfter("notified()", "it completed or was closed");
                    default:
                        throw new AssertionError("state " + state);
                }
            }
        }

        @Override
        public void close() {
            Waker toWake = null;
            synchronized (lock) {
                if (state == WAITING) {
                    waiters.remove(this);
                } else if (state == NOTIFIED_ONE) {
                    toWake = notifyOneLocked(); // pass the unobserved notification on
                }
                state = FINISHED;
                waker = null;
            }
            if (toWake != null) {
                toWake.wake();
            }
        }
    }
}
