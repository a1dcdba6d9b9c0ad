package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A bounded multi-producer, multi-consumer queue between tasks (rule 15: nothing buffers without
 * bound; there is no unbounded variant).
 *
 * <ul>
 *   <li>{@link #send} waits while the channel is full; waiting senders are served in FIFO order.
 *   <li>{@link #receive} and {@link #stream()} take items in FIFO order; both are cancel-safe.
 *   <li>{@link #close()} stops sending; receivers drain what is buffered, then see the end.
 * </ul>
 * Items may not be {@code null}.
 *
 * <p><b>How a full channel admits a sender.</b> When a receiver frees a slot, the first waiting
 * sender is woken and the slot is <em>reserved</em> for it; its item enters the buffer only when
 * it polls again. So a send that is closed before it completes never delivers its item, and a
 * reserved slot that is abandoned passes to the next sender. Invariant (under the lock):
 * {@code buffered + reserved <= capacity}.
 *
 * <p><b>How receivers are woken.</b> Each item that enters the buffer wakes one waiting receiver
 * (FIFO). A receiver takes items only when it polls, so a woken receiver that is closed instead
 * loses nothing: it passes its wake to the next waiting receiver while items remain.
 *
 * <p><b>Poll budget</b> (rule 16). Each item received spends one unit of the polling task's
 * budget; once it is spent, a receive returns pending (waking its own task) even if items are
 * buffered, so a consumer of an always-full channel cannot keep its worker from other tasks.
 *
 * <p><b>Progress.</b> Blocking (one lock), held for O(1) work per operation; {@link #close()}
 * holds it for O(waiters).
 *
 * <p>All methods and futures may be used from any threads. State is guarded by one lock; wakers
 * are called after it is released. Everything a sender wrote before its item entered the channel
 * happens-before the receiver's poll that returns it (the lock).
 *
 * @param <T> the item type
 */
public final class Channel<T> {

    private final int capacity;
    private final Object lock = new Object();
    private final ArrayDeque<T> buffer;                                  // guarded by lock
    /** Slots held for woken senders that have not yet polled; guarded by lock. */
    private int reserved;
    private boolean closed;                                              // guarded by lock
    private final WaitQueue<Send> senders = new WaitQueue<>();           // guarded by lock
    private final WaitQueue<Receiver> receivers = new WaitQueue<>();     // guarded by lock

    private Channel(int capacity) {
        this.capacity = capacity;
        this.buffer = new ArrayDeque<>(Math.min(capacity, 1024));
    }

    /**
     * A channel buffering at most {@code capacity} items.
     *
     * @param <T> the item type
     * @param capacity the most items the channel buffers, at least 1
     * @return an open, empty channel
     * @throws IllegalArgumentException if {@code capacity < 1}
     */
    public static <T> Channel<T> bounded(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1: " + capacity);
        }
        return new Channel<>(capacity);
    }

    /**
     * A future that puts {@code item} into the channel, waiting while it is full, and completes
     * ({@code null}) once the item is in. Fails with {@link ChannelClosedException} if the channel
     * is closed before the item got in. Nothing happens until the first poll.
     *
     * <p>Waiting senders are admitted in FIFO order: each freed slot is reserved for the
     * longest-waiting sender, whose item enters the buffer when that sender polls again (so items
     * of several admitted senders enter in the order of their polls).
     *
     * <p><b>Cancel safety:</b> cancel-safe. Closing the future before it completes guarantees the
     * item was not sent; the future leaves the queue of waiting senders (and a slot reserved for
     * it goes to the next sender). Its FIFO place is lost.
     *
     * @param item the item to send; not {@code null}
     * @return a lazy future that completes once the item is in the channel
     * @throws NullPointerException if {@code item} is null
     */
    public PollFuture<Void> send(T item) {
        return new Send(Objects.requireNonNull(item, "item"));
    }

    /**
     * Puts {@code item} into the channel now if there is room and no sender is waiting (it does
     * not jump the queue).
     *
     * @param item the item to send; not {@code null}
     * @return true if the item was sent; false if the channel is full
     * @throws ChannelClosedException if the channel is closed
     * @throws NullPointerException if {@code item} is null
     */
    public boolean trySend(T item) {
        Objects.requireNonNull(item, "item");
        Waker toWake;
        synchronized (lock) {
            if (closed) {
                throw new ChannelClosedException("send to a closed channel");
            }
            if (!senders.isEmpty() || buffer.size() + reserved >= capacity) {
                return false;
            }
            buffer.add(item);
            toWake = wakeReceiverLocked();
        }
        wake(toWake);
        return true;
    }

    /**
     * A future for the next item. Fails with {@link ChannelClosedException} once the channel is
     * closed and drained.
     *
     * <p><b>Cancel safety:</b> cancel-safe. An item is taken from the channel only in the poll
     * that returns it, so closing the future before it completes never loses an item.
     *
     * @return a lazy future of the next item
     */
    public PollFuture<T> receive() {
        return new ReceiveFuture();
    }

    /**
     * The items of this channel as a stream: each {@code pollNext} takes the next item; the
     * stream ends ({@code done}) once the channel is closed and drained. Several streams and
     * receive futures may consume the same channel; each item goes to exactly one of them.
     *
     * <p><b>Cancel safety:</b> cancel-safe, as {@link #receive()}: closing the stream loses no
     * item. Closing the stream does not close the channel.
     *
     * @return a stream of this channel's items
     */
    public PollStream<T> stream() {
        return new ReceiveStream();
    }

    /**
     * Closes the channel: later and waiting sends fail with {@link ChannelClosedException} (their
     * items are not delivered); receivers still get every buffered item, then see the end.
     * Idempotent.
     */
    public void close() {
        List<Waker> toWake = new ArrayList<>();
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            for (Send send = senders.poll(); send != null; send = senders.poll()) {
                addIfPresent(toWake, send.takeWaker());
            }
            for (Receiver receiver = receivers.poll(); receiver != null; receiver = receivers.poll()) {
                addIfPresent(toWake, receiver.takeWaker());
            }
        }
        Wakers.wakeAll(toWake);
    }

    /**
     * True once {@link #close()} was called.
     *
     * @return true if the channel is closed
     */
    public boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /**
     * Items buffered right now (a snapshot).
     *
     * @return the number of buffered items
     */
    public int size() {
        synchronized (lock) {
            return buffer.size();
        }
    }

    /**
     * The most items this channel buffers.
     *
     * @return the capacity given to {@link #bounded(int)}
     */
    public int capacity() {
        return capacity;
    }

    // ---- internals (all *Locked methods run under lock) -----------------------------------------

    /** Takes the first waiting receiver out of the queue and returns its waker, or null. */
    private Waker wakeReceiverLocked() {
        Receiver first = receivers.poll();
        if (first == null) {
            return null;
        }
        first.woken = true;
        return first.takeWaker();
    }

    /**
     * Reserves a freed slot for the first waiting sender and returns its waker, or null. Called
     * after one slot was freed; while senders wait the channel is otherwise full
     * ({@code buffered + reserved == capacity}), so at most one sender can be admitted.
     */
    private Waker admitSenderLocked() {
        if (buffer.size() + reserved >= capacity) {
            return null;
        }
        Send first = senders.poll();
        if (first == null) {
            return null;
        }
        first.state = Send.RESERVED;
        reserved++;
        return first.takeWaker();
    }

    /**
     * One receive attempt for {@code receiver}: {@code ready(item)}, {@code done} (closed and
     * drained) or {@code pending} with the waker registered.
     */
    private Poll<T> pollReceive(Receiver receiver, Context cx) {
        if (!CoopBudget.hasRemaining()) {
            // Rule 16: the task's poll budget is spent, so an always-ready channel must not keep
            // it running. Nothing is taken; the task's own wake re-polls it on its next turn.
            cx.waker().wake();
            return Poll.pending();
        }
        Waker senderToWake = null;
        Waker receiverToWake = null;
        Poll<T> result;
        synchronized (lock) {
            T item = buffer.poll();
            if (item != null) {
                CoopBudget.tryConsume(); // one unit per item received (true: checked above)
                leaveLocked(receiver);
                senderToWake = admitSenderLocked();
                if (!buffer.isEmpty()) {
                    // Items remain: make sure another waiting receiver is on its way.
                    receiverToWake = wakeReceiverLocked();
                }
                result = Poll.ready(item);
            } else if (closed) {
                leaveLocked(receiver);
                result = Poll.done();
            } else {
                receiver.waker = cx.waker();
                receiver.woken = false;
                if (!receiver.queued) {
                    receivers.add(receiver);
                }
                result = Poll.pending();
            }
        }
        Wakers.wakeBoth(senderToWake, receiverToWake);
        return result;
    }

    private void leaveLocked(Receiver receiver) {
        receivers.remove(receiver);
        receiver.woken = false;
        receiver.waker = null;
    }

    /** A receiver that stops: leaves the queue; an unobserved wake is passed on. */
    private void dropReceiver(Receiver receiver) {
        Waker toWake = null;
        synchronized (lock) {
            boolean wasWoken = receiver.woken;
            leaveLocked(receiver);
            if (wasWoken && !buffer.isEmpty()) {
                toWake = wakeReceiverLocked();
            }
        }
        wake(toWake);
    }

    private static void addIfPresent(List<Waker> wakers, Waker waker) {
        if (waker != null) {
            wakers.add(waker);
        }
    }

    private static void wake(Waker waker) {
        if (waker != null) {
            waker.wake();
        }
    }

    /** The wait-queue node of a receive future or stream; fields guarded by the channel lock. */
    private static final class Receiver extends WaitNode {
        /** Taken out of the queue by a sender's wake and not yet polled since. */
        boolean woken;
    }

    /** One send. Its node fields are guarded by the channel lock. */
    private final class Send extends WaitNode implements PollFuture<Void> {

        static final int INITIAL = 0;   // not polled yet
        static final int WAITING = 1;   // queued for a slot
        static final int RESERVED = 2;  // a slot is held for it
        static final int FINISHED = 3;  // completed, failed or closed

        private final T item;
        int state = INITIAL;            // guarded by lock
        /**
         * Owner thread only: this send's poll returned ready or failed. Nothing else changes a
         * FINISHED send, so its close() may skip the lock (it is on every send's path).
         */
        private boolean finishedByPoll;

        Send(T item) {
            this.item = item;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            Waker toWake;
            synchronized (lock) {
                if (state == FINISHED) {
                    throw new IllegalStateException("send polled after it completed or closed");
                }
                if (closed) {
                    if (state == RESERVED) {
                        reserved--;
                    }
                    senders.remove(this);
                    state = FINISHED;
                    finishedByPoll = true;
                    return Poll.failed(new ChannelClosedException("send to a closed channel"));
                }
                switch (state) {
                    case INITIAL:
                        if (!senders.isEmpty() || buffer.size() + reserved >= capacity) {
                            waker = cx.waker();
                            senders.add(this);
                            state = WAITING;
                            return Poll.pending();
                        }
                        break;
                    case WAITING:
                        waker = cx.waker();
                        return Poll.pending();
                    case RESERVED:
                        reserved--;
                        break;
                    default:
                        throw new AssertionError("state " + state);
                }
                buffer.add(item);
                state = FINISHED;
                finishedByPoll = true;
                toWake = wakeReceiverLocked();
            }
            wake(toWake);
            return Poll.ready(null);
        }

        @Override
        public void close() {
            if (finishedByPoll) {
                return;
            }
            Waker toWake = null;
            synchronized (lock) {
                if (state == WAITING) {
                    senders.remove(this);
                } else if (state == RESERVED) {
                    reserved--;
                    toWake = admitSenderLocked(); // pass the slot on (no sender waits once closed)
                }
                state = FINISHED;
                waker = null;
            }
            wake(toWake);
        }
    }

    /** The future returned by {@link #receive()}. */
    private final class ReceiveFuture implements PollFuture<T> {

        private final Receiver receiver = new Receiver();
        /** Owner-thread only. */
        private boolean finished;

        @Override
        public Poll<T> poll(Context cx) {
            if (finished) {
                throw new IllegalStateException("receive polled after it completed or closed");
            }
            Poll<T> result = pollReceive(receiver, cx);
            if (result.isPending()) {
                return result;
            }
            finished = true;
            return result.isDone()
                    ? Poll.failed(new ChannelClosedException("channel closed and drained"))
                    : result;
        }

        @Override
        public void close() {
            if (!finished) {
                finished = true;
                dropReceiver(receiver);
            }
        }
    }

    /** The stream returned by {@link #stream()}. */
    private final class ReceiveStream implements PollStream<T> {

        private final Receiver receiver = new Receiver();
        /** Owner-thread only. */
        private boolean ended;
        private boolean dropped;

        @Override
        public Poll<T> pollNext(Context cx) {
            if (dropped) {
                throw new IllegalStateException("channel stream polled after close()");
            }
            if (ended) {
                throw new IllegalStateException("channel stream polled after done");
            }
            Poll<T> result = pollReceive(receiver, cx);
            ended = result.isDone();
            return result;
        }

        @Override
        public void close() {
            if (!dropped) {
                dropped = true;
                dropReceiver(receiver);
            }
        }
    }
}
