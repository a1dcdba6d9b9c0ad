package dev.pollbridge.runtime;

import dev.pollbridge.api.PollFuture;

/**
 * The handle of a spawned task: a future of the task's result, plus {@link #abort()}.
 *
 * <p><b>Result.</b> Polling the handle yields the task's value, or its failure, or a
 * {@link java.util.concurrent.CancellationException} if the task was aborted (or the runtime was
 * closed) before it finished. Like any future it is polled by one owner at a time and must not be
 * polled again after it returned its result (that throws {@link IllegalStateException}).
 *
 * <p><b>The handle does not own the task</b> (rule 13). {@link #close()} <em>detaches</em>: the
 * task runs on, and if it later fails, its failure goes to the runtime's uncaught-failure handler
 * (as it does if the handle is closed after the task failed without having returned that
 * failure). {@link #abort()} cancels: the task's future is closed on a runtime thread at its next
 * suspension point, never inside {@code abort()}.
 *
 * <p><b>Cancel safety.</b> Closing the handle is cancel-safe in the strongest sense: it changes
 * nothing about the task, whose result is simply dropped. A pending join inside {@code select}
 * can therefore be dropped and re-created without losing the task.
 *
 * <p>All methods may be called from any thread except {@code poll}, which follows the owner rule
 * of {@link PollFuture}.
 *
 * @param <T> the task's value type
 */
public interface JoinHandle<T> extends PollFuture<T> {

    /**
     * Cancels the task: it will not be polled again, and its future is closed exactly once on a
     * runtime thread (right away if it is idle, after the current poll if it is running). The
     * handle then yields a {@link java.util.concurrent.CancellationException}, unless the task
     * finished first, in which case it yields that result. Idempotent; never blocks; any thread.
     */
    void abort();

    /**
     * True once the task completed (with a value, a failure or by cancellation). Any thread.
     *
     * @return true once the task's outcome is decided
     */
    boolean isFinished();

    /**
     * Detaches the task (rule 13): it runs on, and its result is dropped. Idempotent, never
     * blocks, never throws. After it, the handle must not be polled.
     */
    @Override
    void close();
}
