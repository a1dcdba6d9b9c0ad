package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.metrics.PollTimeHistogram;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One thread's poll-time histogram in log2 buckets of nanoseconds (see {@link PollTimeHistogram}).
 * Single writer: only the owner thread calls {@link #record}, with an opaque store (no atomic
 * read-modify-write, so a racing reader never makes it slower); any thread may {@link #addTo} a
 * racy copy. Opaque, not plain, so that a reader never sees a torn {@code long}.
 */
final class PollTimes {

    private static final VarHandle COUNT = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] counts = new long[PollTimeHistogram.BUCKETS];

    /** Owner only: counts one poll of {@code nanos}; a negative value (an untimed poll) is ignored. */
    void record(long nanos) {
        if (nanos >= 0) {
            int bucket = PollTimeHistogram.bucketOf(nanos);
            COUNT.setOpaque(counts, bucket, (long) COUNT.getOpaque(counts, bucket) + 1);
        }
    }

    /** Any thread: adds the current counts to {@code sums}. */
    void addTo(long[] sums) {
        for (int i = 0; i < sums.length; i++) {
            sums[i] += (long) COUNT.getOpaque(counts, i);
        }
    }
}
