package dev.pollbridge.runtime.internal.time;

import java.time.Duration;

/** Durations as the engine's {@code long} nanoseconds. */
public final class Nanos {

    private Nanos() {}

    /**
     * {@code duration} in nanoseconds, saturated: {@code Long.MAX_VALUE} (or {@code MIN_VALUE} for
     * a negative one) if it does not fit, about 292 years.
     *
     * @param duration a duration
     * @return its nanoseconds, saturated
     */
    public static long saturated(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException tooLong) {
            return duration.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }
}
