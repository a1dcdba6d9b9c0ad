package dev.pollbridge.runtime.task;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Dropped;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import dev.pollbridge.runtime.sync.CancellationToken;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;

/**
 * Structured concurrency: a set of child tasks spawned on a {@link PollRuntime}, whose results are
 * collected as they finish, and none of which outlives the scope (Tokio's {@code JoinSet}, with
 * an optional fail-fast policy like Java's {@code StructuredTaskScope.ShutdownOnFailure}).
 *
 * <pre>{@code
 * PollFuture<List<Price>> quotes = Async.run(() -> {
 *     try (TaskScope<Price> scope = TaskScope.open(runtime, FailurePolicy.CANCEL_SIBLINGS)) {
 *         for (Supplier s : suppliers) {
 *             scope.spawn(s.quote(item));
 *         }
 *         return Async.await(scope.joinAll());   // the first failure cancels the other quotes
 *     }                                           // close(): nothing of the scope runs on
 * });
 * }</pre>
 *
 * <h2>Children</h2>
 * {@link #spawn} starts a child as an independent runtime task right away and returns its
 * {@link AbortHandle} (its id, and a way to abort it alone). The scope owns the child's future:
 * the runtime closes it when it finishes or is aborted. A child's value or failure goes to the
 * scope, never to the runtime's uncaught-failure handler (unless it was detached).
 *
 * <h2>Bounded parallelism</h2>
 * A scope opened with {@link #bounded} runs at most {@code maxRunning} children at once; a child
 * spawned while that many run waits in the scope, in spawn order, and starts as soon as a running
 * one ends. {@code spawn} never waits, and nothing blocks a thread: a waiting child is just its
 * future, not yet polled (rule 2), held by the scope. It counts in {@link #size()}, and
 * {@code joinAll()} waits for it too. The slot of a child is freed when its outcome reaches the
 * scope, on the runtime thread that ended it, which then starts the next one.
 *
 * <h2>Collecting results</h2>
 * {@link #next()} yields the outcome of the next child to finish, in finishing order, and
 * {@code null} when no child is left. {@link #joinAll()} waits until every child has ended and
 * returns the values of those whose outcome {@code next()} did not already hand out, in spawn
 * order. Each outcome is handed out once, by one of them. A value that is never handed out
 * (when {@code joinAll()} fails instead, or {@code shutdown()} drops it) is closed if it is an
 * {@link AutoCloseable}, so a child's resource (a permit, a connection) does not leak.
 *
 * <p>{@link #tryJoinNext()} takes an outcome that is there now without waiting, and
 * {@link #detachAll()} lets the started children run on without the scope (Tokio's
 * {@code try_join_next} and {@code detach_all}).
 *
 * <h2>Ending</h2>
 * {@link #close()} aborts every unfinished child; it never blocks, and each aborted child's future
 * is closed on a runtime thread at its next suspension point (rule 13); a child still waiting for
 * a slot never runs (its future is closed at once). {@link #shutdown()} does the same and
 * completes once every child has really ended.
 *
 * <h2>The structured-concurrency guarantee</h2>
 * When {@code joinAll()} or {@code shutdown()} completes, and when {@code next()} yields
 * {@code null}, every child of the scope has ended: its future is closed, and every {@code Async}
 * body it ran has finished, {@code finally} blocks included. That holds for a body that was
 * cancelled while it ran (an aborted child, a select loser inside a child): cancelling a body
 * only makes it unwind on its own thread, and the child is counted as ended only once that
 * unwinding is over. So nothing a child started is still running after the scope is done with
 * it, as with the JDK's {@code StructuredTaskScope}, whose {@code close()} returns only once
 * every thread it started has finished. (Plain futures and tasks that a child spawned on its own
 * with {@code PollRuntime.spawn} are independent tasks, not children: rule 13.) A child whose body's
 * cleanup never returns keeps the scope from completing, just as a thread that never finishes
 * keeps a {@code StructuredTaskScope} from closing.
 *
 * <h2>Threads</h2>
 * All methods may be called from any thread. The futures returned by {@code next()},
 * {@code joinAll()} and {@code shutdown()} follow the poll contract (one owner polls each) and may
 * be awaited from different tasks at once. State is guarded by one lock that is never held while
 * a waker, an abort or user code runs.
 *
 * <h2>Poll budget</h2>
 * A {@code next()}, {@code joinAll()} or {@code shutdown()} future that completes spends one unit
 * of the polling task's budget (rule 16): a loop draining many finished children answers
 * {@code pending} once per budget and lets its worker's other tasks run.
 *
 * @param <T> the children's value type
 */
public final class TaskScope<T> implements AutoCloseable {

    private final PollRuntime runtime;
    private final FailurePolicy policy;
    /** At most this many children started and not ended; {@code Integer.MAX_VALUE}: no bound. Immutable. */
    private final int maxRunning;
    private final Object lock = new Object();

    /**
     * Spawned children that have not ended and were not detached, by id, in spawn order (those
     * waiting for a slot included). Guarded by lock.
     */
    private final Map<Long, ScopeChild<T>> running = new LinkedHashMap<>();
    /**
     * Children waiting for a slot, in spawn order; an entry whose {@code queued} flag was cleared
     * (aborted while waiting) is skipped. Guarded by lock.
     */
    private final ArrayDeque<ScopeChild<T>> waitingToStart = new ArrayDeque<>();
    /** Children started and not ended: the slots in use (detached ones included). Guarded by lock. */
    private int startedNow;
    /** A thread is in {@link #serveWaiting()}'s start or end of a child. Guarded by lock. */
    private boolean serving;
    /** Outcomes not yet handed out, in finishing order. Guarded by lock. */
    private final ArrayDeque<TaskOutcome<T>> ended = new ArrayDeque<>();
    /** Wakers of the next/joinAll/shutdown futures pending now, one per future. Guarded by lock. */
    private final Map<Object, Waker> waiters = new IdentityHashMap<>();
    /** Next id to hand out. Guarded by lock. */
    private long nextId;
    /** Once true, never false: spawn refused, children aborted. Guarded by lock. */
    private boolean closed;
    /** Once true, never false: a child failed under CANCEL_SIBLINGS. Guarded by lock. */
    private boolean siblingsCancelled;
    /** The tasks that wait for the tokens of {@link #closeOn}; ended by close(). Guarded by lock. */
    private List<JoinHandle<Void>> tokenWatchers = List.of();

    private TaskScope(PollRuntime runtime, FailurePolicy policy, int maxRunning) {
        this.runtime = Objects.requireNonNull(runtime, "runtime");
        this.policy = Objects.requireNonNull(policy, "policy");
        if (maxRunning < 1) {
            throw new IllegalArgumentException("maxRunning must be >= 1, was " + maxRunning);
        }
        this.maxRunning = maxRunning;
    }

    /**
     * An empty scope whose children run on {@code runtime} and whose failures do not affect each other.
     *
     * @param <T> the children's value type
     * @param runtime the runtime the children are spawned on
     * @return an open, empty scope; close it to abort the children still running
     */
    public static <T> TaskScope<T> open(PollRuntime runtime) {
        return new TaskScope<>(runtime, FailurePolicy.KEEP_GOING, Integer.MAX_VALUE);
    }

    /**
     * An empty scope whose children run on {@code runtime}, with the given failure policy.
     *
     * @param <T> the children's value type
     * @param runtime the runtime the children are spawned on
     * @param policy what a child's failure does to its siblings
     * @return an open, empty scope; close it to abort the children still running
     */
    public static <T> TaskScope<T> open(PollRuntime runtime, FailurePolicy policy) {
        return new TaskScope<>(runtime, policy, Integer.MAX_VALUE);
    }

    /**
     * An empty scope that runs at most {@code maxRunning} of its children at once (see "Bounded
     * parallelism"); failures do not affect each other.
     *
     * @param <T> the children's value type
     * @param runtime spawns the children
     * @param maxRunning the most children polled at a time, at least 1
     * @return an open, bounded scope
     * @throws IllegalArgumentException if {@code maxRunning < 1}
     */
    public static <T> TaskScope<T> bounded(PollRuntime runtime, int maxRunning) {
        return new TaskScope<>(runtime, FailurePolicy.KEEP_GOING, maxRunning);
    }

    /**
     * An empty scope that runs at most {@code maxRunning} of its children at once, with the given
     * failure policy. Under {@link FailurePolicy#CANCEL_SIBLINGS} a failure also ends every
     * waiting child as cancelled, unrun.
     *
     * @param <T> the children's value type
     * @param runtime spawns the children
     * @param maxRunning the most children polled at a time, at least 1
     * @param policy what a failed child does to its siblings
     * @return an open, bounded scope
     * @throws IllegalArgumentException if {@code maxRunning < 1}
     */
    public static <T> TaskScope<T> bounded(PollRuntime runtime, int maxRunning, FailurePolicy policy) {
        return new TaskScope<>(runtime, policy, maxRunning);
    }

    /**
     * Spawns {@code future} as a child task and returns its {@link AbortHandle}, whose id is 0, 1,
     * 2, ... in spawn order. The scope owns the future from now on. In a {@linkplain #bounded
     * bounded} scope that runs its maximum already, the child waits for a slot (this call does
     * not). Under {@link FailurePolicy#CANCEL_SIBLINGS}, once a child has failed, a new child is
     * not run: its future is closed and it ends as cancelled.
     *
     * @param future the child's work; the scope owns it from now on
     * @return the child's id
     * @throws NullPointerException if {@code future} is null
     * @throws IllegalStateException if the scope is closed (the future is closed)
     * @throws RejectedExecutionException if the runtime is closed (the future is closed)
     */
    public AbortHandle spawn(PollFuture<? extends T> future) {
        SingleUse.claim(future, "TaskScope.spawn");
        ScopeChild<T> child = null;
        boolean runIt = false;
        boolean startNow = false;
        synchronized (lock) {
            if (!closed) {
                child = new ScopeChild<>(nextId++, this, future);
                running.put(child.id, child);
                runIt = !siblingsCancelled;
                if (runIt && startedNow < maxRunning) {
                    startedNow++;
                    child.started = true;
                    startNow = true;
                } else if (runIt) {
                    child.queued = true;
                    waitingToStart.add(child);
                }
            }
        }
        if (child == null) {
            future.close(); // outside the lock: user code
            throw new IllegalStateException("spawn on a closed TaskScope");
        }
        if (!runIt) {
            child.endWithoutRunning();
        } else if (startNow) {
            start(child, future);
        }
        return child;
    }

    /**
     * Hands a child that holds a slot to the runtime. A closed runtime refuses: the child leaves
     * the scope (and its slot), its future is closed and the refusal is thrown.
     */
    private void start(ScopeChild<T> child, PollFuture<? extends T> future) {
        JoinHandle<Void> handle;
        try {
            handle = runtime.spawn(child);
        } catch (RejectedExecutionException rejected) {
            List<Waker> toWake;
            synchronized (lock) {
                running.remove(child.id);
                child.started = false;
                child.finished = true;
                startedNow--;
                toWake = takeWaiters(); // a joinAll may have been waiting for this child alone
            }
            toWake.forEach(Waker::wake); // before the user's close(), which must not lose them
            future.close();
            throw rejected;
        }
        boolean stillRunning;
        boolean abortNow;
        synchronized (lock) {
            // The child may already have ended (childEnded marked it), or it may have been told
            // to stop before the handle was known: then abort it here.
            stillRunning = !child.finished;
            abortNow = stillRunning && (child.abortRequested || (!child.detached && (closed || siblingsCancelled)));
            if (stillRunning) {
                child.handle = handle; // closed by childEnded
            }
        }
        if (abortNow) {
            handle.abort();
        }
        if (!stillRunning) {
            handle.close();
        }
    }

    /**
     * Starts waiting children while slots are free, and ends them unrun once the scope stopped
     * (closed, or a sibling failed under CANCEL_SIBLINGS). One thread serves at a time, in a loop,
     * not by recursion: a call made while another serves (from inside a start whose child ended
     * at once, or from another thread) returns, and the server re-checks under the lock after
     * each child, so no free slot is missed. A start the runtime refuses (it is closed, and this
     * thread is outside it) ends the child as cancelled.
     */
    private void serveWaiting() {
        while (true) {
            ScopeChild<T> next;
            boolean run;
            synchronized (lock) {
                if (serving) {
                    return;
                }
                boolean stopped = closed || siblingsCancelled;
                next = null;
                if (stopped || startedNow < maxRunning) {
                    while ((next = waitingToStart.poll()) != null && !next.queued) {
                        // aborted while it waited: ended already
                    }
                }
                if (next == null) {
                    return;
                }
                next.queued = false;
                run = !stopped;
                if (run) {
                    startedNow++;
                    next.started = true;
                }
                serving = true;
            }
            try {
                if (!run) {
                    next.endWithoutRunning();
                } else {
                    try {
                        start(next, next.inner());
                    } catch (RejectedExecutionException closedRuntime) {
                        next.reportEnded(TaskOutcome.cancelled(next.id)); // start() closed its future
                    }
                }
            } finally {
                synchronized (lock) {
                    serving = false;
                }
            }
        }
    }

    /** {@link AbortHandle#abort()} of {@code child}. */
    void abort(ScopeChild<T> child) {
        boolean unrun = false;
        JoinHandle<Void> handle = null;
        synchronized (lock) {
            if (child.finished) {
                return;
            }
            if (child.queued) {
                child.queued = false; // serveWaiting skips it
                unrun = true;
            } else if (child.handle != null) {
                handle = child.handle;
            } else {
                child.abortRequested = true; // being started: start() aborts it once it has the handle
            }
        }
        if (unrun) {
            child.endWithoutRunning();
        } else if (handle != null) {
            handle.abort();
        }
    }

    /** {@link AbortHandle#isFinished()} of {@code child}. */
    boolean isFinished(ScopeChild<T> child) {
        synchronized (lock) {
            return child.finished;
        }
    }

    /**
     * A future of the outcome of the next child to finish, or of {@code null} once no child is
     * running and every outcome was handed out. Children spawned while it waits count.
     *
     * <p><b>Cancel safety:</b> cancel-safe. Closing it before it is ready loses no outcome; the
     * outcome stays for the next call.
     *
     * @return a lazy future of the next outcome, or of {@code null} when none is left
     */
    public PollFuture<TaskOutcome<T>> next() {
        return new Waiter<>(this) {
            @Override
            Poll<TaskOutcome<T>> check() {
                TaskOutcome<T> outcome = ended.poll();
                if (outcome != null) {
                    return Poll.ready(outcome);
                }
                return running.isEmpty() ? Poll.ready(null) : null;
            }
        };
    }

    /**
     * A future that waits until every child has ended and then yields the values of the children
     * whose outcomes {@link #next()} has not handed out, in spawn order. If any of them failed,
     * it fails with the first failure (in finishing order, the same instance) instead; if some
     * were cancelled and none failed, it fails with {@link CancellationException}. When it
     * fails, the values of the children that succeeded are dropped, and each
     * {@link AutoCloseable} one is closed (a throwing close is added to the failure as
     * suppressed).
     *
     * <p><b>Cancel safety:</b> cancel-safe: outcomes are taken only when it completes.
     *
     * @return a lazy future of the values not handed out yet
     */
    public PollFuture<List<T>> joinAll() {
        return new Waiter<>(this) {
            @Override
            Poll<List<T>> check() {
                if (!running.isEmpty()) {
                    return null;
                }
                List<TaskOutcome<T>> outcomes = new ArrayList<>(ended);
                ended.clear();
                Throwable failure = null;
                Throwable cancellation = null;
                for (TaskOutcome<T> outcome : outcomes) {
                    if (outcome.isCancelled()) {
                        cancellation = cancellation == null ? outcome.failure() : cancellation;
                    } else if (!outcome.isSuccess() && failure == null) {
                        failure = outcome.failure(); // the earliest: outcomes are in finishing order
                    }
                }
                if (failure != null || cancellation != null) {
                    dropValues(outcomes);
                    return Poll.failed(failure != null ? failure : cancellation);
                }
                outcomes.sort(Comparator.comparingLong(TaskOutcome::id));
                List<T> values = new ArrayList<>(outcomes.size());
                for (TaskOutcome<T> outcome : outcomes) {
                    values.add(outcome.value());
                }
                return Poll.ready(values);
            }
        };
    }

    /**
     * The outcome of a child that has finished and was not handed out yet, if there is one now,
     * without waiting (Tokio's {@code try_join_next}). Empty if no finished outcome is waiting,
     * whether children still run or none is left.
     *
     * @return the outcome of a finished child, or empty if none has finished
     */
    public Optional<TaskOutcome<T>> tryJoinNext() {
        synchronized (lock) {
            return Optional.ofNullable(ended.poll());
        }
    }

    /**
     * Lets every started child run on without the scope (Tokio's {@code detach_all}): the scope
     * forgets them, {@link #close()} no longer aborts them, and their outcomes are dropped as a
     * detached task's are: a failure goes to the runtime's uncaught-failure handler, a value that
     * is an {@link AutoCloseable} is closed. Outcomes that finished and were not handed out yet are
     * dropped the same way now. Children of a {@linkplain #bounded bounded} scope that are still
     * waiting for a slot have not started and stay in the scope; detached children keep their
     * slots until they end, since the bound protects a resource they still use. The scope stays
     * open. Never blocks.
     */
    public void detachAll() {
        List<TaskOutcome<T>> dropped;
        List<Waker> toWake;
        synchronized (lock) {
            for (Iterator<ScopeChild<T>> it = running.values().iterator(); it.hasNext(); ) {
                ScopeChild<T> child = it.next();
                if (!child.queued) {
                    child.detached = true;
                    it.remove();
                }
            }
            dropped = new ArrayList<>(ended);
            ended.clear();
            toWake = takeWaiters(); // a joinAll or next waiting for them can complete now
        }
        dropped.forEach(this::discard);
        toWake.forEach(Waker::wake);
    }

    /** Drops the outcome of a detached child as a detached task's output is dropped (rule T8). */
    private void discard(TaskOutcome<T> outcome) {
        if (outcome.isSuccess()) {
            Dropped.close(outcome.value(), "the value of a child detached from a TaskScope", this::reportUncaught);
        } else if (!outcome.isCancelled()) {
            reportUncaught("child " + outcome.id() + " detached from a TaskScope", outcome.failure());
        }
    }

    private void reportUncaught(String source, Throwable failure) {
        runtime.reportUncaught(failure, source);
    }

    /**
     * {@link #close()}, then a future that completes once every child has ended: its future is
     * closed and its {@code Async} bodies have run their {@code finally} blocks. Outcomes not
     * handed out are dropped; their {@link AutoCloseable} values are
     * closed (a throwing close goes to the runtime's uncaught-failure handler).
     *
     * @return a future that completes once every child has ended
     */
    public PollFuture<Void> shutdown() {
        close();
        return new Waiter<>(this) {
            @Override
            Poll<Void> check() {
                if (!running.isEmpty()) {
                    return null;
                }
                dropValues(ended);
                ended.clear();
                return Poll.ready(null);
            }
        };
    }

    /**
     * Closes this scope when {@code token} is cancelled, or at once if it already is: a scope
     * cancelled by a token (where Tokio code selects on {@code token.cancelled()} around its
     * {@code JoinSet}). The scope waits for the token in a small task of its runtime, which
     * {@link #close()} ends; so the close happens on a runtime thread shortly after the cancel,
     * and a scope closed first lets go of the token. Several tokens may close one scope.
     *
     * @param token the token whose cancellation closes this scope
     * @return this scope
     * @throws NullPointerException if {@code token} is null
     * @throws RejectedExecutionException if the runtime is closed
     */
    public TaskScope<T> closeOn(CancellationToken token) {
        Objects.requireNonNull(token, "token");
        if (token.isCancelled()) {
            close();
            return this;
        }
        JoinHandle<Void> watcher = runtime.spawn(token.cancelled().map(cancelled -> {
            close();
            return null;
        }));
        boolean closedAlready;
        synchronized (lock) {
            closedAlready = closed;
            if (!closedAlready) {
                if (tokenWatchers.isEmpty()) {
                    tokenWatchers = new ArrayList<>(1);
                }
                tokenWatchers.add(watcher);
            }
        }
        if (closedAlready) {
            watcher.abort();
            watcher.close();
        }
        return this;
    }

    /**
     * Aborts every unfinished child and refuses further spawns. Idempotent, never blocks, never
     * throws. Each aborted child's future is closed on a runtime thread at its next suspension
     * point and ends as cancelled; {@link #next()} still hands out the outcomes.
     */
    @Override
    public void close() {
        List<JoinHandle<Void>> toAbort;
        List<JoinHandle<Void>> watchers;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            toAbort = handlesOfRunning();
            watchers = tokenWatchers;
            tokenWatchers = List.of();
        }
        toAbort.forEach(JoinHandle::abort);
        for (JoinHandle<Void> watcher : watchers) {
            watcher.abort(); // it leaves the token's wait queue
            watcher.close();
        }
        serveWaiting(); // children waiting for a slot end unrun
    }

    /**
     * Children spawned and not yet handed out (running, or ended and waiting for next/joinAll).
     *
     * @return the number of children spawned and not yet handed out
     */
    public int size() {
        synchronized (lock) {
            return running.size() + ended.size();
        }
    }

    /**
     * True once {@link #close()} (or {@link #shutdown()}) was called.
     *
     * @return true if the scope is closed
     */
    public boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /**
     * Called once per child, after its future was closed and the bodies its task cancelled have
     * unwound: on the runtime thread that ended it, or on the thread of the last such body to
     * end. Aborts, the handle's close and wakes run after the lock is released.
     *
     * <p>Benign race: {@link #close()} or a sibling's failure may abort this child's handle just
     * after this method detached it; aborting a finished task does nothing.
     */
    void childEnded(ScopeChild<T> child, TaskOutcome<T> outcome) {
        List<JoinHandle<Void>> toAbort = List.of();
        List<Waker> toWake;
        JoinHandle<Void> handle;
        boolean detached;
        synchronized (lock) {
            running.remove(child.id);
            handle = child.handle;
            child.handle = null;
            child.finished = true;
            if (child.started) {
                child.started = false;
                startedNow--; // its slot is free: serveWaiting below starts the next child
            }
            detached = child.detached;
            if (!detached) {
                ended.add(outcome);
                boolean failed = !outcome.isSuccess() && !outcome.isCancelled();
                if (failed && policy == FailurePolicy.CANCEL_SIBLINGS && !siblingsCancelled) {
                    siblingsCancelled = true;
                    toAbort = handlesOfRunning();
                }
            }
            toWake = takeWaiters();
        }
        if (handle != null) {
            handle.close(); // detach: the task is over; the scope already has its outcome
        }
        if (detached) {
            discard(outcome);
        }
        toAbort.forEach(JoinHandle::abort);
        toWake.forEach(Waker::wake);
        serveWaiting();
    }

    /** The wakers of every pending waiter, forgotten here: each re-registers when polled. Guarded by lock. */
    private List<Waker> takeWaiters() {
        if (waiters.isEmpty()) {
            return List.of();
        }
        List<Waker> wakers = new ArrayList<>(waiters.values());
        waiters.clear();
        return wakers;
    }

    /** Guarded by lock. */
    private List<JoinHandle<Void>> handlesOfRunning() {
        List<JoinHandle<Void>> handles = new ArrayList<>(running.size());
        for (ScopeChild<T> child : running.values()) {
            if (child.handle != null) {
                handles.add(child.handle);
            }
        }
        return handles;
    }

    /**
     * The futures of next, joinAll and shutdown: check the scope under its lock, and register
     * the waker in the same critical section when there is nothing yet (rule 6).
     */
    private abstract static class Waiter<T, R> extends SingleUse implements PollFuture<R> {
        private static final Object[] NONE = {};
        private final TaskScope<T> scope;
        private boolean done; // owner only
        private boolean closed; // owner only
        /** Values {@link #check()} dropped, closed by {@link #poll} after the lock. Owner only. */
        private Object[] dropped = NONE;

        Waiter(TaskScope<T> scope) {
            this.scope = scope;
        }

        /** The result if there is one now, else null. Called with the scope's lock held. */
        abstract Poll<R> check();

        /** Called by {@link #check()}: these outcomes' values will never be handed out. */
        final void dropValues(Collection<TaskOutcome<T>> outcomes) {
            dropped = outcomes.stream().filter(TaskOutcome::isSuccess).map(TaskOutcome::value).toArray();
        }

        /**
         * Drops the values {@link #check()} set aside, outside the lock (user code, rule T10);
         * a throwing close is added to a failed result as suppressed, else reported. Never throws.
         */
        private void closeDropped(Poll<R> result) {
            if (dropped.length > 0) {
                Dropped.closeAll(dropped, "a value a TaskScope dropped",
                        result.isFailed() ? Dropped.suppressedBy(result.error()) : scope::reportUncaught);
                dropped = NONE;
            }
        }

        @Override
        public final Poll<R> poll(Context cx) {
            Objects.requireNonNull(cx, "cx");
            if (closed) {
                // Polling would store a waker for a future its owner already dropped.
                throw SingleUse.polledAfter("a TaskScope future", "close()");
            }
            if (done) {
                throw SingleUse.polledAfter("a TaskScope future", "it completed");
            }
            if (!CoopBudget.pollProceed(cx)) {
                return Poll.pending(); // rule 16: take nothing this turn
            }
            Poll<R> result;
            synchronized (scope.lock) {
                result = check();
                if (result == null) {
                    scope.waiters.put(this, cx.waker());
                    return Poll.pending();
                }
                scope.waiters.remove(this);
                done = true;
            }
            CoopBudget.consumeOne();
            closeDropped(result);
            return result;
        }

        @Override
        public final void close() {
            closed = true;
            synchronized (scope.lock) {
                scope.waiters.remove(this);
            }
        }
    }
}
