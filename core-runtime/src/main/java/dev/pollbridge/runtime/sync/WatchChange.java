package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import java.util.function.Predicate;

/**
 * {@link WatchReceiver#changed()} (no condition: completes with {@code null}) and
 * {@link WatchReceiver#waitFor} (completes with the first value the condition accepts). Its node
 * fields (queue links, waker) are guarded by the channel's lock; the rest is the owner's.
 *
 * <p>Each poll: if the receiver has not seen the current version, mark it seen and (for
 * {@code waitFor}) test it; otherwise queue, re-read the version (the order the lock-free send
 * path relies on, see {@link WatchState}), and fail if every sender is gone. A value is "taken"
 * only by marking it seen, which this future does only on the poll that returns it or tests it,
 * so closing the future loses nothing.
 *
 * @param <T> the value type
 */
final class WatchChange<T> extends WaitNode implements PollFuture<T> {

    private final WatchReceiver<T> receiver;
    private final WatchState<T> state;
    /** null for {@code changed()}. */
    private final Predicate<? super T> condition;
    /** {@code waitFor} tests the current value once even if it was seen. Owner only. */
    private boolean testedCurrent;
    /** Ready or failed returned, or closed. Owner only. */
    private boolean finished;

    WatchChange(WatchReceiver<T> receiver, WatchState<T> state, Predicate<? super T> condition) {
        this.receiver = receiver;
        this.state = state;
        this.condition = condition;
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (finished) {
            throw SingleUse.polledAfter("WatchReceiver." + what(), "it completed or was closed");
        }
        if (receiver.isClosed()) {
            return finish(Poll.failed(new ChannelClosedException("the WatchReceiver is closed")));
        }
        if (!CoopBudget.pollProceed(cx)) {
            return Poll.pending();
        }
        while (true) {
            WatchState.Snapshot<T> now = state.current();
            if (now.version != receiver.seen || (condition != null && !testedCurrent)) {
                receiver.seen = now.version;
                testedCurrent = true;
                if (condition == null) {
                    return finish(Poll.ready(null));
                }
                boolean accepted;
                try {
                    accepted = condition.test(now.value);
                } catch (Throwable userFailure) {
                    return finish(Poll.failed(userFailure));
                }
                if (accepted) {
                    return finish(Poll.ready(now.value));
                }
                continue; // tested and seen: wait for the next version
            }
            synchronized (state.lock) {
                state.enqueueLocked(this);
                waker = cx.waker();
                if (state.current().version != receiver.seen) {
                    // Sent meanwhile: leave the queue before the lock is released, so a sender that
                    // saw this waiter finds the queue empty and wakes nobody for a value taken here.
                    state.dequeueLocked(this);
                    waker = null;
                    continue;
                }
                if (state.isClosed()) {
                    state.dequeueLocked(this);
                    waker = null;
                } else {
                    return Poll.pending();
                }
            }
            return finish(Poll.failed(new ChannelClosedException("every WatchSender is closed")));
        }
    }

    /** Leaves the queue and ends; spends one unit of budget (a failure too: a loop on a closed channel must yield). */
    private Poll<T> finish(Poll<T> outcome) {
        leave();
        CoopBudget.consumeOne();
        return outcome;
    }

    /**
     * Benign race: {@code queued} is read without the lock. Only this future's own poll sets it
     * (under the lock) and a sender clears it, so reading false means it is not queued (never
     * was, or a send took it out) and there is nothing to do; reading true, maybe stale, takes
     * the lock. This keeps the lock off the usual paths: a change found at the first poll, and a
     * waiter woken by a send.
     */
    private void leave() {
        finished = true;
        if (!queued) {
            return;
        }
        synchronized (state.lock) {
            state.dequeueLocked(this);
            waker = null;
        }
    }

    @Override
    public void close() {
        if (!finished) {
            leave();
        }
    }

    private String what() {
        return condition == null ? "changed()" : "waitFor()";
    }

    @Override
    public String toString() {
        return "WatchReceiver." + what();
    }
}
