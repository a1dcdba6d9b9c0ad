package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.internal.scheduler.RuntimeFailures;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A sending handle of a {@link Channel}, from {@link Channel#sender()} (Tokio's {@code Sender}):
 * it sends exactly as the channel does, and it counts as one producer. When the last sender handle
 * of a channel is closed, the channel closes: its receivers get the buffered items, then the end.
 * Make one handle per producer (as Tokio clones a {@code Sender}) and close each when that
 * producer is done; a try-with-resources per producer task does it.
 *
 * <p><b>Hand them out before any can close.</b> The count only goes down once a producer
 * finishes, so a producer that is done before the next handle is made would close the channel
 * early. Hold a handle of your own while you hand out the others, and close it last (Tokio's
 * {@code tx.clone()} for each producer, then {@code drop(tx)}):
 * <pre>{@code
 * try (Sender<Order> own = orders.sender()) {
 *     for (Till till : tills) {
 *         Sender<Order> sender = orders.sender();
 *         runtime.spawn(produce(till, sender)).close(); // closes its sender when done
 *     }
 * }                                                     // now the last producer ends the channel
 * }</pre>
 *
 * <p>All methods may be called from any thread; {@link #close()} counts once however often it is
 * called.
 *
 * @param <T> the item type
 */
public final class Sender<T> implements AutoCloseable {

    private final Channel<T> channel;
    private final AtomicBoolean closed = new AtomicBoolean();

    Sender(Channel<T> channel) {
        this.channel = channel;
    }

    /**
     * {@link Channel#send}: waits while the channel is full. Cancel-safe: closing the future before
     * it completes guarantees the item was not sent.
     *
     * @param item the item to send; not {@code null}
     * @return a lazy future that completes once the item is in the channel
     * @throws NullPointerException if {@code item} is null
     */
    public PollFuture<Void> send(T item) {
        return channel.send(item);
    }

    /**
     * {@link Channel#trySend}: sends now if there is room and no sender waits.
     *
     * @param item the item to send; not {@code null}
     * @return true if the item was sent; false if the channel is full
     * @throws ChannelClosedException if the channel is closed
     * @throws NullPointerException if {@code item} is null
     */
    public boolean trySend(T item) {
        return channel.trySend(item);
    }

    /**
     * {@link Channel#reserve()}: waits for a slot and returns a permit for it. Cancel-safe.
     *
     * @return a lazy future of a permit holding one free slot
     */
    public PollFuture<SendPermit<T>> reserve() {
        return channel.reserve();
    }

    /**
     * True if the channel is closed (Tokio's {@code Sender::is_closed}): by {@link Channel#close()},
     * by its last sender, or by its last receiver going away. Sends then fail.
     *
     * @return true if the channel is closed
     */
    public boolean isClosed() {
        return channel.isClosed();
    }

    /**
     * This producer is done. The last sender handle to close closes the channel. Futures this
     * handle made keep working (a send in flight may still complete, or fail if the channel closed
     * first). Idempotent, never blocks, never throws.
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                channel.senderHandleClosed();
            } catch (Throwable broken) { // a waker woken by the channel's close threw: rule 11
                RuntimeFailures.CURRENT_THREAD.report("a waker woken when the last sender of a Channel closed it", broken);
            }
        }
    }
}
