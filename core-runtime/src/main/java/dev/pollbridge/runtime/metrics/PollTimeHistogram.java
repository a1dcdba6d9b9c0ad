package dev.pollbridge.runtime.metrics;

import java.util.Arrays;

/**
 * How long the task polls took, in powers of two of nanoseconds: bucket {@code i} counts the polls
 * that took at least {@code 2^i} and less than {@code 2^(i+1)} ns (bucket 0 also counts 0 and 1
 * ns; the last bucket has no upper bound). Part of a {@link PollRuntimeMetrics} snapshot; immutable.
 *
 * <p><b>Opt-in.</b> Polls are timed for it only on a runtime built with
 * {@link dev.pollbridge.runtime.PollRuntimeBuilder#pollTimeHistogram(boolean) pollTimeHistogram(true)}, which costs two
 * {@link System#nanoTime()} reads per poll; otherwise every count is zero. Each worker records
 * into its own array of counters, written only by that worker (one increment per poll, no atomic
 * instruction); a snapshot adds the arrays up racily.
 */
public final class PollTimeHistogram {

    /** Number of buckets: the last one starts at {@code 2^39} ns (about 9 minutes). */
    public static final int BUCKETS = 40;

    private final long[] counts;

    /**
     * A histogram of these bucket counts.
     *
     * @param counts one count per bucket, {@link #BUCKETS} of them (copied)
     * @throws IllegalArgumentException if there are not {@link #BUCKETS} counts, or one is negative
     */
    public PollTimeHistogram(long[] counts) {
        if (counts.length != BUCKETS) {
            throw new IllegalArgumentException("expected " + BUCKETS + " bucket counts, got " + counts.length);
        }
        for (long count : counts) {
            if (count < 0) {
                throw new IllegalArgumentException("negative bucket count: " + Arrays.toString(counts));
            }
        }
        this.counts = counts.clone();
    }

    /**
     * The bucket a poll of {@code nanos} falls into.
     *
     * @param nanos a duration in nanoseconds (negative counts as 0)
     * @return its bucket, 0 to {@code BUCKETS - 1}
     */
    public static int bucketOf(long nanos) {
        if (nanos <= 1) {
            return 0;
        }
        return Math.min(BUCKETS - 1, 63 - Long.numberOfLeadingZeros(nanos));
    }

    /**
     * Polls counted in {@code bucket}.
     *
     * @param bucket 0 to {@code BUCKETS - 1}
     * @return the count
     */
    public long count(int bucket) {
        return counts[bucket];
    }

    /**
     * The shortest duration {@code bucket} counts.
     *
     * @param bucket 0 to {@code BUCKETS - 1}
     * @return nanoseconds (0 for bucket 0)
     */
    public static long lowerBoundNanos(int bucket) {
        return bucket == 0 ? 0L : 1L << bucket;
    }

    /**
     * The duration just above what {@code bucket} counts.
     *
     * @param bucket 0 to {@code BUCKETS - 1}
     * @return nanoseconds (exclusive), {@code Long.MAX_VALUE} for the last bucket
     */
    public static long upperBoundNanos(int bucket) {
        return bucket == BUCKETS - 1 ? Long.MAX_VALUE : 1L << (bucket + 1);
    }

    /**
     * All polls counted.
     *
     * @return the sum of the buckets
     */
    public long totalCount() {
        long total = 0;
        for (long count : counts) {
            total += count;
        }
        return total;
    }

    /**
     * An upper bound of the given quantile of the poll times, good to a factor of two: the upper
     * bound of the bucket in which the quantile falls.
     *
     * @param quantile between 0 and 1 (0.99 for the 99th percentile)
     * @return nanoseconds; 0 if no poll was counted
     * @throws IllegalArgumentException if {@code quantile} is not between 0 and 1
     */
    public long quantileUpperBoundNanos(double quantile) {
        if (!(quantile >= 0.0 && quantile <= 1.0)) {
            throw new IllegalArgumentException("quantile must be between 0 and 1, was " + quantile);
        }
        long total = totalCount();
        if (total == 0) {
            return 0L;
        }
        long rank = Math.max(1L, (long) Math.ceil(quantile * total));
        long seen = 0;
        for (int bucket = 0; bucket < BUCKETS; bucket++) {
            seen += counts[bucket];
            if (seen >= rank) {
                return upperBoundNanos(bucket);
            }
        }
        return Long.MAX_VALUE;
    }

    /**
     * The bucket counts.
     *
     * @return a copy, {@link #BUCKETS} long
     */
    public long[] counts() {
        return counts.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PollTimeHistogram && Arrays.equals(counts, ((PollTimeHistogram) other).counts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("PollTimeHistogram[");
        boolean first = true;
        for (int bucket = 0; bucket < BUCKETS; bucket++) {
            if (counts[bucket] != 0) {
                text.append(first ? "" : ", ")
                        .append(bucket == BUCKETS - 1 ? ">=" + lowerBoundNanos(bucket) : "<" + upperBoundNanos(bucket))
                        .append("ns=").append(counts[bucket]);
                first = false;
            }
        }
        return text.append(']').toString();
    }
}
