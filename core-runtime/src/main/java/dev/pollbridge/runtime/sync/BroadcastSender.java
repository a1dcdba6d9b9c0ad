package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.internal.scheduler.RuntimeFailures;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The sending side of a broadcast channel: every value sent goes to every receiver (Tokio's
 * {@code sync::broadcast}; Reactor's {@code Sinks.many().multicast()}; kotlinx's
 * {@code MutableSharedFlow} with a replay of 0 and {@code DROP_OLDEST}). The channel holds the
 * last {@code capacity} values, a bounded ring (rule 15): a send never waits, and a receiver that
 * falls further behind loses the oldest values it has not received and is told so with a
 * {@link LaggedException} before it catches up.
 *
 * <pre>{@code
 * BroadcastSender<Quote> quotes = BroadcastSender.create(64);
 * BroadcastReceiver<Quote> screen = quotes.subscribe();   // gets what is sent from now on
 * BroadcastReceiver<Quote> audit = quotes.subscribe();
 * quotes.send(quote);                                     // both receive it
 * }</pre>
 *
 * Values may not be {@code null}, and every receiver gets the same instance (Tokio clones it per
 * receiver): send immutable values. The channel never closes a value it drops.
 *
 * <h2>Closing, from either side</h2>
 * <ul>
 *   <li>{@link #close()} closes this handle. When the last sender handle is closed (see
 *       {@link #duplicate()}), receivers get the values still held, then
 *       {@link ChannelClosedException} (their streams end).
 *   <li>When no receiver is open, {@link #send} stores nothing and returns 0, {@link #isClosed()}
 *       is true and {@link #closed()} completes; a later {@link #subscribe()} reopens the channel.
 *       The last receiver to close lets go of the values held.
 * </ul>
 *
 * <h2>Threads</h2>
 * All methods may be called from any thread. Sends are serialised by one lock, held for O(1)
 * work (plus O(waiting receivers) to collect their wakers, called after it is released); receivers
 * read the ring without it. Everything a sender wrote before a send happens-before the reads of
 * a receiver that receives the value.
 *
 * @param <T> the value type
 */
public final class BroadcastSender<T> implements AutoCloseable {

    /** The largest capacity, so that the ring is one array. */
    public static final int MAX_CAPACITY = 1 << 30;

    private final BroadcastRing<T> ring;
    private final AtomicBoolean closed = new AtomicBoolean();

    private BroadcastSender(BroadcastRing<T> ring) {
        this.ring = ring;
    }

    /**
     * A broadcast channel holding at most {@code capacity} values, and its first sender (Tokio's
     * {@code broadcast::Sender::new}). It has no receiver yet: {@link #subscribe()} makes them.
     * Unlike Tokio, the capacity is kept as given, not rounded up to a power of two, so a
     * receiver lags exactly when it is more than {@code capacity} values behind.
     *
     * @param <T> the value type
     * @param capacity how many values the channel holds for a slow receiver, 1 to {@link #MAX_CAPACITY}
     * @return the sending handle of a new channel
     * @throws IllegalArgumentException if {@code capacity} is out of range
     */
    public static <T> BroadcastSender<T> create(int capacity) {
        if (capacity < 1 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity must be between 1 and " + MAX_CAPACITY + ": " + capacity);
        }
        return new BroadcastSender<>(new BroadcastRing<>(capacity));
    }

    /**
     * Sends {@code value} to every open receiver (Tokio's {@code send}); never waits. If a
     * receiver is {@code capacity} values behind, its oldest unreceived value is overwritten (it
     * will get a {@link LaggedException}). With no receiver open, nothing is stored and this
     * returns 0 (Tokio's {@code SendError}).
     *
     * @param value the value; not {@code null}
     * @return how many receivers will see it
     * @throws NullPointerException if {@code value} is null
     * @throws IllegalStateException if this handle is closed
     */
    public int send(T value) {
        Objects.requireNonNull(value, "value");
        checkOpen();
        return ring.send(value);
    }

    /**
     * A new receiver, which gets the values sent from now on (Tokio's {@code subscribe}).
     * Reopens a channel whose receivers had all closed.
     *
     * @return a new receiving handle; close it when done
     * @throws IllegalStateException if this handle is closed
     */
    public BroadcastReceiver<T> subscribe() {
        checkOpen();
        return ring.subscribe();
    }

    /**
     * Another sending handle of the same channel (Tokio's {@code Sender::clone}). The receivers
     * see the end only when every sender handle is closed.
     *
     * @return a new sender handle; close it when done
     * @throws IllegalStateException if this handle is closed
     */
    public BroadcastSender<T> duplicate() {
        checkOpen();
        ring.senderOpened();
        return new BroadcastSender<>(ring);
    }

    /**
     * How many of the values held some open receiver has not received yet (Tokio's
     * {@code Sender::len}), at most the capacity. A snapshot.
     *
     * @return the values still to be received by the furthest-behind receiver
     */
    public int len() {
        return ring.queued();
    }

    /**
     * True if every open receiver has received every value held (or none is open).
     *
     * @return true if {@link #len()} is 0
     */
    public boolean isEmpty() {
        return len() == 0;
    }

    /**
     * The capacity given to {@link #create}.
     *
     * @return how many values the channel holds
     */
    public int capacity() {
        return ring.capacity;
    }

    /**
     * The receivers open now (Tokio's {@code receiver_count}).
     *
     * @return the number of open receivers
     */
    public int receiverCount() {
        return ring.receivers.count();
    }

    /**
     * The sender handles open now (Tokio's {@code strong_count}).
     *
     * @return the number of open senders
     */
    public int senderCount() {
        return ring.senderCount();
    }

    /**
     * True if no receiver is open now: a {@link #send} would store nothing. Not about this
     * handle: see {@link #close()}.
     *
     * @return true if no receiver is open
     */
    public boolean isClosed() {
        return receiverCount() == 0;
    }

    /**
     * A future that completes once no receiver is open at its poll (Tokio's {@code closed}): at
     * once if there is none, else when the last one closes. A receiver subscribed before the
     * future is polled again makes it wait again.
     *
     * <p><b>Cancel safety:</b> cancel-safe; it takes nothing.
     *
     * @return a lazy future of the moment no receiver is open
     */
    public PollFuture<Void> closed() {
        return ring.receivers.noneOpen();
    }

    /**
     * True if {@code other} sends on the same channel (Tokio's {@code same_channel}).
     *
     * @param other another sender
     * @return true if both are handles of one channel
     */
    public boolean sameChannel(BroadcastSender<?> other) {
        return ring == other.ring;
    }

    /**
     * Closes this handle; the last sender handle to close ends the channel for its receivers
     * (see "Closing"). Idempotent, never blocks, never throws (a receiver's waker that throws is
     * reported to the uncaught-failure handler of the runtime whose thread this is, or logged).
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                ring.senderClosed();
            } catch (Throwable broken) {
                RuntimeFailures.CURRENT_THREAD.report("a waker woken when the last BroadcastSender closed", broken);
            }
        }
    }

    private void checkOpen() {
        if (closed.get()) {
            throw new IllegalStateException("this BroadcastSender is closed");
        }
    }

    @Override
    public String toString() {
        return "BroadcastSender[capacity " + ring.capacity + ", sent " + ring.tail() + ", receivers "
                + receiverCount() + "]";
    }
}
