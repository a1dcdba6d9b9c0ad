package dev.pollbridge.runtime.internal.stream;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.Waker;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The queue between a producer task and the consumer of {@code buffer} and {@code conflate}: at
 * most {@code capacity} items; when full, the producer waits ({@code buffer}) or the newest item
 * replaces the oldest ({@code conflate}, capacity 1). Then the end: done, or a failure.
 *
 * <p><b>Threads.</b> One producer (the task's polls, one at a time) and one consumer (the
 * stream's owner) on any threads. Every field is guarded by this object's monitor; wakers and the
 * drops of items are called after it is released. Check and registration happen under the lock,
 * so no wake is lost (rule 6); what the producer wrote before pushing is visible to the consumer
 * that takes the item (rule 10).
 */
final class Handoff<T> {

    /** What {@link #push} could not keep: a conflated item, or the item itself if the consumer left. */
    record Refused<T>(T item) {}

    private final int capacity;
    private final boolean keepLatest;
    private final ArrayDeque<T> items = new ArrayDeque<>();
    private boolean ended;
    private Throwable failure;
    private boolean consumerGone;
    private Waker consumer;
    private Waker producer;

    Handoff(int capacity, boolean keepLatest) {
        this.capacity = capacity;
        this.keepLatest = keepLatest;
    }

    /**
     * Producer: true if one more item may be pushed now (always, when keeping the latest, or when
     * the consumer left: the item will be dropped); otherwise registers the producer's waker,
     * which the consumer's next take wakes, and returns false.
     */
    synchronized boolean pollRoom(Context cx) {
        if (keepLatest || consumerGone || items.size() < capacity) {
            producer = null;
            return true;
        }
        producer = cx.waker();
        return false;
    }

    /**
     * Producer: hands {@code item} over and wakes the consumer. Returns what could not be kept (to
     * drop outside the lock), or null.
     */
    Refused<T> push(T item) {
        Waker toWake;
        T refused = null;
        synchronized (this) {
            if (consumerGone) {
                return new Refused<>(item);
            }
            if (keepLatest && !items.isEmpty()) {
                refused = items.pollFirst();
            }
            items.addLast(item);
            toWake = consumer;
            consumer = null;
        }
        if (toWake != null) {
            toWake.wake();
        }
        return refused == null ? null : new Refused<>(refused);
    }

    /** Producer: the end, done if {@code error} is null; only the first end counts. */
    void end(Throwable error) {
        Waker toWake;
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
            failure = error;
            toWake = consumer;
            consumer = null;
        }
        if (toWake != null) {
            toWake.wake();
        }
    }

    /**
     * Consumer: the next item (waking a producer that waits for room), or the end once every item
     * was taken, or pending with the consumer's waker registered.
     */
    Poll<T> poll(Context cx) {
        Waker toWake;
        T item;
        synchronized (this) {
            item = items.pollFirst();
            if (item == null) {
                if (ended) {
                    return failure == null ? Poll.done() : Poll.failed(failure);
                }
                consumer = cx.waker();
                return Poll.pending();
            }
            toWake = producer;
            producer = null;
        }
        if (toWake != null) {
            toWake.wake();
        }
        return Poll.ready(item);
    }

    /** Consumer: it left. Returns the items nobody will take, for the caller to drop. */
    synchronized List<T> leave() {
        consumerGone = true;
        consumer = null;
        List<T> left = List.copyOf(items);
        items.clear();
        return left;
    }
}
