package dev.pollbridge.api;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the clones of one {@link SharedFuture} share: the future underneath, its outcome, the
 * wakers of the clones waiting for it, and the count of open clones. The design is futures-rs'
 * {@code Shared}.
 *
 * <h2>State</h2>
 * {@link #state} is one of:
 * <ul>
 *   <li>{@link #IDLE}: nobody polls the future underneath. Not terminal.
 *   <li>{@link #POLLING}: one clone is polling it; others return {@code pending}. Not terminal.
 *   <li>{@link #COMPLETE}: {@link #outcome} is set and the future underneath closed. Terminal.
 *   <li>{@link #CLOSED}: the last clone was closed before completion; the future underneath was
 *       closed (cancelled). Terminal.
 * </ul>
 * The polling clone moves IDLE to POLLING by compare-and-set, so the future underneath is polled
 * by one thread at a time, and back to IDLE or on to COMPLETE afterwards. The last close moves
 * IDLE to CLOSED; it cannot meet POLLING, because a clone that polls is open.
 *
 * <h2>No lost wake (rule 6)</h2>
 * A clone registers its waker (under {@link #lock}) before it tries to poll or reads the state.
 * The future underneath is polled with {@link #notifier}, whose wake takes every registered
 * waker out (under the lock) and wakes them (outside it). So a wake, or the completion, that
 * comes after a clone registered reaches that clone; one that came before it is seen by the
 * clone's read of the state or by its own poll. The poller itself is registered too: a wake
 * during its poll makes its task poll again. A clone closed after it was woken would swallow
 * that wake, so closing a clone wakes the clones still waiting ({@link #closed()}).
 *
 * <h2>Memory ordering</h2>
 * {@link #outcome} is written before the release store of {@link #COMPLETE} (the volatile
 * {@link #state}); a clone that reads COMPLETE or a non-null outcome sees the value's fields as
 * the completing thread left them (rule 10).
 *
 * @param <T> the value type
 */
final class SharedState<T> {

    static final int IDLE = 0;
    static final int POLLING = 1;
    static final int COMPLETE = 2;
    static final int CLOSED = 3;

    /** The future underneath: polled by the POLLING holder only; null once closed. */
    private PollFuture<? extends T> future;
    /** IDLE, POLLING, COMPLETE or CLOSED (see the class comment). */
    private final AtomicInteger state = new AtomicInteger(IDLE);
    /** The outcome; written once, by the poller, before COMPLETE. */
    private volatile Poll<T> outcome;
    /** Open clones; the one that brings it to zero closes the future underneath. */
    private final AtomicInteger openClones = new AtomicInteger(1);
    /** Guards {@link #wakers}; never held while a waker runs. */
    private final Object lock = new Object();
    /** The latest waker of each clone that waits; guarded by {@link #lock}. */
    private final Map<SharedClone<T>, Waker> wakers = new IdentityHashMap<>();
    /** The waker the future underneath is polled with: wakes every waiting clone. */
    private final Waker notifier = this::wakeAll;

    SharedState(PollFuture<? extends T> future) {
        this.future = SingleUse.claim(future, "Futures.shared");
    }

    /** The outcome if the shared future completed, else null. */
    Poll<T> outcome() {
        return outcome;
    }

    /**
     * A clone is being made: one more open clone, unless the last one was closed meanwhile (a
     * {@code share()} racing the close of the clone it was called on): the count never rises
     * from zero, since the future underneath may already be closed.
     *
     * @throws IllegalStateException if every clone was closed
     */
    void opened() {
        int open;
        do {
            open = openClones.get();
            if (open == 0) {
                throw new IllegalStateException("share() on a shared future whose every clone was closed");
            }
        } while (!openClones.compareAndSet(open, open + 1));
    }

    /** Stores {@code clone}'s latest waker (rule 7), to be woken by the next progress. */
    void register(SharedClone<T> clone, Waker waker) {
        synchronized (lock) {
            wakers.put(clone, waker);
        }
    }

    /** Forgets {@code clone}'s waker. */
    void unregister(SharedClone<T> clone) {
        synchronized (lock) {
            wakers.remove(clone);
        }
    }

    /**
     * The poll of one clone, whose waker is registered: polls the future underneath if nobody
     * else does, and returns the outcome once there is one.
     */
    Poll<T> poll(Context cx) {
        if (!state.compareAndSet(IDLE, POLLING)) {
            Poll<T> done = outcome; // COMPLETE since our check, or another clone is polling
            return done != null ? done : Poll.pending();
        }
        Poll<? extends T> result;
        try {
            result = future.poll(cx.withWaker(notifier));
            if (result == null) {
                result = Poll.failed(new NullPointerException("poll() of the future under a shared future returned null"));
            } else if (result.isDone()) {
                result = Poll.failed(new IllegalStateException("poll() of the future under a shared future returned done"));
            }
        } catch (Throwable error) {
            // A poll that throws has failed: every clone sees it, nobody is left waiting (a JVM
            // error is rethrown after that).
            complete(Poll.failed(error));
            return Poll.failed(Outcomes.userFailure(error));
        }
        if (result.isPending()) {
            state.set(IDLE); // our waker is registered: a wake during the poll polls us again
            return Poll.pending();
        }
        Poll<T> widened = Outcomes.widen(result);
        complete(widened);
        return widened;
    }

    /** Poller: publishes the outcome, closes the future underneath, wakes every waiting clone. */
    private void complete(Poll<T> result) {
        outcome = result;
        state.set(COMPLETE); // release: the outcome is visible to whoever reads COMPLETE
        PollFuture<? extends T> finished = future;
        future = null;
        try {
            Closer.close(finished);
        } finally {
            wakeAll();
        }
    }

    /**
     * A clone was closed. The last one closes the future underneath unless it completed. Any
     * other hands its turn on: the clones still waiting are woken, so that one of them polls the
     * future underneath, in case the closed clone was the one woken for its progress and now
     * never polls (a spurious wake costs a poll; a lost one would hang them).
     */
    void closed() {
        if (openClones.decrementAndGet() == 0) {
            if (state.compareAndSet(IDLE, CLOSED)) {
                PollFuture<? extends T> unfinished = future;
                future = null;
                Closer.close(unfinished);
            }
        } else if (state.get() != COMPLETE) {
            wakeAll();
        }
    }

    /** Takes every registered waker out and wakes it, outside the lock; none is lost if one throws. */
    private void wakeAll() {
        List<Waker> toWake;
        synchronized (lock) {
            if (wakers.isEmpty()) {
                return;
            }
            toWake = new ArrayList<>(wakers.values());
            wakers.clear();
        }
        RuntimeException first = null;
        for (Waker waker : toWake) {
            try {
                waker.wake();
            } catch (RuntimeException broken) {
                if (first == null) {
                    first = broken;
                } else {
                    first.addSuppressed(broken);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
