package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A fair counting semaphore for tasks: bounds how many of them use a finite resource at once
 * (rule 15). Permits come back by closing the {@link Permit}.
 *
 * <p><b>Fairness.</b> Strictly FIFO: an acquire is granted only when every acquire queued before
 * it has been granted, so a large request is not starved by a stream of small ones (and a small
 * request waits behind a large one at the head). {@link #tryAcquire} does not jump the queue.
 *
 * <p><b>Invariant</b> (under the lock): {@code available + permits granted and not yet released
 * == total}; permits assigned to an acquire that was not polled again since are counted as
 * granted, and go back if that acquire is closed.
 *
 * <p><b>Progress.</b> Blocking (one lock), held for O(1) work plus O(1) per waiter granted.
 *
 * <p>All methods may be called from any thread. State is guarded by one lock; wakers are called
 * after it is released.
 */
public final class Semaphore {

    private final int total;
    private final Object lock = new Object();
    private int available;                                          // guarded by lock
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
     * Same as {@link #acquire(int) acquire(1)}.
     *
     * @return a lazy future of a permit for one permit
     */
    public PollFuture<Permit> acquire() {
        return acquire(1);
    }

    /**
     * A future that completes with a {@link Permit} for {@code permits} permits, waiting in FIFO
     * order until they are available. Nothing happens until the first poll (rule 2).
     *
     * <p><b>Cancel safety:</b> cancel-safe. Closing it before it completes leaves the queue (and
     * may let the waiters behind it go); if permits were already assigned to it but it was not
     * polled since, they are given back. No permit leaks. Closing it after it completed does not
     * release the permit: the {@code Permit} owns it.
     *
     * @param permits how many permits to take at once
     * @return a lazy future of a permit holding {@code permits} permits
     * @throws IllegalArgumentException if {@code permits < 1} or more than this semaphore has
     */
    public PollFuture<Permit> acquire(int permits) {
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
     * waits.
     *
     * @param permits how many permits to take at once
     * @return the permit, or empty
     * @throws IllegalArgumentException if {@code permits < 1} or more than this semaphore has
     */
    public Optional<Permit> tryAcquire(int permits) {
        checkRequest(permits);
        synchronized (lock) {
            if (waiters.isEmpty() && available >= permits) {
                available -= permits;
                return Optional.of(new Permit(this, permits));
            }
            return Optional.empty();
        }
    }

    /**
     * Permits available right now (a snapshot).
     *
     * @return the number of permits free now
     */
    public int availablePermits() {
        synchronized (lock) {
            return available;
        }
    }

    /**
     * The number of permits this semaphore was created with.
     *
     * @return the number of permits given to the constructor
     */
    public int totalPermits() {
        return total;
    }

    private void checkRequest(int permits) {
        if (permits < 1 || permits > total) {
            throw new IllegalArgumentException(
                    "permits must be between 1 and " + total + ": " + permits);
        }
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

    /**
     * Grants permits to queued acquires in FIFO order while the head can be satisfied; returns
     * their wakers (null if none, so the uncontended path allocates nothing).
     */
    private List<Waker> assignLocked() {
        List<Waker> toWake = null;
        for (Acquire head = waiters.peek(); head != null && available >= head.permits;
                head = waiters.peek()) {
            waiters.poll();
            available -= head.permits;
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

        static final int INITIAL = 0;   // not polled yet
        static final int WAITING = 1;   // queued
        static final int GRANTED = 2;   // permits assigned, not yet handed out
        static final int FINISHED = 3;  // permit handed out, or closed

        final int permits;
        int state = INITIAL;            // guarded by lock

        Acquire(int permits) {
            this.permits = permits;
        }

        @Override
        public Poll<Permit> poll(Context cx) {
            synchronized (lock) {
                switch (state) {
                    case INITIAL:
                        if (waiters.isEmpty() && available >= permits) {
                            available -= permits;
                            state = FINISHED;
                            return Poll.ready(new Permit(Semaphore.this, permits));
                        }
                        waker = cx.waker();
                        waiters.add(this);
                        state = WAITING;
                        return Poll.pending();
                    case WAITING:
                        waker = cx.waker();
                        return Poll.pending();
                    case GRANTED:
                        state = FINISHED;
                        return Poll.ready(new Permit(Semaphore.this, permits));
                    case FINISHED:
                        throw new IllegalStateException("acquire polled after it completed or closed");
                    default:
                        throw new AssertionError("state " + state);
                }
            }
        }

        @Override
        public void close() {
            List<Waker> toWake = null;
            synchronized (lock) {
                if (state == WAITING) {
                    waiters.remove(this);
                    toWake = assignLocked(); // it may have been the head that held the others back
                } else if (state == GRANTED) {
                    available += permits; // assigned but never handed out: give them back
                    toWake = assignLocked();
                }
                state = FINISHED;
                waker = null;
            }
            Wakers.wakeAll(toWake);
        }
    }
}
