package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * What the handles of one watch channel share: the current value with its version, the waiting
 * {@link WatchReceiver#changed()} futures, and the counts of open senders and receivers.
 *
 * <h2>The version counter</h2>
 * The value and its version live in one immutable {@link Snapshot}, replaced by compare-and-set
 * (senders never lock): each replacement adds exactly 1 to the version, so a receiver that
 * remembers the version it saw knows whether anything was sent since, and a reader can never pair
 * one send's value with another's version.
 *
 * <h2>No lost wake-up, without a lock on the send path</h2>
 * A waiting receiver adds itself to {@link #waiters} and increments the volatile {@link #waiting}
 * (under {@link #lock}), and only then re-reads the snapshot. A sender replaces the snapshot (a
 * volatile CAS) and only then reads {@code waiting}. Volatile accesses are sequentially consistent,
 * so of the two second reads at least one sees the other side's write: either the receiver sees
 * the new version and does not wait, or the sender sees a waiter and takes the lock to wake it.
 * With nobody waiting a send costs one CAS and one volatile read.
 *
 * <p>The sending side closes when its last {@link WatchSender} closes ({@link #closed}, under the
 * lock, which also wakes every waiter); the receiving side is counted by {@link #receivers}.
 *
 * @param <T> the value type
 */
final class WatchState<T> {

    /** One value and the version it was sent as. Immutable. */
    static final class Snapshot<T> {
        final T value;
        final long version;

        Snapshot(T value, long version) {
            this.value = value;
            this.version = version;
        }
    }

    private static final VarHandle CURRENT;

    static {
        try {
            CURRENT = MethodHandles.lookup().findVarHandle(WatchState.class, "current", Snapshot.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The latest value; replaced only by {@link #replace}. */
    private volatile Snapshot<T> current;

    final Object lock = new Object();
    private final WaitQueue<WatchChange<T>> waiters = new WaitQueue<>(); // guarded by lock
    /** The size of {@link #waiters}; written under lock, read by senders without it (see the class comment). */
    private volatile int waiting;
    /** Open {@link WatchSender}s; guarded by lock. */
    private int senders = 1;
    /** Every sender closed; once true, never false. Written under lock. */
    private volatile boolean closed;
    /** The open {@link WatchReceiver}s, and the senders' {@code closed()} futures. */
    final ReceiverHandles receivers = new ReceiverHandles();

    WatchState(T initial) {
        this.current = new Snapshot<>(initial, 0);
    }

    Snapshot<T> current() {
        return current;
    }

    /**
     * Replaces {@code expected} by {@code value} with the next version, if {@code expected} is still
     * current; the version counter's only transition. Does not wake anybody: see {@link #wakeWaiters()}.
     */
    boolean replace(Snapshot<T> expected, T value) {
        return CURRENT.compareAndSet(this, expected, new Snapshot<>(value, expected.version + 1));
    }

    boolean isClosed() {
        return closed;
    }

    /** After a {@link #replace}: wakes every waiting receiver, if any waits (see the class comment). */
    void wakeWaiters() {
        if (waiting == 0) {
            return;
        }
        List<Waker> toWake;
        synchronized (lock) {
            toWake = takeWaitersLocked();
        }
        Wakers.wakeAll(toWake);
    }

    /** Queues {@code waiter} (once); the caller re-reads the snapshot afterwards. Called under lock. */
    void enqueueLocked(WatchChange<T> waiter) {
        if (!waiter.queued) {
            waiters.add(waiter);
            waiting = waiting + 1; // volatile write under the lock: the send path's read pairs with it
        }
    }

    /** Unqueues {@code waiter} if it is queued. Called under lock. */
    void dequeueLocked(WatchChange<T> waiter) {
        if (waiters.remove(waiter)) {
            waiting = waiting - 1;
        }
    }

    void senderOpened() {
        synchronized (lock) {
            senders++;
        }
    }

    /** A sender closed; the last one closes the channel and wakes every waiter. */
    void senderClosed() {
        List<Waker> toWake = null;
        synchronized (lock) {
            if (--senders == 0) {
                closed = true;
                toWake = takeWaitersLocked();
            }
        }
        Wakers.wakeAll(toWake);
    }

    int senderCount() {
        synchronized (lock) {
            return senders;
        }
    }

    private List<Waker> takeWaitersLocked() {
        List<Waker> toWake = new ArrayList<>();
        for (WatchChange<T> waiter = waiters.poll(); waiter != null; waiter = waiters.poll()) {
            toWake.add(waiter.takeWaker());
        }
        waiting = 0;
        return toWake;
    }
}
