package dev.pollbridge.runtime.sync;

import dev.pollbridge.api.Waker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * What the handles of one broadcast channel share: a ring of the last {@code capacity} values,
 * the receives waiting for the next one, and the open handles (after Tokio's
 * {@code sync/broadcast.rs}: senders serialised by one lock, receivers reading without it).
 *
 * <h2>Positions, head and tail</h2>
 * Every value sent gets the next position 0, 1, 2, ...; {@link #tail} is the position the next
 * send takes, and value {@code p} lives in slot {@code p % capacity} as an immutable
 * {@link Entry} that carries {@code p}. The head, the oldest value still held, is
 * {@code max(0, tail - capacity)}. Each receiver has its own cursor, the position it takes next
 * ({@code next <= tail}), and compares it with the entry in its slot:
 * <ul>
 *   <li>{@code entry.position == next}: the value; the cursor moves on.
 *   <li>{@code entry.position < next} (or no entry): not sent yet.
 *   <li>{@code entry.position > next}: overwritten, so the receiver lagged. The slot of
 *       {@code next} now holds {@code next + k * capacity} for some k >= 1, so
 *       {@code tail >= next + capacity + 1}, and the receiver jumps to the head
 *       {@code tail - capacity > next}, having missed {@code head - next >= 1} values.
 * </ul>
 *
 * <h2>Memory ordering</h2>
 * A send, under {@link #lock}, first stores {@code tail = p + 1} (volatile), then publishes the
 * entry of {@code p} with a release store. A receiver reads the entry with an acquire load, so
 * seeing entry {@code p} it also sees a tail of at least {@code p + 1}: the lag computation above
 * never reads a tail older than the entry that told it to. Entries are immutable, so a receiver
 * never sees a value paired with another position. A receiver that finds nothing re-checks
 * {@code tail > next} under the lock before it waits: sends write under that lock, so no send
 * slips between the check and the wait.
 *
 * <p>When the last receiver closes, the slots are cleared so the values can be collected (Tokio
 * drops a value once every receiver has seen it); a send with no receiver stores nothing.
 *
 * @param <T> the value type
 */
final class BroadcastRing<T> {

    /** Value {@code position} of the channel. Immutable. */
    static final class Entry {
        final long position;
        final Object value;

        Entry(long position, Object value) {
            this.position = position;
            this.value = value;
        }
    }

    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Object[].class);

    final int capacity;
    private final Object[] slots;
    /** Values sent so far = the position of the next one. Written under lock; read without it. */
    private volatile long tail;
    /** Every sender closed; once true, never false. Written under lock. */
    private volatile boolean closed;

    final Object lock = new Object();
    /** Receives waiting for the value at {@code tail}; guarded by lock. */
    private final WaitQueue<WaitNode> waiters = new WaitQueue<>();
    /** Open senders; guarded by lock. */
    private int senders = 1;
    /** Open receivers, for {@link #queued()}; guarded by lock. */
    private final Set<BroadcastReceiver<T>> open = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The count of open receivers, and the senders' {@code closed()} futures. */
    final ReceiverHandles receivers = new ReceiverHandles();

    BroadcastRing(int capacity) {
        this.capacity = capacity;
        this.slots = new Object[capacity];
    }

    long tail() {
        return tail;
    }

    boolean isClosed() {
        return closed;
    }

    /** The entry in the slot of {@code position}: maybe that value, an older or a newer one, or null. */
    Entry entryAt(long position) {
        return (Entry) SLOTS.getAcquire(slots, (int) (position % capacity));
    }

    /** Sends {@code value} to every open receiver; returns how many (0: none, nothing stored). */
    int send(T value) {
        List<Waker> toWake;
        int count;
        synchronized (lock) {
            count = open.size();
            if (count == 0) {
                return 0;
            }
            long position = tail;
            tail = position + 1; // before the entry: see "Memory ordering"
            SLOTS.setRelease(slots, (int) (position % capacity), new Entry(position, value));
            toWake = takeWaitersLocked();
        }
        Wakers.wakeAll(toWake);
        return count;
    }

    /** Queues a receive that found nothing, unless a value came or the senders are gone. Under lock. */
    void enqueueLocked(WaitNode waiter) {
        if (!waiter.queued) {
            waiters.add(waiter);
        }
    }

    void dequeueLocked(WaitNode waiter) {
        waiters.remove(waiter);
    }

    /** A new receiver, at the tail: it gets the values sent from now on. */
    BroadcastReceiver<T> subscribe() {
        synchronized (lock) {
            BroadcastReceiver<T> receiver = new BroadcastReceiver<>(this, tail);
            open.add(receiver);
            receivers.opened();
            return receiver;
        }
    }

    /** A receiver closed; the last one clears the slots. Returns the wakers to call (null if none). */
    List<Waker> receiverClosed(BroadcastReceiver<T> receiver) {
        synchronized (lock) {
            open.remove(receiver);
            if (open.isEmpty()) {
                for (int slot = 0; slot < capacity; slot++) {
                    SLOTS.setRelease(slots, slot, null);
                }
            }
            return receivers.closedOne();
        }
    }

    void senderOpened() {
        synchronized (lock) {
            senders++;
        }
    }

    /** A sender closed; the last one closes the channel and wakes every waiting receive. */
    void senderClosed() {
        List<Waker> toWake = null;
        synchronized (lock) {
            if (--senders == 0) {
                closed = true;
                toWake = takeWaitersLocked();
            }
        }
        Wakers.wakeAll(toWake);
    }

    int senderCount() {
        synchronized (lock) {
            return senders;
        }
    }

    /**
     * Values not yet received by every open receiver (Tokio's {@code Sender::len}): the lag of the
     * furthest-behind receiver, at most {@code capacity}. A snapshot: cursors move meanwhile.
     */
    int queued() {
        synchronized (lock) {
            long furthestBehind = tail;
            for (BroadcastReceiver<T> receiver : open) {
                furthestBehind = Math.min(furthestBehind, receiver.nextPosition());
            }
            return (int) Math.min(capacity, tail - furthestBehind);
        }
    }

    private List<Waker> takeWaitersLocked() {
        if (waiters.isEmpty()) {
            return null;
        }
        List<Waker> toWake = new ArrayList<>();
        for (WaitNode waiter = waiters.poll(); waiter != null; waiter = waiters.poll()) {
            toWake.add(waiter.takeWaker());
        }
        return toWake;
    }
}
