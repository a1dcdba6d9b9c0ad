package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.internal.scheduler.RuntimeFailures;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;

/**
 * The sending side of a watch channel: one latest value that any number of
 * {@link WatchReceiver}s read, each told when it changed (Tokio's {@code sync::watch}; kotlinx's
 * {@code MutableStateFlow}). Only the latest value is kept: a receiver that looks seldom sees the
 * newest value, not every one in between. Values may not be {@code null}; treat them as
 * immutable, since receivers read them without a lock.
 *
 * <pre>{@code
 * WatchSender<Config> config = WatchSender.create(load());
 * WatchReceiver<Config> reader = config.subscribe();  // has seen the current value
 * config.send(reload());                              // wakes every waiting changed()
 * }</pre>
 *
 * <h2>Closing, from either side</h2>
 * <ul>
 *   <li>{@link #close()} closes this handle. When the last sender handle is closed (see
 *       {@link #duplicate()}), the channel's sending side is gone: each receiver's
 *       {@code changed()} completes once more if it has not seen the last value, then fails with
 *       {@link ChannelClosedException}; {@code borrow()} still reads the last value.
 *   <li>When no receiver is open (none subscribed yet, or all closed), {@link #isClosed()} is true,
 *       {@link #closed()} completes, and {@link #send} refuses (returns {@code false}) without
 *       storing the value, as Tokio's does. {@link #sendReplace}, {@link #sendModify} and
 *       {@link #sendIfModified} store it anyway. A later {@link #subscribe()} reopens the channel.
 * </ul>
 *
 * <h2>Threads</h2>
 * All methods may be called from any thread. A send never blocks: it is a compare-and-set of
 * the value with its version, and takes a lock only when a receiver waits
 * ({@code docs/sync.md#watch}). Everything a sender wrote before a send happens-before the reads
 * of a receiver that sees the value.
 *
 * @param <T> the value type
 */
public final class WatchSender<T> implements AutoCloseable {

    private final WatchState<T> state;
    private final AtomicBoolean closed = new AtomicBoolean();

    private WatchSender(WatchState<T> state) {
        this.state = state;
    }

    /**
     * A watch channel holding {@code initial}, and its first sender (Tokio's
     * {@code watch::Sender::new}). It has no receiver yet: {@link #subscribe()} makes them.
     *
     * @param <T> the value type
     * @param initial the first value; not {@code null}
     * @return the sending handle of a new channel
     * @throws NullPointerException if {@code initial} is null
     */
    public static <T> WatchSender<T> create(T initial) {
        return new WatchSender<>(new WatchState<>(Objects.requireNonNull(initial, "initial")));
    }

    /**
     * Sends {@code value} if at least one receiver is open (Tokio's {@code send}): it becomes the
     * current value and every receiver's {@code changed()} completes. With no receiver open it
     * returns {@code false} and the value is not stored (use {@link #sendReplace} to store it
     * regardless). Never waits.
     *
     * @param value the new value; not {@code null}
     * @return true if sent; false if no receiver is open
     * @throws NullPointerException if {@code value} is null
     * @throws IllegalStateException if this handle is closed
     */
    public boolean send(T value) {
        Objects.requireNonNull(value, "value");
        checkOpen();
        if (state.receivers.count() == 0) {
            return false;
        }
        sendReplace(value);
        return true;
    }

    /**
     * Stores {@code value} as the current value, receivers or not, and returns the one it replaced
     * (Tokio's {@code send_replace}). Receivers are told as by {@link #send}.
     *
     * @param value the new value; not {@code null}
     * @return the previous value
     * @throws NullPointerException if {@code value} is null
     * @throws IllegalStateException if this handle is closed
     */
    public T sendReplace(T value) {
        Objects.requireNonNull(value, "value");
        checkOpen();
        WatchState.Snapshot<T> previous;
        do {
            previous = state.current();
        } while (!state.replace(previous, value));
        state.wakeWaiters();
        return previous.value;
    }

    /**
     * Replaces the value by {@code update} applied to it, receivers or not, and tells the
     * receivers (Tokio's {@code send_modify}). {@code update} runs on this thread, with no lock
     * held; if another sender sends meanwhile it is called again on the newer value (as
     * {@link java.util.concurrent.atomic.AtomicReference#updateAndGet} does), so it must be free
     * of side effects. If it throws, nothing changes and the throwable propagates.
     *
     * @param update the new value from the current one; returns non-null
     * @throws NullPointerException if {@code update} is or returns null
     * @throws IllegalStateException if this handle is closed
     */
    public void sendModify(UnaryOperator<T> update) {
        Objects.requireNonNull(update, "update");
        checkOpen();
        WatchState.Snapshot<T> previous;
        T next;
        do {
            previous = state.current();
            next = Objects.requireNonNull(update.apply(previous.value), "the update returned null");
        } while (!state.replace(previous, next));
        state.wakeWaiters();
    }

    /**
     * Like {@link #sendModify}, but {@code update} may leave the value as it is by returning the
     * very instance it was given: then nothing is stored, no receiver is told, and this returns
     * {@code false} (Tokio's {@code send_if_modified}, whose closure mutates in place and returns
     * whether it did; Java values are shared with the receivers without a lock, so here the
     * update returns a new value instead). {@code update} may be called more than once.
     *
     * @param update returns a new value, or its argument itself for "unchanged"
     * @return true if a new value was stored and the receivers told
     * @throws NullPointerException if {@code update} is or returns null
     * @throws IllegalStateException if this handle is closed
     */
    public boolean sendIfModified(UnaryOperator<T> update) {
        Objects.requireNonNull(update, "update");
        checkOpen();
        WatchState.Snapshot<T> previous;
        T next;
        do {
            previous = state.current();
            next = Objects.requireNonNull(update.apply(previous.value), "the update returned null");
            if (next == previous.value) {
                return false;
            }
        } while (!state.replace(previous, next));
        state.wakeWaiters();
        return true;
    }

    /**
     * The current value (Tokio's {@code Sender::borrow}).
     *
     * @return the latest value sent, or the initial one
     */
    public T borrow() {
        return state.current().value;
    }

    /**
     * A new receiver that has seen the current value: its {@code changed()} waits for the next
     * send (Tokio's {@code subscribe}). Reopens a channel whose receivers had all closed.
     *
     * @return a new receiving handle; close it when done
     * @throws IllegalStateException if this handle is closed
     */
    public WatchReceiver<T> subscribe() {
        checkOpen();
        state.receivers.opened();
        return new WatchReceiver<>(state, state.current().version);
    }

    /**
     * Another sending handle of the same channel (Tokio's {@code Sender::clone}). The channel's
     * sending side is gone only when every sender handle is closed.
     *
     * @return a new sender handle; close it when done
     * @throws IllegalStateException if this handle is closed
     */
    public WatchSender<T> duplicate() {
        checkOpen();
        state.senderOpened();
        return new WatchSender<>(state);
    }

    /**
     * True if no receiver is open now (Tokio's {@code is_closed}): a {@link #send} would refuse.
     * Not about this handle: see {@link #close()}.
     *
     * @return true if no receiver is open
     */
    public boolean isClosed() {
        return state.receivers.count() == 0;
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
        return state.receivers.noneOpen();
    }

    /**
     * The receivers open now (Tokio's {@code receiver_count}).
     *
     * @return the number of open receivers
     */
    public int receiverCount() {
        return state.receivers.count();
    }

    /**
     * The sender handles open now (Tokio's {@code sender_count}).
     *
     * @return the number of open senders
     */
    public int senderCount() {
        return state.senderCount();
    }

    /**
     * True if {@code other} sends on the same channel (Tokio's {@code same_channel}).
     *
     * @param other another sender
     * @return true if both are handles of one channel
     */
    public boolean sameChannel(WatchSender<?> other) {
        return state == other.state;
    }

    /**
     * Closes this handle; the last sender handle to close ends the sending side (see "Closing").
     * Idempotent, never blocks, never throws (a receiver's waker that throws is reported to the
     * uncaught-failure handler of the runtime whose thread this is, or logged).
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                state.senderClosed();
            } catch (Throwable broken) {
                RuntimeFailures.CURRENT_THREAD.report("a waker woken when the last WatchSender closed", broken);
            }
        }
    }

    private void checkOpen() {
        if (closed.get()) {
            throw new IllegalStateException("this WatchSender is closed");
        }
    }

    @Override
    public String toString() {
        return "WatchSender[version " + state.current().version + ", receivers " + receiverCount() + "]";
    }
}
