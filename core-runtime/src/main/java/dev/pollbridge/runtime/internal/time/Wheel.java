package dev.pollbridge.runtime.internal.time;

import dev.pollbridge.api.Waker;
import java.util.List;

/**
 * A hashed hierarchical timing wheel with 1 ms resolution (the design of Tokio's timer, after
 * Varghese and Lauck, "Hashed and Hierarchical Timing Wheels"): six levels of 64 slots; a slot
 * of level {@code L} covers {@code 64^L} ms, so the levels span 64 ms, ~4 s, ~4 min, ~4.7 h,
 * ~12.4 days and ~2.2 years ({@code 2^36} ms). An entry goes to the lowest level whose slot
 * range separates its deadline from the current time; when that slot's time comes, its entries
 * either fire or cascade down to a finer level. A deadline beyond the top level's range is placed
 * at the far end of the range and re-placed each time it comes up, until it is in range.
 *
 * <p>Insert and remove are O(1); finding the next deadline is O(levels) with one bit scan per
 * level. Not thread-safe: guarded by the {@link TimeDriver}'s lock.
 */
final class Wheel {

    static final int LEVELS = 6;
    /** The span of the wheel in ticks: deadlines further ahead are placed at its far end. */
    static final long MAX_RANGE = (1L << (Level.SLOT_BITS * LEVELS)) - 1;

    private final Level[] levels = new Level[LEVELS];
    /** Ticks processed so far; only grows. Every linked entry has a deadline after it. */
    private long elapsed;
    /** Linked entries, for leak checks and metrics. */
    private int size;

    Wheel() {
        for (int i = 0; i < LEVELS; i++) {
            levels[i] = new Level(i, i == LEVELS - 1);
        }
    }

    long elapsed() {
        return elapsed;
    }

    int size() {
        return size;
    }

    /** Links {@code entry}; its deadline must be after {@link #elapsed()}. */
    void insert(TimerEntry entry) {
        place(entry);
        size++;
    }

    /**
     * Puts {@code entry} into the level and slot for its deadline. A deadline beyond the wheel's
     * range is placed at the far end of the range instead and re-placed when that slot comes up.
     * The far end is the last tick of the top-level slot just before the current one in ring
     * order, so no entry ever sits in the current top-level slot "one rotation later": that would
     * make the bit scan, which starts at the current slot, return it ahead of nearer slots. Every
     * placement thus lies within one rotation, which is what makes "the lowest occupied level
     * holds the next deadline" true.
     */
    private void place(TimerEntry entry) {
        long topSlotRange = 1L << (Level.SLOT_BITS * (LEVELS - 1));
        long farEnd = (elapsed & -topSlotRange) + MAX_RANGE;
        long placement = Math.min(entry.deadlineTick, farEnd);
        levels[levelFor(elapsed, placement)].add(entry, placement);
    }

    /** Unlinks {@code entry}, which must be linked. O(1). */
    void remove(TimerEntry entry) {
        levels[entry.level].remove(entry);
        size--;
    }

    /** The tick at which the wheel next has work, or {@link Long#MAX_VALUE} if it is empty. */
    long nextExpiration() {
        for (Level level : levels) {
            int slot = level.nextOccupiedSlot(elapsed);
            if (slot >= 0) {
                // A lower level's next slot always comes before any slot of a higher level.
                return level.slotDeadline(slot, elapsed);
            }
        }
        return Long.MAX_VALUE;
    }

    /**
     * Advances the wheel to {@code now}, firing every entry whose deadline is at or before it:
     * each is marked fired and its waker, if any, is added to {@code wakers}, in deadline order.
     */
    void advanceTo(long now, List<Waker> wakers) {
        while (true) {
            int levelIndex = -1;
            int slot = -1;
            long deadline = Long.MAX_VALUE;
            for (int i = 0; i < LEVELS && levelIndex < 0; i++) {
                slot = levels[i].nextOccupiedSlot(elapsed);
                if (slot >= 0) {
                    levelIndex = i;
                    deadline = levels[i].slotDeadline(slot, elapsed);
                }
            }
            if (levelIndex < 0 || deadline > now) {
                break;
            }
            elapsed = deadline;
            process(levels[levelIndex].take(slot), wakers);
        }
        if (now > elapsed) {
            elapsed = now;
        }
    }

    /**
     * Fires or cascades a slot's entries at time {@link #elapsed}. The whole list is taken off its
     * slot first, because a far entry that is re-placed may go back into the same top-level slot
     * (one rotation later) and must not be seen twice in this pass.
     */
    private void process(TimerEntry first, List<Waker> wakers) {
        TimerEntry entry = first;
        while (entry != null) {
            TimerEntry following = entry.next;
            entry.prev = null;
            entry.next = null;
            entry.level = TimerEntry.UNLINKED;
            if (entry.deadlineTick <= elapsed) {
                size--;
                entry.fired = true;
                if (entry.waker != null) {
                    wakers.add(entry.waker);
                    entry.waker = null;
                }
            } else {
                place(entry); // cascade to a finer level (or, if still far, a later slot)
            }
            entry = following;
        }
    }

    /**
     * Unlinks every entry without firing it and adds the wakers of those that have one to
     * {@code wakers} (the driver is closing).
     */
    void clear(List<Waker> wakers) {
        for (Level level : levels) {
            for (int slot = 0; slot < Level.SLOTS; slot++) {
                TimerEntry entry = level.take(slot);
                while (entry != null) {
                    TimerEntry following = entry.next;
                    entry.prev = null;
                    entry.next = null;
                    entry.level = TimerEntry.UNLINKED;
                    if (entry.waker != null) {
                        wakers.add(entry.waker);
                        entry.waker = null;
                    }
                    entry = following;
                }
            }
        }
        size = 0;
    }

    /**
     * The level for a deadline: the 6-bit group of the highest bit in which the deadline and the
     * current time differ (the low group is always considered, so near deadlines go to level 0);
     * anything at or beyond the wheel's range goes to the top level.
     */
    static int levelFor(long elapsed, long deadline) {
        long masked = (elapsed ^ deadline) | (Level.SLOTS - 1);
        if (masked >= MAX_RANGE) {
            masked = MAX_RANGE - 1;
        }
        int significant = 63 - Long.numberOfLeadingZeros(masked);
        return significant / Level.SLOT_BITS;
    }
}
