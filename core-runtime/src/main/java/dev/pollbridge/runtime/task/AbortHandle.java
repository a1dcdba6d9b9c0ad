package dev.pollbridge.runtime.task;

/**
 * A handle on one child of a {@link TaskScope}, returned by {@link TaskScope#spawn} (Tokio's
 * {@code AbortHandle} of a {@code JoinSet} task): its id, whether it ended, and a way to abort it
 * alone. It does not own the child (the scope does) and has nothing to close.
 *
 * <p>All methods may be called from any thread, any number of times.
 */
public interface AbortHandle {

    /**
     * The child's id: 0, 1, 2, ... in spawn order, the same as its {@link TaskOutcome#id()}.
     *
     * @return the child task's id
     */
    long id();

    /**
     * Aborts this child: if it is running, its future is closed on a runtime thread at its next
     * suspension point (rule 13) and it ends as cancelled; if it is still waiting for a slot of a
     * {@linkplain TaskScope#bounded bounded} scope, it never runs: its future is closed here and
     * it ends as cancelled at once. Its outcome goes to the scope as usual. Does nothing if the
     * child already ended (its outcome stands). Never blocks, never throws.
     */
    void abort();

    /**
     * True once the child has ended: its future is closed and the scope has (or had) its outcome.
     *
     * @return true if the child task ended
     */
    boolean isFinished();
}
