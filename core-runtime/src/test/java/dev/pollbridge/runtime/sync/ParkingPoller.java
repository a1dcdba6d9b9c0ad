package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Drives futures on the calling thread the way a one-task executor would: poll, and if pending,
 * park until the waker is called, then poll again. A pending future whose waker is never called
 * (a lost wake-up) makes {@link #await} fail at the deadline instead of hanging.
 */
final class ParkingPoller {

    private final Thread owner = Thread.currentThread();
    private final AtomicBoolean woken = new AtomicBoolean();
    private final Context context = Context.of(() -> {
        woken.set(true);
        LockSupport.unpark(owner);
    });
    private final long deadlineNanos;

    /** A poller for the current thread that gives up {@code maxMillis} from now. */
    ParkingPoller(long maxMillis) {
        this.deadlineNanos = System.nanoTime() + maxMillis * 1_000_000L;
    }

    /** Polls once; a wake during or after this poll is remembered for {@link #parkUntilWoken}. */
    <T> Poll<T> pollOnce(PollFuture<T> future) {
        woken.set(false);
        return future.poll(context);
    }

    /** Parks until the waker of the last poll is called. */
    void parkUntilWoken() {
        while (!woken.get()) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no wake-up before the deadline: a lost wake-up?");
            }
            LockSupport.parkNanos(this, left);
        }
    }

    /** Polls until ready or failed. */
    <T> Poll<T> await(PollFuture<T> future) {
        while (true) {
            Poll<T> poll = pollOnce(future);
            if (!poll.isPending()) {
                return poll;
            }
            parkUntilWoken();
        }
    }

    boolean expired() {
        return System.nanoTime() - deadlineNanos > 0;
    }
}
