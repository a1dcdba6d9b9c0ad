package dev.pollbridge.api;

/**
 * Aborts one {@link AbortableFuture} from anywhere (futures-rs's {@code AbortHandle}), made by
 * {@link Futures#abortable}. It does not own the future and has nothing to close.
 *
 * <p>Not to be confused with {@code dev.pollbridge.runtime.task.AbortHandle}, which aborts a
 * spawned task of a {@code TaskScope} (Tokio's {@code task::AbortHandle}); Rust has the same two
 * handles. This one aborts a future that is not spawned, wherever it is polled.
 *
 * <p><b>Threads.</b> Both methods may be called from any thread, any number of times.
 */
public interface AbortHandle {

    /**
     * Aborts the future: its poller is woken, and its next poll closes the future it wraps and
     * fails with a {@link java.util.concurrent.CancellationException}, unless it already
     * finished (its outcome stands). The wrapped future is closed by the poller, on the
     * poller's thread, never by this call: only a future's owner may close it (rule 11). Never
     * blocks, never throws.
     */
    void abort();

    /**
     * True once {@link #abort()} was called, whether or not the future had finished.
     *
     * @return whether the future was aborted
     */
    boolean isAborted();
}
