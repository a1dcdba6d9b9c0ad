package dev.pollbridge.api;

/**
 * A sequence of items that arrive over time, pulled one at a time by
 * {@link #pollNext(Context)}; the stream counterpart of {@link PollFuture}.
 *
 * <h2>Return value of {@code pollNext}</h2>
 * <ul>
 *   <li>{@code ready(item)}: the next item; never {@code null} (as in Reactive Streams). A
 *       stream that yields {@code ready(null)} is broken, and every consumer in this library
 *       fails with {@link NullPointerException} when it sees one.
 *   <li>{@code pending}: no item yet; the waker of {@code cx} is registered (rule 5).
 *   <li>{@code done}: the stream ended normally. Final.
 *   <li>{@code failed(error)}: the stream failed. Final.
 * </ul>
 * After {@code done} or {@code failed}, polling again throws {@link IllegalStateException}.
 * Every rule of {@link PollFuture} about blocking, wakers, wake-ups and happens-before applies
 * to each call of {@code pollNext}.
 *
 * <h2>Backpressure and ownership</h2>
 * Backpressure is "nobody polled": a stream produces at most as fast as it is polled, and
 * nothing in this library buffers without bound. The owner of a stream closes it exactly once
 * when it stops polling (rule 11); closing an unfinished stream cancels its source.
 *
 * @param <T> the item type
 */
public interface PollStream<T> extends AutoCloseable {

    /**
     * Polls for the next item.
     *
     * @param cx the poller's context; its waker must be registered before returning
     *     {@code pending}
     * @return {@code ready(item)}, {@code pending}, {@code done} or {@code failed(error)}
     * @throws IllegalStateException if called after {@code done} or {@code failed}
     */
    Poll<T> pollNext(Context cx);

    /**
     * Drops this stream: idempotent, non-blocking, never throws. Closing before the end cancels
     * the source (a subscription, a producer task, child streams).
     */
    @Override
    default void close() {}
}
