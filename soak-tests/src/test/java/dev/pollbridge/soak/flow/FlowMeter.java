package dev.pollbridge.soak.flow;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The counts at one bridge boundary: what the consumer side requested, what the producer emitted
 * (and, for a source without backpressure, what the bridge dropped), what the consumer took; and
 * the largest outstanding demand and items in flight seen. Items in flight are emitted and neither
 * taken nor dropped: they sit in the bridge. Every update runs on the thread that changed a count,
 * right after the change, so the maxima are those the counts actually reached.
 */
final class FlowMeter {

    final AtomicLong requested = new AtomicLong();
    final AtomicLong emitted = new AtomicLong();
    final AtomicLong dropped = new AtomicLong();
    private final AtomicLong maxOutstandingDemand = new AtomicLong();
    private final AtomicLong maxInFlight = new AtomicLong();
    private final AtomicLong maxAheadOfDemand = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong consumed;

    FlowMeter(AtomicLong consumed) {
        this.consumed = consumed;
    }

    /** The consumer side asked for {@code n} more (saturating, as Reactive Streams does). */
    void onRequest(long n) {
        long total = requested.accumulateAndGet(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
        raise(maxOutstandingDemand, total - emitted.get());
    }

    /** The producer is about to hand over one item (counted in flight from now). */
    void onEmit() {
        long sent = emitted.incrementAndGet();
        raise(maxAheadOfDemand, sent - requested.get());
        measure();
    }

    /** Records the items in flight now (for a bridge without demand: after it took an item). */
    void measure() {
        raise(maxInFlight, emitted.get() - consumed.get() - dropped.get());
    }

    /** The bridge dropped an item (an overflow strategy). */
    void onDrop() {
        dropped.incrementAndGet();
    }

    long maxOutstandingDemand() {
        return maxOutstandingDemand.get();
    }

    long maxInFlight() {
        return maxInFlight.get();
    }

    /** The most items ever emitted beyond what was requested: above 0 breaks backpressure. */
    long maxAheadOfDemand() {
        return maxAheadOfDemand.get();
    }

    private static void raise(AtomicLong max, long value) {
        max.accumulateAndGet(value, Math::max);
    }

    @Override
    public String toString() {
        return "requested=" + requested + ", emitted=" + emitted + ", dropped=" + dropped + ", consumed=" + consumed
                + ", max outstanding demand=" + maxOutstandingDemand + ", max in flight=" + maxInFlight
                + ", max ahead of demand=" + (maxAheadOfDemand.get() == Long.MIN_VALUE ? "none" : maxAheadOfDemand);
    }
}
