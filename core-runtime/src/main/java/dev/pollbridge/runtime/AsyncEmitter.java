package dev.pollbridge.runtime;

/**
 * Hands items from an {@link Async#stream(AsyncStreamBody)} body to the stream's consumer.
 * Only the body's own thread may use it.
 *
 * @param <T> the item type
 */
@FunctionalInterface
public interface AsyncEmitter<T> {

    /**
     * Offers {@code item} to the consumer and suspends the body until the consumer has polled it
     * (rendezvous backpressure: the body runs at most one item ahead of the consumer, the item
     * it is waiting to hand over).
     *
     * <p>The item reaches the consumer only in a poll of the consumer ({@code pollNext}, on the
     * consumer's thread), which takes it and resumes the body.
     *
     * <p><b>Cancel safety:</b> this returns normally exactly when the consumer took the item,
     * even if the stream is closed right after (the cancellation then reaches the body at its
     * next suspension point). If the stream is closed before the consumer took the item, this
     * throws {@link java.util.concurrent.CancellationException} and the item is dropped.
     *
     * @param item the next item; not {@code null}
     * @throws NullPointerException if {@code item} is null (stream items never are)
     * @throws java.util.concurrent.CancellationException if the stream was closed
     * @throws IllegalStateException if called from another thread than the body's, or from
     *     inside a poll
     */
    void emit(T item);
}
