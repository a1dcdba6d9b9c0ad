package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.task.Task;

/**
 * The body side of the continuation engine: {@code Async.await}, {@code Async.next} and the
 * yield under {@code emit}, run by the body inside its owner's poll or close
 * ({@link ContinuationFiber} is the owner side and the state). Rules A2, A3, A5, A6 and A7 of
 * {@code package-info}.
 *
 * <p>The await of a ready future is one poll and one close, and no yield: {@link #await} keeps
 * that path small (misuse, pending, failures and cancellation are out of line) so that the JIT
 * inlines it into the body, and the path from the body to the yield is three frames of ours.
 *
 * @param <T> the type of the final outcome: the future's value, or {@code Void} for a stream
 */
abstract class ContinuationBody<T> extends ContinuationFiber<T> {

    ContinuationBody() {}

    /**
     * Throws unless the caller is this body, mounted, and not inside a child's poll. {@code await}
     * and {@code next} found this fiber through {@link Fiber#current} ({@code mounted} true), so
     * they skip the second thread-local read.
     */
    final void checkSuspendable(String operation, boolean mounted) {
        int s = state;
        if ((s & PHASE) != RUNNING || (!mounted && mounted() != this)) {
            throw new IllegalStateException(operation + " was called on " + Thread.currentThread()
                    + ", outside the run of its Async body");
        }
        if ((s & POLLING_CHILD) != 0) {
            throw new IllegalStateException(operation + " was called from inside a poll that its Async body makes; "
                    + "a poll must never wait (pull-model rule 4)");
        }
    }

    /**
     * Rule A2: one poll of {@code child}; a ready result is returned without a yield. Everything
     * else (pending, failed, misuse, a cancelled body or task) goes to the out-of-line paths, so
     * this stays small enough to inline into the body.
     */
    @Override
    public final <R, X extends Throwable> R await(PollFuture<R> child, Class<X> declared) throws X {
        if (state != RUNNING || ownerTaskCancelling()) {
            return awaitRefused(child, declared);
        }
        Poll<?> result = pollChild(child, null);
        if (result == null) {
            return awaitPending(child, declared);
        }
        return settled(ChildPolls.closeFinished(child, result), declared);
    }

    /** The await's answer once its future finished and was closed (rules A3, A6). */
    private <R, X extends Throwable> R settled(Poll<?> result, Class<X> declared) throws X {
        if (!ownerTaskCancelling()) {
            if (result.isReady()) {
                @SuppressWarnings("unchecked")
                R value = (R) result.value();
                return value;
            }
            throw Failures.declaring(result.error(), declared);
        }
        // Rule A6: the task was aborted while this poll ran; the value stays out of the body.
        Endings.drop(result, "a result awaited by " + describe() + " after its task was aborted", ownerTask);
        return awaitPending(null, declared);
    }

    /** An await that may not poll: misuse, a cancelled body (rule A5) or an aborted task (rule A6). */
    private <R, X extends Throwable> R awaitRefused(PollFuture<R> child, Class<X> declared) throws X {
        try {
            checkSuspendable("Async.await", true);
        } catch (IllegalStateException misuse) {
            ChildPolls.closeQuietly(child); // the await took ownership of the child even though it refuses to wait
            throw misuse;
        }
        if (isCancelled()) {
            throw cancelledClosing(child);
        }
        return awaitPending(child, declared); // the task is aborted: wait unpolled for its close
    }

    /**
     * Suspends until a poll resumes the body, then polls {@code pending} again (rule A2); a null
     * {@code pending} (rule A6) only waits for the close. {@link #cancel()} closes
     * {@link #awaited} and resumes the body, which throws here.
     */
    private <R, X extends Throwable> R awaitPending(PollFuture<R> pending, Class<X> declared) throws X {
        for (;;) {
            if (isCancelled()) { // closed from inside its own body, e.g. by the poll just made
                throw pending == null ? cancellation() : cancelledClosing(pending);
            }
            awaited = pending;
            String pinned = Continuations.yieldBody();
            Object left = awaited;
            awaited = null;
            if (pinned != null) {
                throw refused("Async.await", pinned, pending);
            }
            if (isCancelled()) {
                throw closedByCancel(left);
            }
            if (pending == null) {
                throw cancellation(); // resumed by a poll although its task was aborted: unwind anyway
            }
            if (!ownerTaskCancelling()) {
                Poll<?> result = pollChild(pending, null);
                if (result != null) {
                    return settled(ChildPolls.closeFinished(pending, result), declared);
                }
            }
        }
    }

    @Override
    public final <R> R next(PollStream<R> stream) {
        if (state != RUNNING) {
            checkSuspendable("Async.next", true);
            throw cancellation();
        }
        for (;;) {
            if (!ownerTaskCancelling()) {
                Poll<?> result = pollChild(null, stream);
                if (result != null && !(ownerTaskCancelling() && result.isReady())) {
                    @SuppressWarnings("unchecked")
                    Poll<R> next = (Poll<R>) result;
                    if (next.isReady()) {
                        return next.value();
                    }
                    if (next.isDone()) {
                        return null;
                    }
                    throw Failures.unchecked(next.error());
                }
                if (result != null) {
                    Endings.drop(result, "an item read by " + describe() + " after its task was aborted", ownerTask);
                }
            }
            suspend("Async.next");
            if (isCancelled()) {
                throw cancellation();
            }
        }
    }

    /** Rule A6, from the field the resumer set (not {@code Task.current()}: see {@link #ownerTask}). */
    private boolean ownerTaskCancelling() {
        Task<?> task = ownerTask;
        return task != null && task.isCancelRequested();
    }

    private Poll<?> pollChild(PollFuture<?> future, PollStream<?> stream) {
        setState(state | POLLING_CHILD);
        try {
            return future != null ? ChildPolls.pollAwaited(future, cx) : ChildPolls.pollNextOf(stream, cx);
        } finally {
            setState(state & ~POLLING_CHILD);
        }
    }

    /** Yields to the owner (rule A2); returns when a later poll or the close resumes the body. A refused yield throws (rule A7). */
    final void suspend(String operation) {
        String pinned = Continuations.yieldBody();
        if (pinned != null) {
            throw refused(operation, pinned, null);
        }
    }

    /** Rule A7: the failure of a refused suspension, after closing what it owned. */
    private static IllegalStateException refused(String operation, String pinned, AutoCloseable owned) {
        IllegalStateException refused = new IllegalStateException(Continuations.refusal(operation, pinned, owned != null));
        Throwable closeFailure = owned == null ? null : ChildPolls.closeQuietly(owned);
        if (closeFailure != null) {
            refused.addSuppressed(closeFailure);
        }
        return refused;
    }

    /** Rule A5: the cancellation of an await whose future {@link #cancel()} closed, with what that close threw. */
    private RuntimeException closedByCancel(Object closeFailure) {
        RuntimeException cancelled = cancellation();
        if (closeFailure instanceof Throwable) {
            cancelled.addSuppressed((Throwable) closeFailure);
        }
        return cancelled;
    }

    /** Rule A5: the cancellation a suspension throws once the body is closed; closes what it owns. */
    private RuntimeException cancelledClosing(AutoCloseable owned) {
        return closedByCancel(ChildPolls.closeQuietly(owned));
    }

    @Override
    final boolean pollingChild() {
        return (state & POLLING_CHILD) != 0;
    }
}
