package dev.pollbridge.runtime.internal.time;

/**
 * One level of the timing wheel: 64 slots, each covering {@code 64^level} ticks, and a bit set
 * of the slots that hold entries so that the next occupied slot is found without scanning.
 * Guarded by the driver's lock.
 */
final class Level {

    static final int SLOTS = 64;
    static final int SLOT_BITS = 6;

    private final int level;
    private final boolean top;
    private final SlotList[] slots = new SlotList[SLOTS];
    /** Bit {@code i} is set iff {@code slots[i]} is not empty (kept by add, remove and take). */
    private long occupied;

    Level(int level, boolean top) {
        this.level = level;
        this.top = top;
        for (int i = 0; i < SLOTS; i++) {
            slots[i] = new SlotList();
        }
    }

    /** Ticks covered by one slot of this level. */
    long slotRange() {
        return 1L << (SLOT_BITS * level);
    }

    /** Ticks covered by the whole level. */
    long levelRange() {
        return slotRange() << SLOT_BITS;
    }

    /** The slot of this level that holds a deadline. */
    int slotFor(long tick) {
        return (int) ((tick >>> (SLOT_BITS * level)) & (SLOTS - 1));
    }

    /** Links {@code entry} into the slot of {@code placementTick} (its deadline, or nearer). */
    void add(TimerEntry entry, long placementTick) {
        int slot = slotFor(placementTick);
        slots[slot].append(entry);
        entry.level = level;
        entry.slot = slot;
        occupied |= 1L << slot;
    }

    void remove(TimerEntry entry) {
        SlotList list = slots[entry.slot];
        list.unlink(entry);
        if (list.isEmpty()) {
            occupied &= ~(1L << entry.slot);
        }
        entry.level = TimerEntry.UNLINKED;
    }

    /** Empties {@code slot}; returns its former head (entries chained by {@code next}). */
    TimerEntry take(int slot) {
        occupied &= ~(1L << slot);
        return slots[slot].takeAll();
    }

    /** The next occupied slot at or after {@code now}'s position, or -1 if the level is empty. */
    int nextOccupiedSlot(long now) {
        if (occupied == 0) {
            return -1;
        }
        int nowSlot = slotFor(now);
        int distance = Long.numberOfTrailingZeros(Long.rotateRight(occupied, nowSlot));
        return (nowSlot + distance) & (SLOTS - 1);
    }

    /**
     * The tick at which {@code slot} must be processed, given the current time {@code now}: the
     * start of the slot in the current rotation of this level, or, if that start is not after
     * {@code now}, in the next rotation. That happens only on the top level, whose slots hold
     * deadlines beyond the wheel's range as a ring; on lower levels the wheel's invariants keep
     * every occupied slot ahead of {@code now}, and a slot found behind is processed at once
     * (processing never fires an entry early, so this is safe).
     */
    long slotDeadline(int slot, long now) {
        long levelStart = now & ~(levelRange() - 1);
        long deadline = levelStart + slot * slotRange();
        if (deadline > now) {
            return deadline;
        }
        return top ? deadline + levelRange() : now;
    }
}
