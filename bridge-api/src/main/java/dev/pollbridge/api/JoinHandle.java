package dev.pollbridge.api;


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
 * <p><b>A finished task has really ended.</b> If closing the task's future cancelled
 * {@code Async} bodies that were running (the future itself, a select loser, a join child), the
 * task completes only after those bodies have run their {@code finally} blocks: once this handle
 * yields the result, or {@link #isFinished()} is true, nothing the task started still runs. What
 * such a body's cleanup threw is added as suppressed to the {@code CancellationException} this
 * handle yields (or reported to the uncaught-failure handler if the handle is not joined).
 *
 * <p><b>A value nobody takes is closed.</b> If the task's value is never returned by this handle
 * (the handle was closed before or after the task finished, for example as the loser of a
 * {@code select}) and it is an {@link AutoCloseable}, the runtime closes it: a task that
 * acquired a semaphore permit gives it back. The close runs on the thread that completes the
 * task (if the handle was closed first) or in {@link #close()}; if it throws, the throwable goes
 * to the uncaught-failure handler. A value this handle returned belongs to its caller.
 *
 * <p><b>Cancel safety.</b> Closing the handle is cancel-safe in the strongest sense: it changes
 * nothing about the task, whose result is dropped (closed, if it owns a resource). A pending join
 * inside {@code select} can therefore be dropped and re-created without losing the task.
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
     * Detaches the task (rule 13): it runs on, and its result is dropped: a failure goes to the
     * uncaught-failure handler, and a value that is an {@link AutoCloseable} is closed, now if
     * the task has finished, else by the runtime when it finishes. Idempotent, never blocks,
     * never throws (a throwing close of the value is reported, not propagated). After it, the
     * handle must not be polled.
     */
    @Override
    void close();
}
