package dev.pollbridge.runtime.task;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.internal.task.Task;

/**
 * The future a {@link TaskScope} spawns for each child: polls the user's future, and reports
 * how it ended to the scope exactly once.
 *
 * <p>To the runtime it always completes with {@code null}: the child's value or failure belongs
 * to the scope, which hands it out through {@code next()} and {@code joinAll()}, so a failure is
 * never also reported to the runtime's uncaught-failure handler. The user's future is closed,
 * and every {@code Async} body the child's task cancelled has run its {@code finally} blocks,
 * before the outcome is reported: once the scope knows a child ended, that child has really
 * ended ("no child outlives its scope").
 *
 * <p>It is also the child's {@link AbortHandle}, which the scope answers under its lock.
 *
 * <p>Polled and closed by the runtime task that owns it, one call at a time; {@link #handle},
 * {@link #started}, {@link #queued}, {@link #finished}, {@link #abortRequested} and
 * {@link #detached} are guarded by the scope's lock.
 */
final class ScopeChild<T> implements PollFuture<Void>, AbortHandle {

    final long id;
    private final TaskScope<T> scope;
    private final PollFuture<? extends T> inner;
    /** The task's handle, set right after the spawn; null before and for a never-run child. Scope lock. */
    JoinHandle<Void> handle;
    /** Handed to the runtime (it holds one of a bounded scope's slots until it ends). Scope lock. */
    boolean started;
    /** Waiting in a bounded scope's queue for a slot. Scope lock. */
    boolean queued;
    /** Its outcome reached the scope. Scope lock. */
    boolean finished;
    /** An abort came before its handle was known; the spawner aborts it once it is. Scope lock. */
    boolean abortRequested;
    /** Left the scope by {@code detachAll}: its outcome is discarded. Scope lock. */
    boolean detached;
    /** The outcome was reported and the user's future closed. Task owner only. */
    private boolean ended;

    ScopeChild(long id, TaskScope<T> scope, PollFuture<? extends T> inner) {
        this.id = id;
        this.scope = scope;
        this.inner = inner;
    }

    @Override
    public Poll<Void> poll(Context cx) {
        if (ended) {
            throw new IllegalStateException("TaskScope child " + id + " polled after it ended");
        }
        Poll<? extends T> poll;
        try {
            poll = inner.poll(cx);
        } catch (Throwable broken) {
            // A poll that throws is a failure of this child, whatever it throws: a checked
            // exception thrown sneakily too, so the failure policy sees it (rule T10).
            poll = Poll.failed(broken);
        }
        if (poll == null) {
            poll = Poll.failed(new NullPointerException("poll() of TaskScope child " + id + " returned null"));
        }
        if (poll.isPending()) {
            return Poll.pending();
        }
        TaskOutcome<T> outcome = poll.isReady()
                ? TaskOutcome.success(id, poll.value())
                : TaskOutcome.failure(id, poll.isFailed() ? poll.error()
                        : new IllegalStateException("a future returned " + poll));
        end(outcome);
        return Poll.ready(null);
    }

    /** Closed by the runtime: after completion (nothing left to do), or on abort or runtime close. */
    @Override
    public void close() {
        if (!ended) {
            end(TaskOutcome.cancelled(id));
        }
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public void abort() {
        scope.abort(this);
    }

    @Override
    public boolean isFinished() {
        return scope.isFinished(this);
    }

    /**
     * Ends a child that never ran (spawned after the policy cancelled the scope, or aborted while
     * queued); on the spawner's or the aborter's thread.
     */
    void endWithoutRunning() {
        ended = true;
        try {
            inner.close();
        } finally {
            scope.childEnded(this, TaskOutcome.cancelled(id));
        }
    }

    /**
     * Closes the user's future and reports the end to the scope, but only once every
     * {@code Async} body that this child's task cancelled has unwound (task rule T11): a select
     * loser, a join child, or the user's future itself when it was closed while its body ran.
     * Called inside the child task's poll or close, so {@code Task.current()} is that task.
     */
    private void end(TaskOutcome<T> outcome) {
        ended = true;
        try {
            inner.close();
        } finally {
            Task<?> task = Task.current();
            if (task == null) {
                scope.childEnded(this, outcome); // polled outside a runtime task: nobody to wait with
            } else {
                task.afterUnwinds(() -> scope.childEnded(this, outcome));
            }
        }
    }

    /** The user's future (for a start of a waiting child). */
    PollFuture<? extends T> inner() {
        return inner;
    }

    @Override
    public String toString() {
        return "TaskScope child " + id;
    }

    /** Reports the end of a child whose future was closed already (a start the runtime refused). */
    void reportEnded(TaskOutcome<T> outcome) {
        ended = true;
        scope.childEnded(this, outcome);
    }
}
