package dev.pollbridge.runtime.internal.task;

/**
 * The coarse clock of the task dump's two timestamps (spawn and latest poll), which live in spare
 * bits of the task's state word so that they cost the task object no memory (a pending task is
 * about 128 bytes, and every field would add 8). A timestamp is {@link System#nanoTime()} in units
 * of {@code 2^}{@value #UNIT_SHIFT} ns (about 16.8 ms) since this class was loaded, kept modulo
 * {@code 2^}{@value #BITS}: differences are exact to one unit up to about 52 days, and wrap after.
 */
public final class TaskClock {

    /** Bits of one timestamp. */
    static final int BITS = 28;
    /** The unit is {@code 2^UNIT_SHIFT} ns. */
    static final int UNIT_SHIFT = 24;
    static final long MASK = (1L << BITS) - 1;

    private static final long EPOCH = System.nanoTime();

    private TaskClock() {}

    /**
     * {@code nanos} (a {@link System#nanoTime()} reading) as a timestamp.
     *
     * @param nanos a {@code System.nanoTime()} reading
     * @return its timestamp, in {@code [0, 2^BITS)}
     */
    public static long units(long nanos) {
        return ((nanos - EPOCH) >> UNIT_SHIFT) & MASK;
    }

    /** The time from timestamp {@code then} to timestamp {@code now}, in nanoseconds (modulo the wrap). */
    static long elapsedNanos(long now, long then) {
        return ((now - then) & MASK) << UNIT_SHIFT;
    }
}
