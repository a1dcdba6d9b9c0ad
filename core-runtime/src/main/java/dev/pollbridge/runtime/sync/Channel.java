package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Dropped;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.internal.scheduler.RuntimeFailures;
import dev.pollbridge.runtime.internal.task.CoopBudget;
import dev.pollbridge.runtime.internal.task.SpinLock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A bounded multi-producer, multi-consumer queue between tasks (rule 15: nothing buffers without
 * bound; there is no unbounded variant). The analogue of Tokio's bounded {@code mpsc} channel,
 * with any number of receivers.
 *
 * <ul>
 *   <li>{@link #send} waits while the channel is full; waiting senders are served in FIFO order.
 *       {@link #reserve()} waits the same way for a slot alone and returns a {@link SendPermit}
 *       to fill it later (a send whose wait can be dropped without losing the item).
 *   <li>{@link #receive}, {@link #receiveMany}, {@link #tryReceive} and {@link #stream()} take
 *       items in FIFO order; the waiting ones are cancel-safe.
 *   <li>{@link #close()} stops sending; receivers drain what is buffered, then see the end.
 * </ul>
 * Items may not be {@code null}.
 *
 * <h2>Handles: the channel closes when one side is gone</h2>
 * The operations above may be called on the channel itself by anyone. To tie the channel's life to
 * its users, hand out handles instead: {@link #sender()} and {@link #receiver()} each count one
 * user of that side.
 * <ul>
 *   <li>When the last {@link Sender} is closed, the channel {@linkplain #close() closes}: its
 *       receivers get the buffered items, then the end (Tokio's "all senders dropped").
 *   <li>When the last {@link Receiver} is closed, nobody will read any more (Tokio's drop of the
 *       {@code Receiver}): later and waiting sends fail with {@link ChannelClosedException}, and
 *       the items still buffered are dropped: each one that is an {@link AutoCloseable} is
 *       closed (one whose close throws is reported to the uncaught-failure handler of the runtime
 *       whose thread closes the receiver, or logged through {@link System.Logger}).
 * </ul>
 * A side counts only once a handle of it was made; a channel used only through its own methods
 * closes only through {@link #close()}.
 *
 * <h2>How a full channel admits a sender</h2>
 * When a receiver frees a slot, the first waiting sender (a {@code send} or a {@code reserve}) is
 * woken and the slot is <em>admitted</em> to it; its item enters the buffer (or its permit is
 * handed out) only when it polls again. So a send that is closed before it completes never
 * delivers its item, and an admitted slot that is abandoned passes to the next sender. Invariant
 * (under the lock): {@code buffered + admitted + permits <= capacity}.
 *
 * <h2>How receivers are woken</h2>
 * Each item that enters the buffer wakes one waiting receiver (FIFO). A receiver takes items only
 * when it polls, so a woken receiver that is closed instead loses nothing: it passes its wake to
 * the next waiting receiver while items remain. A closed channel ends for its receivers once it
 * is drained and no {@link SendPermit} is outstanding (a permit may still send after
 * {@code close()}, as in Tokio); the operation that ends it (the receive or {@code tryReceive}
 * that takes the last item, the close of the last permit) wakes every receiver still waiting.
 *
 * <h2>Poll budget</h2>
 * (Rule 16.) A send, a reserve and a receive that complete each spend one unit of the polling
 * task's budget ({@code receiveMany}: one per call, however many items); once it is spent they
 * answer pending (waking their task) without taking a slot or an item, so a task looping on an
 * always-ready channel cannot keep its worker from other tasks.
 *
 * <p><b>Progress.</b> Blocking (one lock), held for O(1) work per operation ({@code receiveMany}:
 * O(items taken)); {@link #close()} holds it for O(waiters), and a receiving side's close for
 * O(waiters + buffered items).
 *
 * <p>All methods and futures may be used from any threads. State is guarded by one lock; wakers
 * and the close of dropped items run after it is released. Everything a sender wrote before its
 * item entered the channel happens-before the receiver's poll that returns it (the lock).
 *
 * @param <T> the item type
 */
public final class Channel<T> {

    private final int capacity;
    private final SpinLock lock = new SpinLock();
    private final ArrayDeque<T> buffer;                                  // guarded by lock
    /** Slots admitted to woken senders and reserves that have not polled since; guarded by lock. */
    private int admitted;
    /** Slots held by {@link SendPermit}s not yet used or closed; guarded by lock. */
    private int permits;
    /** No more sends (once true, never false); guarded by lock. */
    private boolean closed;
    /** The receiving side is gone: buffered items were dropped (once true, never false); guarded by lock. */
    private boolean receiversGone;
    /** Open {@link Sender} and {@link Receiver} handles; guarded by lock. */
    private int senderHandles;
    private int receiverHandles;
    private final WaitQueue<ChannelSend<T, ?>> senders = new WaitQueue<>(); // guarded by lock
    private final WaitQueue<ReceiveWaiter> receivers = new WaitQueue<>();   // guarded by lock

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

    // ---- sending ------------------------------------------------------------------------------

    /**
     * A future that puts {@code item} into the channel, waiting while it is full, and completes
     * ({@code null}) once the item is in. Fails with {@link ChannelClosedException} if the channel
     * is closed before the item got in. Nothing happens until the first poll.
     *
     * <p>Waiting senders are admitted in FIFO order: each freed slot is admitted to the
     * longest-waiting sender, whose item enters the buffer when that sender polls again (so items
     * of several admitted senders enter in the order of their polls).
     *
     * <p><b>Cancel safety:</b> cancel-safe. Closing the future before it completes guarantees the
     * item was not sent; the future leaves the queue of waiting senders (and a slot admitted to
     * it goes to the next sender). Its FIFO place is lost; the item is the caller's again, and
     * {@link #reserve()} is the way to wait for room without handing the item over at all.
     *
     * @param item the item to send; not {@code null}
     * @return a lazy future that completes once the item is in the channel
     * @throws NullPointerException if {@code item} is null
     */
    public PollFuture<Void> send(T item) {
        return new ChannelSend.Send<>(this, Objects.requireNonNull(item, "item"));
    }

    /**
     * A future that waits, like {@link #send}, for a free slot and completes with a
     * {@link SendPermit} that holds it (Tokio's {@code reserve}): the item is chosen and sent
     * later, without waiting, through {@link SendPermit#send}. Fails with
     * {@link ChannelClosedException} if the channel is closed before a slot was found.
     *
     * <p><b>Cancel safety:</b> cancel-safe. Closing it while it waits loses nothing (no item was
     * given) and passes an admitted slot on; a permit that is closed unused gives its slot back.
     *
     * @return a lazy future of a permit holding one free slot
     */
    public PollFuture<SendPermit<T>> reserve() {
        return new ChannelSend.Reserve<>(this);
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
        lock.lock();
        try {
            if (closed) {
                throw new ChannelClosedException("send to a closed channel");
            }
            if (!senders.isEmpty() || usedLocked() >= capacity) {
                return false;
            }
            buffer.add(item);
            toWake = wakeReceiverLocked();
        } finally {
            lock.unlock();
        }
        wake(toWake);
        return true;
    }

    // ---- receiving ----------------------------------------------------------------------------

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
        return new ChannelReceive.One<>(this);
    }

    /**
     * A future for the items buffered now, up to {@code max} of them, in FIFO order (Tokio's
     * {@code recv_many}): it waits while the channel is empty, then takes at least one and at
     * most {@code max} in one poll. An empty list means the channel is closed and drained.
     *
     * <p><b>Cancel safety:</b> cancel-safe, as {@link #receive()}: items are taken only by the poll
     * that returns them.
     *
     * @param max the most items to take, at least 1
     * @return a lazy future of 1 to {@code max} items, or of an empty list at the end
     * @throws IllegalArgumentException if {@code max < 1}
     */
    public PollFuture<List<T>> receiveMany(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be >= 1: " + max);
        }
        return new ChannelReceive.Many<>(this, max);
    }

    /**
     * The next item if one is buffered now, without waiting (Tokio's {@code try_recv}); spends no
     * budget.
     *
     * @return the item, or empty if the channel is empty
     * @throws ChannelClosedException if the channel is closed and drained
     */
    public Optional<T> tryReceive() {
        Waker senderToWake;
        Waker receiverToWake = null;
        List<Waker> endToWake;
        T item;
        lock.lock();
        try {
            item = buffer.poll();
            if (item == null) {
                if (endedLocked()) {
                    throw new ChannelClosedException("channel closed and drained");
                }
                return Optional.empty();
            }
            senderToWake = admitSenderLocked();
            if (!buffer.isEmpty()) {
                receiverToWake = wakeReceiverLocked();
            }
            endToWake = takeReceiversIfEndedLocked();
        } finally {
            lock.unlock();
        }
        try {
            Wakers.wakeBoth(senderToWake, receiverToWake);
        } finally {
            Wakers.wakeAll(endToWake);
        }
        return Optional.of(item);
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
        return new ChannelReceive.Stream<>(this);
    }

    // ---- handles and closing -----------------------------------------------------------------

    /**
     * A new sending handle: it sends like the channel does, and the channel closes when the last
     * sender handle is closed (see "Handles"). A handle made after the channel closed sends
     * nothing (its sends fail).
     *
     * @return a new sending handle, counted until it is closed
     */
    public Sender<T> sender() {
        lock.lock();
        try {
            senderHandles++;
        } finally {
            lock.unlock();
        }
        return new Sender<>(this);
    }

    /**
     * A new receiving handle: it receives like the channel does, and when the last receiver
     * handle is closed the channel stops accepting items and drops those it holds (see
     * "Handles").
     *
     * @return a new receiving handle, counted until it is closed
     */
    public Receiver<T> receiver() {
        lock.lock();
        try {
            receiverHandles++;
        } finally {
            lock.unlock();
        }
        return new Receiver<>(this);
    }

    /**
     * Closes the sending side (Tokio's {@code Receiver::close}): later and waiting sends and
     * reserves fail with {@link ChannelClosedException} (their items are not delivered);
     * outstanding {@link SendPermit}s may still send. Receivers still get every buffered item,
     * then see the end. Idempotent.
     */
    public void close() {
        List<Waker> toWake = new ArrayList<>();
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            takeAllWakersLocked(toWake);
        } finally {
            lock.unlock();
        }
        Wakers.wakeAll(toWake);
    }

    /**
     * True once the channel is closed (by {@link #close()}, or by the last handle of a side).
     *
     * @return true if the channel is closed
     */
    public boolean isClosed() {
        lock.lock();
        try {
            return closed;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Items buffered right now (a snapshot).
     *
     * @return the number of buffered items
     */
    public int size() {
        lock.lock();
        try {
            return buffer.size();
        } finally {
            lock.unlock();
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

    // ---- the engine (package-private: the futures, handles and permits of this package) -------

    /** The last of one side's handles went away: see "Handles". */
    void senderHandleClosed() {
        boolean last;
        lock.lock();
        try {
            last = --senderHandles == 0;
        } finally {
            lock.unlock();
        }
        if (last) {
            close();
        }
    }

    void receiverHandleClosed() {
        List<Waker> toWake = new ArrayList<>();
        List<T> dropped;
        lock.lock();
        try {
            if (--receiverHandles > 0 || receiversGone) {
                return;
            }
            receiversGone = true;
            closed = true;
            dropped = new ArrayList<>(buffer);
            buffer.clear();
            takeAllWakersLocked(toWake);
        } finally {
            lock.unlock();
        }
        try {
            Wakers.wakeAll(toWake);
        } finally {
            for (T item : dropped) {
                Dropped.close(item, "an item dropped with the last receiver of a Channel", RuntimeFailures.CURRENT_THREAD);
            }
        }
    }

    /**
     * One poll of a send or a reserve: ready once its item is in (a send) or its slot is held by
     * a new permit (a reserve), failed once the channel is closed, else pending and queued.
     */
    Poll<Void> pollSend(ChannelSend<T, ?> op, Context cx) {
        Waker toWake = null;
        boolean completed = false;
        lock.lock();
        try {
            if (op.state == ChannelSend.FINISHED) {
                throw SingleUse.polledAfter(op.name(), "it completed or was closed");
            }
            if (closed) {
                if (op.state == ChannelSend.ADMITTED) {
                    admitted--;
                }
                senders.remove(op);
                op.finishByPoll();
                return Poll.failed(new ChannelClosedException(op.name() + " to a closed channel"));
            }
            switch (op.state) {
                case ChannelSend.INITIAL:
                    if (!senders.isEmpty() || usedLocked() >= capacity) {
                        op.waker = cx.waker();
                        senders.add(op);
                        op.state = ChannelSend.WAITING;
                        return Poll.pending();
                    }
                    if (CoopBudget.hasRemaining()) { // else take no slot this turn
                        toWake = completeSendLocked(op);
                        completed = true;
                    }
                    break;
                case ChannelSend.WAITING:
                    op.waker = cx.waker();
                    return Poll.pending();
                case ChannelSend.ADMITTED:
                    if (CoopBudget.hasRemaining()) { // else the admitted slot stays held for the next turn
                        admitted--;
                        toWake = completeSendLocked(op);
                        completed = true;
                    }
                    break;
                default:
                    throw new AssertionError("state " + op.state);
            }
        } finally {
            lock.unlock();
        }
        if (!completed) { // out of budget (rule 16)
            cx.waker().wake();
            return Poll.pending();
        }
        wake(toWake);
        return Poll.ready(null);
    }

    /** Fills a free slot for {@code op}: its item into the buffer, or a permit. Returns the receiver to wake. */
    private Waker completeSendLocked(ChannelSend<T, ?> op) {
        op.finishByPoll();
        CoopBudget.consumeOne();
        T item = op.item();
        if (item == null) {
            permits++; // a reserve: the caller hands out the permit
            return null;
        }
        buffer.add(item);
        return wakeReceiverLocked();
    }

    /** A send or reserve that stops before it completed: leaves the queue; an admitted slot passes on. */
    void dropSend(ChannelSend<T, ?> op) {
        Waker toWake = null;
        lock.lock();
        try {
            if (op.state == ChannelSend.WAITING) {
                senders.remove(op);
            } else if (op.state == ChannelSend.ADMITTED) {
                admitted--;
                toWake = admitSenderLocked(); // pass the slot on (no sender waits once closed)
            }
            op.state = ChannelSend.FINISHED;
            op.waker = null;
        } finally {
            lock.unlock();
        }
        wake(toWake);
    }

    /** A permit sends: the item takes the permit's slot. False (item not taken) if the receivers are gone. */
    boolean sendWithPermit(T item) {
        Waker toWake;
        lock.lock();
        try {
            permits--;
            if (receiversGone) {
                return false;
            }
            buffer.add(item);
            toWake = wakeReceiverLocked();
        } finally {
            lock.unlock();
        }
        wake(toWake);
        return true;
    }

    /** A permit closed unused: its slot goes to the next waiting sender (or ends a closed channel). */
    void releasePermit() {
        List<Waker> toWake;
        Waker sender;
        lock.lock();
        try {
            permits--;
            sender = admitSenderLocked();
            toWake = takeReceiversIfEndedLocked(); // the last permit of a closed, drained channel
        } finally {
            lock.unlock();
        }
        wake(sender);
        Wakers.wakeAll(toWake);
    }

    /**
     * One receive attempt of up to {@code max} items for {@code waiter}: the items are added to
     * {@code into} and the result is ready; or {@code done} (closed and drained); or pending with
     * the waker registered. Spends one unit of budget per call that returns items.
     */
    Poll<Void> pollReceive(ReceiveWaiter waiter, Context cx, int max, List<? super T> into) {
        if (!CoopBudget.pollProceed(cx)) {
            // Rule 16: the task's poll budget is spent, so an always-ready channel must not keep
            // it running. Nothing is taken; the task's own wake re-polls it on its next turn.
            return Poll.pending();
        }
        Waker senderToWake = null;
        List<Waker> sendersToWake = null;
        Waker receiverToWake = null;
        List<Waker> endToWake = null;
        Poll<Void> result;
        lock.lock();
        try {
            T item = buffer.poll();
            if (item != null) {
                CoopBudget.consumeOne();
                into.add(item);
                int taken = 1;
                while (taken < max && (item = buffer.poll()) != null) {
                    into.add(item);
                    taken++;
                }
                leaveLocked(waiter);
                senderToWake = admitSenderLocked();
                if (taken > 1 && senderToWake != null) {
                    sendersToWake = new ArrayList<>(taken);
                    sendersToWake.add(senderToWake);
                    senderToWake = null;
                    for (int i = 1; i < taken; i++) {
                        Waker next = admitSenderLocked();
                        if (next == null) {
                            break;
                        }
                        sendersToWake.add(next);
                    }
                }
                if (!buffer.isEmpty()) {
                    // Items remain: make sure another waiting receiver is on its way.
                    receiverToWake = wakeReceiverLocked();
                } else {
                    // This receiver took the last item: if that ended the channel, the receivers
                    // that still wait (one may have been woken for the item) must hear the end.
                    endToWake = takeReceiversIfEndedLocked();
                }
                result = Poll.ready(null);
            } else if (endedLocked()) {
                leaveLocked(waiter);
                result = Poll.done();
            } else {
                waiter.waker = cx.waker();
                waiter.woken = false;
                if (!waiter.queued) {
                    receivers.add(waiter);
                }
                result = Poll.pending();
            }
        } finally {
            lock.unlock();
        }
        try {
            Wakers.wakeBoth(senderToWake, receiverToWake);
        } finally {
            try {
                Wakers.wakeAll(sendersToWake);
            } finally {
                Wakers.wakeAll(endToWake);
            }
        }
        return result;
    }

    /** A receiver that stops: leaves the queue; an unobserved wake is passed on. */
    void dropReceiver(ReceiveWaiter waiter) {
        Waker toWake = null;
        lock.lock();
        try {
            boolean wasWoken = waiter.woken;
            leaveLocked(waiter);
            if (wasWoken && !buffer.isEmpty()) {
                toWake = wakeReceiverLocked();
            }
        } finally {
            lock.unlock();
        }
        wake(toWake);
    }

    // ---- internals (all *Locked methods run under lock) -----------------------------------------

    /** Slots in use: buffered items, admitted senders, outstanding permits. */
    private int usedLocked() {
        return buffer.size() + admitted + permits;
    }

    /** Closed, drained, and no permit left that could still send: receivers see the end. */
    private boolean endedLocked() {
        return closed && buffer.isEmpty() && (permits == 0 || receiversGone);
    }

    /** Empties both wait queues into {@code toWake} (the channel just closed). */
    private void takeAllWakersLocked(List<Waker> toWake) {
        for (ChannelSend<T, ?> send = senders.poll(); send != null; send = senders.poll()) {
            addIfPresent(toWake, send.takeWaker());
        }
        for (ReceiveWaiter receiver = receivers.poll(); receiver != null; receiver = receivers.poll()) {
            addIfPresent(toWake, receiver.takeWaker());
        }
    }

    /**
     * If the channel has ended (closed, drained, no permit left), takes every waiting receiver out
     * of the queue and returns their wakers, else null. Called by each operation that can end it
     * (taking the last item, releasing the last permit), because nothing else will wake them: the
     * close's own wake came while a permit was still out, and a sender's wake went to one receiver.
     */
    private List<Waker> takeReceiversIfEndedLocked() {
        if (!endedLocked() || receivers.isEmpty()) {
            return null;
        }
        List<Waker> toWake = new ArrayList<>();
        for (ReceiveWaiter waiter = receivers.poll(); waiter != null; waiter = receivers.poll()) {
            addIfPresent(toWake, waiter.takeWaker());
        }
        return toWake;
    }

    /** Takes the first waiting receiver out of the queue and returns its waker, or null. */
    private Waker wakeReceiverLocked() {
        ReceiveWaiter first = receivers.poll();
        if (first == null) {
            return null;
        }
        first.woken = true;
        return first.takeWaker();
    }

    /**
     * Admits a free slot to the first waiting sender and returns its waker, or null. Called after
     * one slot was freed; while senders wait the channel is otherwise full, so at most one sender
     * is admitted per freed slot.
     */
    private Waker admitSenderLocked() {
        if (closed || usedLocked() >= capacity) {
            return null;
        }
        ChannelSend<T, ?> first = senders.poll();
        if (first == null) {
            return null;
        }
        first.state = ChannelSend.ADMITTED;
        admitted++;
        return first.takeWaker();
    }

    private void leaveLocked(ReceiveWaiter waiter) {
        receivers.remove(waiter);
        waiter.woken = false;
        waiter.waker = null;
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
    static final class ReceiveWaiter extends WaitNode {
        /** Taken out of the queue by a sender's wake and not yet polled since. */
        boolean woken;
    }
}
