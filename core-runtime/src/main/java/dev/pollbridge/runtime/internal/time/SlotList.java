package dev.pollbridge.runtime.internal.time;

/**
 * The entries of one wheel slot: an intrusive doubly-linked FIFO list. Appending, unlinking a
 * known entry and taking the whole list are O(1). Guarded by the driver's lock.
 */
final class SlotList {

    private TimerEntry head;
    private TimerEntry tail;

    boolean isEmpty() {
        return head == null;
    }

    void append(TimerEntry entry) {
        entry.prev = tail;
        entry.next = null;
        if (tail == null) {
            head = entry;
        } else {
            tail.next = entry;
        }
        tail = entry;
    }

    /** Unlinks {@code entry}, which must be in this list. */
    void unlink(TimerEntry entry) {
        if (entry.prev == null) {
            head = entry.next;
        } else {
            entry.prev.next = entry.next;
        }
        if (entry.next == null) {
            tail = entry.prev;
        } else {
            entry.next.prev = entry.prev;
        }
        entry.prev = null;
        entry.next = null;
    }

    /** Empties this list and returns its former head; the entries stay chained by {@code next}. */
    TimerEntry takeAll() {
        TimerEntry first = head;
        head = null;
        tail = null;
        return first;
    }
}
