package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.internal.scheduler.RuntimeFailures;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A receiving handle of a broadcast channel, from {@link BroadcastSender#subscribe()} or
 * {@link #resubscribe()} (Tokio's {@code broadcast::Receiver}): it receives, in order, every value
 * sent after it subscribed, as long as it keeps up. If it falls more than the channel's capacity
 * behind, the oldest values it has not received are overwritten: its next receive fails with
 * {@link LaggedException} saying how many it missed, and the one after returns the oldest value
 * the channel still holds.
 *
 * <p><b>One owner.</b> A receiver keeps its own position; it and its futures are used by one task
 * at a time (Tokio's {@code &mut self}). Give each consumer its own receiver. Handing a receiver
 * over to another task is fine.
 *
 * <p><b>Closing.</b> When every sender is closed, receivers get the values still held, then
 * {@link ChannelClosedException} ({@link #stream()}: the end). {@link #close()} closes this
 * handle: the values it did not receive are no longer kept for it, its futures fail with
 * {@code ChannelClosedException} at their next poll, and when every receiver is closed the
 * senders see it ({@link BroadcastSender#closed()}).
 *
 * @param <T> the value type
 */
public final class BroadcastReceiver<T> implements AutoCloseable {

    private static final VarHandle NEXT;

    static {
        try {
            NEXT = MethodHandles.lookup().findVarHandle(BroadcastReceiver.class, "next", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final BroadcastRing<T> ring;
    /**
     * The position this receiver takes next. Written by the owner only (opaque stores, read by
     * {@link BroadcastSender#len()} as a snapshot); the owner reads it plainly.
     */
    private long next;
    private final AtomicBoolean closed = new AtomicBoolean();

    BroadcastReceiver(BroadcastRing<T> ring, long next) {
        this.ring = ring;
        this.next = next;
    }

    /**
     * A future of the next value (Tokio's {@code recv}): at once if this receiver is behind the
     * tail, else at the next send. Fails with {@link LaggedException} if values this receiver had
     * not received were overwritten (it moved on to the oldest value held), and with
     * {@link ChannelClosedException} once every sender is closed and it received everything left.
     *
     * <p><b>Cancel safety:</b> cancel-safe. A value is taken only by the poll that returns it, so
     * closing the future before that loses nothing: the next receive returns it.
     *
     * @return a lazy future of the next value
     */
    public PollFuture<T> receive() {
        return new BroadcastReceive<>(this);
    }

    /**
     * The values as a stream, ending (done) once every sender is closed and the values left were
     * received. When this receiver lags, the stream skips to the oldest value held and goes on,
     * like Reactor's {@code directBestEffort} (tokio-stream's {@code BroadcastStream} yields the
     * lag as an error item instead; use {@link #receive()} to see lags). Closing the stream does
     * not close the receiver.
     *
     * <p><b>Cancel safety:</b> cancel-safe, as {@link #receive()}.
     *
     * @return a lazy stream of the values from this receiver's position on
     */
    public PollStream<T> stream() {
        return new BroadcastStream<>(this);
    }

    /**
     * The next value if it is there now, without waiting (Tokio's {@code try_recv}).
     *
     * @return the next value, or empty if none was sent since this receiver's last one
     * @throws LaggedException if this receiver lagged (it moved on; call again for the oldest value held)
     * @throws ChannelClosedException if every sender is closed and nothing is left for it
     * @throws IllegalStateException if this handle is closed
     */
    public Optional<T> tryReceive() {
        checkOpen();
        T value = take();
        if (value == null && ring.isClosed()) {
            value = take(); // a value sent before the close is visible now
            if (value == null) {
                throw closedChannel();
            }
        }
        return Optional.ofNullable(value);
    }

    /**
     * The values sent that this receiver has not received yet, lost ones included until a
     * receive reports them (Tokio's {@code Receiver::len}).
     *
     * @return how far this receiver is behind the tail
     */
    public long len() {
        return ring.tail() - next;
    }

    /**
     * True if this receiver has received every value sent so far.
     *
     * @return true if {@link #len()} is 0
     */
    public boolean isEmpty() {
        return len() == 0;
    }

    /**
     * A new receiver of the same channel, at its tail: it gets the values sent from now on, not
     * those this one still has to receive (Tokio's {@code resubscribe}).
     *
     * @return a new receiving handle; close it when done
     * @throws IllegalStateException if this handle is closed
     */
    public BroadcastReceiver<T> resubscribe() {
        checkOpen();
        return ring.subscribe();
    }

    /**
     * True if {@code other} receives from the same channel (Tokio's {@code same_channel}).
     *
     * @param other another receiver
     * @return true if both are handles of one channel
     */
    public boolean sameChannel(BroadcastReceiver<?> other) {
        return ring == other.ring;
    }

    /** Closes this handle (see "Closing"). Idempotent, never blocks, never throws. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            List<Waker> toWake = ring.receiverClosed(this);
            try {
                Wakers.wakeAll(toWake);
            } catch (Throwable broken) {
                RuntimeFailures.CURRENT_THREAD.report("a waker woken when the last BroadcastReceiver closed", broken);
            }
        }
    }

    @Override
    public String toString() {
        return "BroadcastReceiver[at " + next + " of " + ring.tail() + "]";
    }

    /** The cursor, for {@link BroadcastRing#queued()} (any thread). */
    long nextPosition() {
        return (long) NEXT.getOpaque(this);
    }

    /**
     * One step of a receive: the next value (ready), {@code pending} with {@code waiter} queued,
     * done once the channel is closed and drained, or failed with {@link LaggedException} (only
     * if {@code skipLag} is false; else it moves on and keeps going). Spends budget on every
     * outcome but pending (rule 16).
     */
    Poll<T> pollReceive(Context cx, WaitNode waiter, boolean skipLag) {
        if (closed.get()) {
            return spend(Poll.failed(new ChannelClosedException("the BroadcastReceiver is closed")));
        }
        if (!CoopBudget.pollProceed(cx)) {
            return Poll.pending();
        }
        while (true) {
            T value;
            try {
                value = take();
            } catch (LaggedException lagged) {
                if (skipLag) {
                    continue;
                }
                return spend(Poll.failed(lagged));
            }
            if (value != null) {
                return spend(Poll.ready(value));
            }
            synchronized (ring.lock) {
                if (ring.tail() > next) {
                    continue; // sent meanwhile (sends hold this lock): take it
                }
                if (!ring.isClosed()) {
                    waiter.waker = cx.waker();
                    ring.enqueueLocked(waiter);
                    return Poll.pending();
                }
            }
            return spend(Poll.done());
        }
    }

    /**
     * Leaves the queue, for a receive future or stream that ends or is closed, and that waited.
     * Benign race: {@code queued} is read without the lock. Only the waiter's own poll sets it
     * (under the lock) and a send clears it, so reading false means a send took the waiter out
     * already and there is nothing to do; reading true (maybe stale) takes the lock. This skips
     * the lock for the usual case, a receive woken by a send.
     */
    void leave(WaitNode waiter) {
        if (!waiter.queued) {
            return;
        }
        synchronized (ring.lock) {
            ring.dequeueLocked(waiter);
            waiter.waker = null;
        }
    }

    private static <R> Poll<R> spend(Poll<R> outcome) {
        CoopBudget.consumeOne();
        return outcome;
    }

    /** The value at the cursor if sent (moving on), null if not yet; throws after moving past a lag. */
    @SuppressWarnings("unchecked")
    private T take() {
        long position = next;
        BroadcastRing.Entry entry = ring.entryAt(position);
        if (entry == null || entry.position < position) {
            return null;
        }
        if (entry.position == position) {
            NEXT.setOpaque(this, position + 1);
            return (T) entry.value;
        }
        long head = ring.tail() - ring.capacity; // > position: see BroadcastRing, "Positions"
        NEXT.setOpaque(this, head);
        throw new LaggedException(head - position);
    }

    private void checkOpen() {
        if (closed.get()) {
            throw new IllegalStateException("this BroadcastReceiver is closed");
        }
    }

    static ChannelClosedException closedChannel() {
        return new ChannelClosedException("every BroadcastSender is closed");
    }
}
