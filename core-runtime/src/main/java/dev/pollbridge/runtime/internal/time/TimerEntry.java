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

    /** Deadline in ticks (milliseconds since the driver's origin), rounded up. */
    long deadlineTick;
    /**
     * The exact deadline on the driver's clock ({@code Clock.nanoTime()}). A poll at or after it
     * is ready even when the rounded-up tick has not come yet (a zero sleep at mid-millisecond).
     */
    long deadlineNanos;
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
        this(deadlineTick, Long.MAX_VALUE);
    }

    TimerEntry(long deadlineTick, long deadlineNanos) {
        this.deadlineTick = deadlineTick;
        this.deadlineNanos = deadlineNanos;
    }

    boolean isLinked() {
        return level != UNLINKED;
    }
}
