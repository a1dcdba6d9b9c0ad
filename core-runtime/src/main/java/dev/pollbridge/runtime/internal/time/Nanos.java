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

    /**
     * {@code a + b} for {@code b >= 0}, saturating at {@link Long#MAX_VALUE}.
     *
     * @param a a number of nanoseconds
     * @param b a non-negative number of nanoseconds
     * @return the sum, saturated
     */
    public static long plus(long a, long b) {
        long sum = a + b;
        return sum < a ? Long.MAX_VALUE : sum;
    }

    /**
     * {@code a * b} for non-negative operands, saturating at {@link Long#MAX_VALUE}.
     *
     * @param a a non-negative factor
     * @param b a non-negative factor
     * @return the product, saturated
     */
    public static long times(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }
}
