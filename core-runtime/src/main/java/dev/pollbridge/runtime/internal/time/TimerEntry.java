package dev.pollbridge.runtime.internal.time;

import dev.pollbridge.api.Waker;

/**
 * One timer in the wheel: a node of the intrusive doubly-linked list of its slot, so that
 * cancelling it unlinks it in O(1).
 *
 * <p>Every field is guarded by the owning {@link TimeDriver}'s lock (protocol rule 1).
 */
final class TimerEntry {

    /** Not linked into any slot. */
    static final int UNLINKED = -1;

    /** Deadline in ticks (milliseconds since the driver's origin). */
    long deadlineTick;
    /** The level whose slot list holds this entry, or {@link #UNLINKED}. */
    int level = UNLINKED;
    /** The slot index within {@link #level}; meaningful only while linked. */
    int slot;
    TimerEntry prev;
    TimerEntry next;
    /** The latest poller's waker (rule 7); cleared when it is taken to be woken. */
    Waker waker;
    /** True once the deadline passed while registered; reset only by {@link TimeDriver#reset}. */
    boolean fired;

    TimerEntry(long deadlineTick) {
        this.deadlineTick = deadlineTick;
    }

    boolean isLinked() {
        return level != UNLINKED;
    }
}
