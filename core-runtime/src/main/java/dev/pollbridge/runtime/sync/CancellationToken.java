package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import java.lang.ref.WeakReference;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A request to stop, shared by any number of tasks, in a tree (tokio-util's
 * {@code CancellationToken}; kotlinx's {@code Job} hierarchy, for cancellation only; .NET's
 * {@code CancellationToken}). {@link #cancel()} cancels this token and every token derived from
 * it with {@link #childToken()}; cancelling a child leaves its parent alone. Work observes it
 * with {@link #isCancelled()} or waits for it with {@link #cancelled()}, and
 * {@link #runUntilCancelled} runs a future until the token is cancelled.
 *
 * <pre>{@code
 * CancellationToken shutdown = new CancellationToken();
 * CancellationToken request = shutdown.childToken();      // cancelled by shutdown, or alone
 * PollFuture<Reply> reply = request.runUntilCancelled(handle(call)); // fails with CancellationException
 * ...
 * shutdown.cancel();                                       // every child, grandchild ... too
 * }</pre>
 *
 * <h2>Why it is in {@code sync}</h2>
 * It is a signal between tasks, like {@link Notify} (a one-shot "notify waiters" with a tree),
 * where tokio-util keeps it too; it cancels nothing by itself. What it cancels is up to its users:
 * {@link #runUntilCancelled} closes a future, {@code TaskScope.closeOn(token)} closes a scope and
 * {@code PollRuntime.spawn(future, token)} a task.
 *
 * <h2>The tree</h2>
 * A token is shared by reference (a Tokio {@code clone} is the same Java object), and compares by
 * identity. A child holds its parent strongly and a parent its children weakly: a child nobody
 * holds any more is collected and leaves its parent's list (Tokio removes a child when its last
 * clone drops), while a child that is held, or that has held descendants or waiting futures,
 * keeps its ancestors' links to it, so a cancel always reaches it. A child made from a cancelled
 * token is cancelled from the start.
 *
 * <p><b>Concurrency.</b> Each token has a lock; {@link #cancel()} holds one token's lock at a time
 * (so concurrent cancels in a tree never deadlock), and "make a child" checks and registers under
 * its parent's lock, so a child made while its parent is being cancelled is either born cancelled
 * or reached by that cancel. Once {@code cancel()} returns, this token and every descendant report
 * {@code isCancelled()}, even if another thread was cancelling part of the tree at the same time.
 * The futures waiting in that part are woken by whichever cancel reached their token first, on
 * its thread, after it released the lock. All methods may be called from any thread.
 */
public final class CancellationToken {

    /** The children list is pruned of collected children when it reaches this size (then twice the live ones). */
    private static final int MIN_PRUNE_AT = 8;

    private final Object lock = new Object();
    /** Strong: a live descendant keeps its ancestors reachable, and their weak links to it valid. */
    private final CancellationToken parent;
    /** Once true, never false. Written under lock; read without it. */
    private volatile boolean cancelled;
    /**
     * A {@link #cancel()} that started here finished: this token and all its descendants are
     * cancelled, and a later cancel need not walk them. Once true, never false.
     */
    private volatile boolean subtreeCancelled;
    /**
     * Weak links to the children; guarded by lock. Null until the first child. Frozen once
     * cancelled (new children are born cancelled), so every cancel can walk it; dropped once
     * {@link #subtreeCancelled}.
     */
    private ArrayList<WeakReference<CancellationToken>> children;
    /** Guarded by lock. */
    private int pruneAt = MIN_PRUNE_AT;
    /** Waiting {@link #cancelled()} futures; guarded by lock; emptied by the cancel. */
    private final WaitQueue<Cancelled> waiters = new WaitQueue<>();

    /** A new root token, not cancelled (tokio-util's {@code CancellationToken::new}). */
    public CancellationToken() {
        this(null, false);
    }

    private CancellationToken(CancellationToken parent, boolean cancelled) {
        this.parent = parent;
        this.cancelled = cancelled;
        this.subtreeCancelled = cancelled;
    }

    /**
     * A token that is cancelled when this one is (or on its own); cancelling it does not cancel
     * this one (tokio-util's {@code child_token}). If this token is cancelled already, the child
     * is too.
     *
     * @return a new child token
     */
    public CancellationToken childToken() {
        synchronized (lock) {
            if (cancelled) {
                return new CancellationToken(this, true);
            }
            CancellationToken child = new CancellationToken(this, false);
            if (children == null) {
                children = new ArrayList<>(4);
            } else if (children.size() >= pruneAt) {
                children.removeIf(link -> link.get() == null);
                pruneAt = Math.max(MIN_PRUNE_AT, children.size() * 2);
            }
            children.add(new WeakReference<>(child));
            return child;
        }
    }

    /**
     * Cancels this token and every token derived from it, and wakes every {@link #cancelled()}
     * future waiting on them (tokio-util's {@code cancel}). Idempotent. Once it returns, all of
     * them report {@link #isCancelled()}. The wakers run on this thread, after the locks are
     * released; if one throws, the others still run and the first throwable is rethrown here.
     */
    public void cancel() {
        if (subtreeCancelled) {
            return;
        }
        List<Waker> toWake = null;
        ArrayDeque<CancellationToken> toVisit = new ArrayDeque<>();
        for (CancellationToken node = this; node != null; node = toVisit.poll()) {
            synchronized (node.lock) {
                if (!node.cancelled) {
                    node.cancelled = true;
                    toWake = node.takeWaitersLocked(toWake);
                }
                if (node.children != null && !node.subtreeCancelled) {
                    for (WeakReference<CancellationToken> link : node.children) {
                        CancellationToken child = link.get();
                        if (child != null) {
                            toVisit.add(child);
                        }
                    }
                }
            }
        }
        synchronized (lock) {
            subtreeCancelled = true;
            children = null; // every descendant is cancelled for good: nothing to walk any more
        }
        Wakers.wakeAll(toWake);
    }

    /**
     * True once this token or an ancestor was cancelled (tokio-util's {@code is_cancelled}).
     *
     * @return true if cancelled
     */
    public boolean isCancelled() {
        return cancelled;
    }

    /**
     * A future that completes ({@code null}) once this token is cancelled: at its first poll if
     * it already is (tokio-util's {@code cancelled}, and {@code cancelled_owned}: the future holds
     * the token).
     *
     * <p><b>Cancel safety:</b> cancel-safe; closing it leaves the token's wait queue, and nothing
     * else changes.
     *
     * @return a lazy future of the cancellation
     */
    public PollFuture<Void> cancelled() {
        return new Cancelled();
    }

    /**
     * Runs {@code future} until this token is cancelled (tokio-util's {@code run_until_cancelled}):
     * the result is {@code future}'s outcome if it finishes first; if the token is cancelled first,
     * {@code future} is closed and the result fails with
     * {@link java.util.concurrent.CancellationException}. Tokio returns {@code None} there; a
     * Java future's value may be {@code null}, and a cancelled Java task fails with this
     * exception, so it fails the same way. If the token is cancelled at the first poll,
     * {@code future} is closed without being polled; afterwards a poll that finds both done
     * favours {@code future}'s outcome, as Tokio's does. The returned future owns {@code future}
     * and closes it exactly once.
     *
     * <p><b>Cancel safety:</b> exactly as cancel-safe as {@code future}.
     *
     * @param <T> the value type
     * @param future the work; the returned future owns it
     * @return a lazy future of {@code future}'s outcome, or of a {@code CancellationException}
     * @throws NullPointerException if {@code future} is null
     * @throws IllegalStateException if {@code future} already has an owner (rule 11,
     *     {@link dev.pollbridge.api.SingleUse})
     */
    public <T> PollFuture<T> runUntilCancelled(PollFuture<T> future) {
        return new RunUntilCancelled<>(this, Objects.requireNonNull(future, "future"));
    }

    /**
     * A guard that cancels this token when it is closed, unless {@linkplain DropGuard#disarm()
     * disarmed} first (tokio-util's {@code drop_guard}): for "cancel everything this block started
     * when the block ends, however it ends", with try-with-resources.
     *
     * @return a new armed guard of this token
     */
    public DropGuard dropGuard() {
        return new DropGuard(this);
    }

    @Override
    public String toString() {
        return "CancellationToken[" + (cancelled ? "cancelled" : "active") + (parent == null ? ", root]" : "]");
    }

    private List<Waker> takeWaitersLocked(List<Waker> toWake) {
        for (Cancelled waiter = waiters.poll(); waiter != null; waiter = waiters.poll()) {
            if (toWake == null) {
                toWake = new ArrayList<>();
            }
            toWake.add(waiter.takeWaker());
        }
        return toWake;
    }

    /**
     * One {@link #cancelled()} future. Its node fields are guarded by the token's lock;
     * {@link #finished} and {@link #everQueued} are the owner's.
     */
    private final class Cancelled extends WaitNode implements PollFuture<Void> {

        private boolean finished;
        private boolean everQueued;

        @Override
        public Poll<Void> poll(Context cx) {
            if (finished) {
                throw SingleUse.polledAfter("CancellationToken.cancelled()", "it completed or was closed");
            }
            if (!CoopBudget.pollProceed(cx)) {
                return Poll.pending();
            }
            if (!cancelled) {
                synchronized (lock) {
                    if (!cancelled) { // check and register in one critical section (rule 6)
                        waker = cx.waker();
                        if (!queued) {
                            waiters.add(this);
                            everQueued = true;
                        }
                        return Poll.pending();
                    }
                }
            }
            close();
            CoopBudget.consumeOne();
            return Poll.ready(null);
        }

        @Override
        public void close() {
            finished = true;
            if (everQueued) {
                synchronized (lock) {
                    waiters.remove(this);
                    waker = null;
                }
            }
        }

        @Override
        public String toString() {
            return "CancellationToken.cancelled()";
        }
    }
}
