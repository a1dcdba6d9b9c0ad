package dev.pollbridge.api;

/**
 * A future that can be aborted from another thread or task through its {@link AbortHandle}
 * (futures-rs's {@code Abortable}), made by {@link Futures#abortable}. It is polled and closed by
 * its owner like any future; the handle goes to whoever may cancel it.
 *
 * @param <T> the value type
 */
public interface AbortableFuture<T> extends PollFuture<T> {

    /**
     * The handle that aborts this future; the same handle on every call.
     *
     * @return this future's abort handle
     */
    AbortHandle abortHandle();

    /**
     * True once its handle's {@link AbortHandle#abort()} was called.
     *
     * @return whether this future was aborted
     */
    boolean isAborted();
}
