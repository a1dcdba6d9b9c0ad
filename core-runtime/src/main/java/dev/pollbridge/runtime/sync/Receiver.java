package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.internal.scheduler.RuntimeFailures;
import dev.pollbridge.api.PollStream;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A receiving handle of a {@link Channel}, from {@link Channel#receiver()} (Tokio's
 * {@code Receiver}): it receives exactly as the channel does, and it counts as one consumer. When
 * the last receiver handle is closed, nobody will read any more: later and waiting sends fail
 * with {@link ChannelClosedException}, and the items still buffered are dropped, each
 * {@link AutoCloseable} one closed (a throwing close is reported, see {@link Channel}). Closing
 * the receiving side this way is Tokio's drop of the receiver; to stop the senders but still
 * drain what is buffered, call {@link Channel#close()} first (Tokio's {@code Receiver::close}).
 *
 * <p>All methods may be called from any thread; {@link #close()} counts once however often it is
 * called.
 *
 * @param <T> the item type
 */
public final class Receiver<T> implements AutoCloseable {

    private final Channel<T> channel;
    private final AtomicBoolean closed = new AtomicBoolean();

    Receiver(Channel<T> channel) {
        this.channel = channel;
    }

    /**
     * {@link Channel#receive()}: the next item; fails once closed and drained. Cancel-safe.
     *
     * @return a lazy future of the next item
     */
    public PollFuture<T> receive() {
        return channel.receive();
    }

    /**
     * {@link Channel#receiveMany(int)}: at least one and at most {@code max} items; an empty list
     * once closed and drained. Cancel-safe.
     *
     * @param max the most items to take, at least 1
     * @return a lazy future of 1 to {@code max} items, or of an empty list at the end
     * @throws IllegalArgumentException if {@code max < 1}
     */
    public PollFuture<List<T>> receiveMany(int max) {
        return channel.receiveMany(max);
    }

    /**
     * {@link Channel#tryReceive()}: an item if one is buffered now.
     *
     * @return the item, or empty if the channel is empty
     * @throws ChannelClosedException if the channel is closed and drained
     */
    public Optional<T> tryReceive() {
        return channel.tryReceive();
    }

    /**
     * {@link Channel#stream()}: the items as a stream that ends once closed and drained. Cancel-safe.
     *
     * @return a stream of the channel's items
     */
    public PollStream<T> stream() {
        return channel.stream();
    }

    /**
     * This consumer is done. When the last receiver handle closes, the channel refuses further
     * items and drops those it holds (see the class comment). Idempotent, never blocks, never
     * throws (a throwing close of a dropped item is reported).
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                channel.receiverHandleClosed();
            } catch (Throwable broken) { // a waker woken by the channel's close threw: rule 11
                RuntimeFailures.CURRENT_THREAD.report("a waker woken when the last receiver of a Channel closed it", broken);
            }
        }
    }
}
