package dev.pollbridge.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.runtime.metrics.PollTimeHistogram;
import org.junit.jupiter.api.Test;

class PollTimeHistogramTest {

    @Test
    void bucketsArePowersOfTwo() {
        assertEquals(0, PollTimeHistogram.bucketOf(-5));
        assertEquals(0, PollTimeHistogram.bucketOf(0));
        assertEquals(0, PollTimeHistogram.bucketOf(1));
        assertEquals(1, PollTimeHistogram.bucketOf(2));
        assertEquals(1, PollTimeHistogram.bucketOf(3));
        assertEquals(10, PollTimeHistogram.bucketOf(1024));
        assertEquals(10, PollTimeHistogram.bucketOf(2047));
        assertEquals(PollTimeHistogram.BUCKETS - 1, PollTimeHistogram.bucketOf(Long.MAX_VALUE));
        for (int bucket = 0; bucket < PollTimeHistogram.BUCKETS; bucket++) {
            assertEquals(bucket, PollTimeHistogram.bucketOf(PollTimeHistogram.lowerBoundNanos(bucket)));
            if (bucket < PollTimeHistogram.BUCKETS - 1) {
                assertEquals(bucket, PollTimeHistogram.bucketOf(PollTimeHistogram.upperBoundNanos(bucket) - 1));
            }
        }
    }

    @Test
    void quantilesAreBucketUpperBounds() {
        long[] counts = new long[PollTimeHistogram.BUCKETS];
        counts[10] = 90; // [1024, 2048) ns
        counts[20] = 10; // [~1 ms, ~2 ms)
        PollTimeHistogram histogram = new PollTimeHistogram(counts);
        assertEquals(100, histogram.totalCount());
        assertEquals(2048, histogram.quantileUpperBoundNanos(0.5));
        assertEquals(2048, histogram.quantileUpperBoundNanos(0.9));
        assertEquals(1L << 21, histogram.quantileUpperBoundNanos(0.91));
        assertEquals(1L << 21, histogram.quantileUpperBoundNanos(1.0));
        assertEquals(0, new PollTimeHistogram(new long[PollTimeHistogram.BUCKETS]).quantileUpperBoundNanos(0.5));
        assertThrows(IllegalArgumentException.class, () -> histogram.quantileUpperBoundNanos(1.5));
        assertThrows(IllegalArgumentException.class, () -> new PollTimeHistogram(new long[3]));
        counts[0] = -1;
        assertThrows(IllegalArgumentException.class, () -> new PollTimeHistogram(counts));
    }

    @Test
    void theCountsAreCopied() {
        long[] counts = new long[PollTimeHistogram.BUCKETS];
        counts[3] = 7;
        PollTimeHistogram histogram = new PollTimeHistogram(counts);
        counts[3] = 8;
        histogram.counts()[3] = 9;
        assertEquals(7, histogram.count(3));
    }
}
