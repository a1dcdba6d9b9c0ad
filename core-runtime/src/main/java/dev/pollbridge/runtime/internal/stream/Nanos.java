package dev.pollbridge.runtime.internal.stream;

import java.time.Duration;

/** Saturating nanosecond arithmetic for the operators' deadlines. */
final class Nanos {

    private Nanos() {}

    /** {@code duration} in nanoseconds, saturating at {@link Long#MAX_VALUE}. */
    static long of(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }

    /** {@code a + b} for {@code b >= 0}, saturating at {@link Long#MAX_VALUE}. */
    static long plus(long a, long b) {
        long sum = a + b;
        return sum < a ? Long.MAX_VALUE : sum;
    }

    /** {@code a * b} for non-negative operands, saturating at {@link Long#MAX_VALUE}. */
    static long times(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }
}
