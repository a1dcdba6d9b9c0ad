package dev.pollbridge.runtime.sync;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One slot of a {@link Channel}, held by a sender that has not chosen its item yet: the result of
 * {@link Channel#reserve()} (Tokio's {@code Permit}). {@link #send} fills the slot without
 * waiting; {@link #close()} gives it back unused. Either happens once.
 *
 * <p>A permit stays good after the channel's {@link Channel#close()} (as in Tokio: only new sends
 * are refused, and receivers wait for outstanding permits before they see the end); only the
 * receiving side going away (its last {@link Receiver} closed) makes {@link #send} refuse.
 *
 * <p>Any thread may use it, once; a permit fits try-with-resources, so a slot is never leaked.
 *
 * @param <T> the channel's item type
 */
public final class SendPermit<T> implements AutoCloseable {

    private final Channel<T> channel;
    /** Flipped once, by the send or the close that uses the slot. */
    private final AtomicBoolean used = new AtomicBoolean();

    SendPermit(Channel<T> channel) {
        this.channel = channel;
    }

    /**
     * Puts {@code item} into the held slot, without waiting, and wakes a waiting receiver.
     *
     * @param item the item to send; not {@code null}
     * @return true if the item is in the channel; false if the receiving side is gone (its last
     *     {@link Receiver} was closed): the item was not taken, and the slot is released
     * @throws NullPointerException if {@code item} is null (the permit stays unused)
     * @throws IllegalStateException if the permit was already used or closed
     */
    public boolean send(T item) {
        Objects.requireNonNull(item, "item");
        if (!used.compareAndSet(false, true)) {
            throw new IllegalStateException("SendPermit used twice (or after close())");
        }
        return channel.sendWithPermit(item);
    }

    /** Gives the slot back unused (to the next waiting sender). Idempotent; a no-op after {@link #send}. */
    @Override
    public void close() {
        if (used.compareAndSet(false, true)) {
            channel.releasePermit();
        }
    }

    /**
     * True once the slot was used by {@link #send} or given back by {@link #close()}.
     *
     * @return true if the permit was used or given back
     */
    public boolean isUsed() {
        return used.get();
    }

    @Override
    public String toString() {
        return "SendPermit[" + (used.get() ? "used]" : "held]");
    }
}
