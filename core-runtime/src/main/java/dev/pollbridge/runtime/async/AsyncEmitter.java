package dev.pollbridge.runtime.async;

/**
 * Hands items from an {@link dev.pollbridge.runtime.Async#stream(AsyncStreamBody)} body to the stream's consumer.
 *
 * <h2>Which thread may call what</h2>
 * <ul>
 *   <li>{@link #emit} waits for the consumer by suspending the body, so only the body itself
 *       may call it.
 *   <li>{@link #tryEmit} and {@link #isClosed} never wait; any thread may call them, at any
 *       time, also after the body ended (a listener registered by the body, say).
 * </ul>
 * To produce items on another thread <em>without dropping any</em>, let that thread send them
 * into a bounded {@link dev.pollbridge.runtime.sync.Channel} ({@code trySend}, or
 * {@code runtime.blockOn(channel.send(item))} to wait for room), and use
 * {@code channel.stream()} as the stream, or forward it from a body with {@link dev.pollbridge.runtime.Async#next} and
 * {@link #emit} when the body also awaits other things. The channel's capacity is the buffer
 * between the producer and the consumer's demand, and its {@code close()} is the end.
 *
 * @param <T> the item type
 */
public interface AsyncEmitter<T> {

    /**
     * Offers {@code item} to the consumer and suspends the body until the consumer has polled it
     * (rendezvous backpressure: the body runs at most one item ahead of the consumer, the item
     * it is waiting to hand over).
     *
     * <p>The item reaches the consumer only in a poll of the consumer ({@code pollNext}, on the
     * consumer's thread), which takes it; the body resumes after that (in continuation mode at
     * the consumer's next poll, or at the close).
     *
     * <p><b>Cancel safety:</b> this returns normally exactly when the consumer took the item,
     * even if the stream is closed right after (the cancellation then reaches the body at its
     * next suspension point). If the stream is closed before the consumer took the item, this
     * throws {@link java.util.concurrent.CancellationException} and the item is dropped.
     *
     * @param item the next item; not {@code null}
     * @throws NullPointerException if {@code item} is null (stream items never are)
     * @throws java.util.concurrent.CancellationException if the stream was closed
     * @throws IllegalStateException if called from outside the body, or from inside a poll; in
     *     continuation mode also if the JVM refuses to suspend the body (see {@link dev.pollbridge.runtime.Async},
     *     "Misuse"), and the item was not handed over
     */
    void emit(T item);

    /**
     * Hands {@code item} to the consumer if it is waiting for one, without waiting: returns
     * {@code true} if the item was accepted, {@code false} if there is no demand (the consumer has
     * not polled since it took its last item, or an accepted item still waits for it), or the
     * stream was closed, or the body ended. Never blocks and never throws
     * {@link java.util.concurrent.CancellationException}: on {@code false} the caller still owns
     * the item, to drop, keep or retry later. Like Reactor's {@code FluxSink.next} guarded by
     * demand, or kotlinx's {@code trySend} on a rendezvous channel.
     *
     * <p>An accepted item waits in a one-item slot, the consumer is woken, and its next poll
     * returns it (a {@code Flux} made from the stream polls while the subscriber has requested
     * more, plus one look-ahead poll that finds the end without demand, so this is {@code true}
     * for at most one item beyond the subscriber's requests, which the {@code Flux} holds until
     * it is requested). Items keep the order in which
     * their {@code tryEmit} and {@link #emit} calls succeeded on one thread. If the consumer
     * closes the stream after accepting an item but before its next poll, that item is dropped,
     * and closed if it is {@link AutoCloseable}: a {@code true} handed the item over, so the
     * stream releases what the consumer will never read.
     *
     * <p>Any thread may call it, concurrently with the body and with each other; at most one
     * item is accepted per demand.
     *
     * @param item the item; not {@code null}
     * @return true if the item was accepted
     * @throws NullPointerException if {@code item} is null
     */
    boolean tryEmit(T item);

    /**
     * True once the consumer closed the stream (it went away: a {@code Flux} subscriber
     * cancelled, say) or the body ended; from then on {@link #tryEmit} returns {@code false} and
     * {@link #emit} throws. A body that works in plain blocking code between emits can check this
     * to stop early; a listener on another thread can use it to unregister. Any thread.
     *
     * @return true if no item can be emitted any more
     */
    boolean isClosed();
}
