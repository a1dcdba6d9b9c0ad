package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A fair counting semaphore for tasks: bounds how many of them use a finite resource at once
 * (rule 15). Permits come back by closing the {@link Permit}. The analogue of Tokio's
 * {@code sync::Semaphore}.
 *
 * <p><b>Fairness.</b> Strictly FIFO: an acquire is granted only when every acquire queued before
 * it has been granted, so a large request is not starved by a stream of small ones (and a small
 * request waits behind a large one at the head). {@link #tryAcquire} does not jump the queue.
 *
 * <p><b>Partial assignment</b> (Tokio's model). Permits that come back go to the acquire at the
 * head of the queue, even if they are fewer than it asked for: it holds them while it waits for
 * the rest, and the acquires behind it wait for it. An acquire closed while it waits gives back
 * what it was assigned (to the next in line), so a dropped {@link #acquireMany(int)} loses
 * nothing.
 *
 * <p><b>Invariant</b> (under the lock): {@code total == available + permits assigned to waiting
 * acquires + permits granted and not yet released or forgotten}. Permits granted to an acquire
 * that was not polled again since count as granted, and go back if that acquire is closed.
 *
 * <p><b>Changing the total.</b> {@link #addPermits} adds permits (and serves the queue);
 * {@link #forgetPermits} removes available ones; {@link Permit#forget()} removes held ones instead
 * of releasing them. {@link #close()} fails every waiting and later acquire with
 * {@link SemaphoreClosedException} (Tokio's {@code close}).
 *
 * <p><b>Poll budget</b> (rule 16). An acquire that completes spends one unit of the polling
 * task's budget; when it is spent it answers pending once (waking its task) without taking any
 * permit, so a loop that acquires and releases an uncontended semaphore cannot keep its worker.
 *
 * <p><b>Progress.</b> Blocking (one lock), held for O(1) work plus O(1) per waiter served;
 * {@code close()} holds it for O(waiters).
 *
 * <p>All methods may be called from any thread. State is guarded by one lock; wakers are called
 * after it is released.
 */
public final class Semaphore {

    /** The most permits a semaphore can have. */
    public static final int MAX_PERMITS = Integer.MAX_VALUE;

    private final Object lock = new Object();
    /** Permits in existence (see the invariant); guarded by lock. */
    private int total;
    /** Permits free for the taking; guarded by lock. */
    private int available;
    /** Once true, never false; guarded by lock. */
    private boolean closed;
    private final WaitQueue<Acquire> waiters = new WaitQueue<>();   // guarded by lock

    /**
     * A semaphore with {@code permits} permits, all available.
     *
     * @param permits the number of permits, at least 0
     * @throws IllegalArgumentException if {@code permits} is negative
     */
    public Semaphore(int permits) {
        if (permits < 0) {
            throw new IllegalArgumentException("permits must be >= 0: " + permits);
        }
        this.total = permits;
        this.available = permits;
    }

    /**
     * Same as {@link #acquireMany(int) acquireMany(1)}.
     *
     * @return a lazy future of a permit for one permit
     */
    public PollFuture<Permit> acquire() {
        return acquireMany(1);
    }

    /**
     * A future that completes with a {@link Permit} for {@code permits} permits, waiting in FIFO
     * order until they are all assigned to it (Tokio's {@code acquire_many}). Nothing happens
     * until the first poll (rule 2). Fails with {@link SemaphoreClosedException} if the semaphore
     * is closed before the permits were all assigned.
     *
     * <p><b>Cancel safety:</b> cancel-safe. Closing it before it completes leaves the queue (and
     * may let the waiters behind it go); permits already assigned to it, some or all, are given
     * back to the next in line. No permit leaks. Closing it after it completed does not release
     * the permit: the {@code Permit} owns it.
     *
     * <p>A request for more permits than the semaphore has now waits until {@link #addPermits}
     * makes them exist (Tokio allows it too: a semaphore created with 0 permits and filled by
     * other tasks is a way to wait for all of them), and holds back every acquire behind it
     * meanwhile.
     *
     * @param permits how many permits to take at once, at least 1
     * @return a lazy future of a permit holding {@code permits} permits
     * @throws IllegalArgumentException if {@code permits < 1}
     */
    public PollFuture<Permit> acquireMany(int permits) {
        checkRequest(permits);
        return new Acquire(permits);
    }

    /**
     * Same as {@link #tryAcquire(int) tryAcquire(1)}.
     *
     * @return a permit for one permit, or empty if none is available now
     */
    public Optional<Permit> tryAcquire() {
        return tryAcquire(1);
    }

    /**
     * Takes {@code permits} permits now if they are available and nobody is queued; never
     * waits (Tokio's {@code try_acquire_many}).
     *
     * @param permits how many permits to take at once, at least 1
     * @return the permit, or empty
     * @throws IllegalArgumentException if {@code permits < 1}
     * @throws SemaphoreClosedException if the semaphore is closed
     */
    public Optional<Permit> tryAcquire(int permits) {
        checkRequest(permits);
        synchronized (lock) {
            if (closed) {
                throw closedException();
            }
            if (waiters.isEmpty() && available >= permits) {
                available -= permits;
                return Optional.of(new Permit(this, permits));
            }
            return Optional.empty();
        }
    }

    /**
     * Adds {@code permits} permits (Tokio's {@code add_permits}): they go to the waiting acquires
     * in FIFO order first, then become available. Works on a closed semaphore too (the permits
     * are only counted).
     *
     * @param permits how many permits to add, at least 0
     * @throws IllegalArgumentException if {@code permits} is negative, or the total would exceed
     *     {@link #MAX_PERMITS}
     */
    public void addPermits(int permits) {
        if (permits < 0) {
            throw new IllegalArgumentException("permits must be >= 0: " + permits);
        }
        List<Waker> toWake;
        synchronized (lock) {
            if (permits > MAX_PERMITS - total) {
                throw new IllegalArgumentException("a semaphore holds at most " + MAX_PERMITS + " permits: "
                        + total + " + " + permits);
            }
            total += permits;
            available += permits;
            toWake = assignLocked();
        }
        Wakers.wakeAll(toWake);
    }

    /**
     * Removes up to {@code permits} of the available permits for good (Tokio's
     * {@code forget_permits}); permits that are held or assigned to waiters are not touched.
     *
     * @param permits the most available permits to remove, at least 0
     * @return how many were removed
     * @throws IllegalArgumentException if {@code permits} is negative
     */
    public int forgetPermits(int permits) {
        if (permits < 0) {
            throw new IllegalArgumentException("permits must be >= 0: " + permits);
        }
        synchronized (lock) {
            int removed = Math.min(permits, available);
            available -= removed;
            total -= removed;
            return removed;
        }
    }

    /**
     * Closes the semaphore (Tokio's {@code close}): every waiting acquire fails with
     * {@link SemaphoreClosedException} (permits partly assigned to it become available again),
     * and so does every later {@code acquire} and {@code tryAcquire}. Permits already held stay
     * valid; releasing them still works. Idempotent.
     */
    public void close() {
        List<Waker> toWake = new ArrayList<>();
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            for (Acquire waiter = waiters.poll(); waiter != null; waiter = waiters.poll()) {
                available += waiter.assigned;
                waiter.assigned = 0;
                waiter.state = Acquire.CLOSED;
                Waker waker = waiter.takeWaker();
                if (waker != null) {
                    toWake.add(waker);
                }
            }
        }
        Wakers.wakeAll(toWake);
    }

    /**
     * True once {@link #close()} was called.
     *
     * @return true once {@link #close()} was called
     */
    public boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /**
     * Permits available right now (a snapshot): not held, and not assigned to a waiting acquire.
     *
     * @return the number of permits free now
     */
    public int availablePermits() {
        synchronized (lock) {
            return available;
        }
    }

    /**
     * The permits this semaphore has now: those it was created with, plus {@link #addPermits
     * added}, minus {@linkplain #forgetPermits forgotten} (a snapshot).
     *
     * @return the number of permits the semaphore has now
     */
    public int totalPermits() {
        synchronized (lock) {
            return total;
        }
    }

    private static void checkRequest(int permits) {
        if (permits < 1) {
            throw new IllegalArgumentException("permits must be >= 1: " + permits);
        }
    }

    private static SemaphoreClosedException closedException() {
        return new SemaphoreClosedException("the semaphore is closed");
    }

    /** Called by {@link Permit#close()} once per permit. */
    void release(int permits) {
        List<Waker> toWake;
        synchronized (lock) {
            available += permits;
            toWake = assignLocked();
        }
        Wakers.wakeAll(toWake);
    }

    /** Called by {@link Permit#forget()} once per permit: the held permits cease to exist. */
    void forgotten(int permits) {
        synchronized (lock) {
            total -= permits;
        }
    }

    /**
     * Assigns available permits to the head of the queue, in FIFO order: a head that gets all it
     * asked for is granted and leaves the queue, and the next one is served; a head that gets only
     * part of it keeps what it got and the loop stops there. Returns the wakers of the granted
     * ones (null if none, so the uncontended path allocates nothing).
     */
    private List<Waker> assignLocked() {
        List<Waker> toWake = null;
        for (Acquire head = waiters.peek(); head != null && available > 0; head = waiters.peek()) {
            int given = Math.min(available, head.permits - head.assigned);
            available -= given;
            head.assigned += given;
            if (head.assigned < head.permits) {
                break;
            }
            waiters.poll();
            head.state = Acquire.GRANTED;
            Waker waker = head.takeWaker();
            if (waker != null) {
                if (toWake == null) {
                    toWake = new ArrayList<>(2);
                }
                toWake.add(waker);
            }
        }
        return toWake;
    }

    /** One acquire; its node fields are guarded by the semaphore's lock. */
    private final class Acquire extends WaitNode implements PollFuture<Permit> {

        static final byte INITIAL = 0;   // not polled yet
        static final byte WAITING = 1;   // queued; may hold some permits (assigned)
        static final byte GRANTED = 2;   // all permits assigned, not yet handed out
        static final byte FINISHED = 3;  // permit handed out, failure returned, or closed
        static final byte CLOSED = 4;    // the semaphore closed while it waited; failure not yet returned

        final int permits;
        /** A byte, not an int: with {@link #assigned} the node still fits 40 bytes. Guarded by lock. */
        byte state = INITIAL;
        /** Permits assigned to it while it waits; all of them once GRANTED. Guarded by lock. */
        int assigned;

        Acquire(int permits) {
            this.permits = permits;
        }

        @Override
        public Poll<Permit> poll(Context cx) {
            boolean outOfBudget = false;
            synchronized (lock) {
                switch (state) {
                    case INITIAL:
                        if (closed) {
                            state = FINISHED;
                            return Poll.failed(closedException());
                        }
                        if (waiters.isEmpty() && available >= permits) {
                            if (!CoopBudget.hasRemaining()) {
                                outOfBudget = true; // take nothing: come back on the next turn
                                break;
                            }
                            available -= permits;
                            return grantedLocked();
                        }
                        waker = cx.waker();
                        waiters.add(this);
                        state = WAITING;
                        // At the head of an empty queue it takes the permits that are free now
                        // (fewer than it needs, or the fast path above would have taken them all).
                        assignLocked();
                        return Poll.pending();
                    case WAITING:
                        waker = cx.waker();
                        return Poll.pending();
                    case GRANTED:
                        if (!CoopBudget.hasRemaining()) {
                            outOfBudget = true; // the permits stay assigned to it
                            break;
                        }
                        return grantedLocked();
                    case CLOSED:
                        state = FINISHED;
                        return Poll.failed(closedException());
                    case FINISHED:
                        throw SingleUse.polledAfter("acquire", "it completed or was closed");
                    default:
                        throw new AssertionError("state " + state);
                }
            }
            assert outOfBudget;
            cx.waker().wake();
            return Poll.pending();
        }

        /** Hands the permits out; called with the lock held. */
        private Poll<Permit> grantedLocked() {
            state = FINISHED;
            assigned = 0;
            CoopBudget.consumeOne();
            return Poll.ready(new Permit(Semaphore.this, permits));
        }

        @Override
        public void close() {
            List<Waker> toWake = null;
            synchronized (lock) {
                if (state == WAITING) {
                    waiters.remove(this);
                    available += assigned; // a partial acquire gives back what it got
                    toWake = assignLocked(); // it may have been the head that held the others back
                } else if (state == GRANTED) {
                    available += permits; // assigned but never handed out: give them back
                    toWake = assignLocked();
                }
                assigned = 0;
                state = FINISHED;
                waker = null;
            }
            Wakers.wakeAll(toWake);
        }
    }
}
