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
 * The open receiving handles of a {@link WatchSender watch} or {@link BroadcastSender broadcast}
 * channel, and the futures that wait until none is open (the sender's {@code closed()}, Tokio's
 * {@code Sender::closed}). "None open" is a level, not an event: a channel whose last receiver
 * closed reopens when a new one subscribes, and a {@code closed()} future polled then waits again.
 *
 * <p>{@link #opened()} and {@link #closedOne()} may be called while the owning channel's own lock
 * is held (that lock is always taken first; this one never takes another): they return the wakers
 * to call, and the caller calls them once it holds no lock.
 */
final class ReceiverHandles {

    private final Object lock = new Object();
    /** Open handles; written under lock, read without it by senders (a snapshot). */
    private volatile int open;
    private final WaitQueue<NoneOpen> waiters = new WaitQueue<>(); // guarded by lock

    /** One more handle is open. */
    void opened() {
        synchronized (lock) {
            open++;
        }
    }

    /** One handle closed; returns the wakers of the {@code closed()} futures to call (null if none). */
    List<Waker> closedOne() {
        synchronized (lock) {
            if (--open > 0 || waiters.isEmpty()) {
                return null;
            }
            List<Waker> toWake = new ArrayList<>();
            for (NoneOpen waiter = waiters.poll(); waiter != null; waiter = waiters.poll()) {
                toWake.add(waiter.takeWaker());
            }
            return toWake;
        }
    }

    /** The handles open now (a snapshot). */
    int count() {
        return open;
    }

    /** A lazy future that completes once no handle is open at its poll. */
    PollFuture<Void> noneOpen() {
        return new NoneOpen();
    }

    /**
     * One {@code closed()} future; its node fields are guarded by the lock. A waiter woken and
     * polled again checks the level anew.
     */
    private final class NoneOpen extends WaitNode implements PollFuture<Void> {

        /** Ready returned, or closed. Owner only. */
        private boolean finished;

        @Override
        public Poll<Void> poll(Context cx) {
            if (finished) {
                throw SingleUse.polledAfter("a sender's closed()", "it completed or was closed");
            }
            if (!CoopBudget.pollProceed(cx)) {
                return Poll.pending();
            }
            synchronized (lock) {
                if (open == 0) {
                    waiters.remove(this);
                    finished = true;
                    CoopBudget.consumeOne();
                    return Poll.ready(null);
                }
                waker = cx.waker();
                if (!queued) {
                    waiters.add(this);
                }
                return Poll.pending();
            }
        }

        @Override
        public void close() {
            finished = true;
            synchronized (lock) {
                waiters.remove(this);
                waker = null;
            }
        }
    }
}
