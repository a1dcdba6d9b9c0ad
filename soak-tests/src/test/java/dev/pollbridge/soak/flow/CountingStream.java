package dev.pollbridge.soak.flow;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;

/**
 * A stream of {@code 0 .. items - 1} that is always ready, as fast a producer as a stream can be:
 * only the bridge that polls it holds it back. Every item is counted by the meter as it leaves.
 * Polled by one task at a time.
 */
final class CountingStream implements PollStream<Long> {

    private final long items;
    private final FlowMeter meter;
    private long next;

    CountingStream(long items, FlowMeter meter) {
        this.items = items;
        this.meter = meter;
    }

    @Override
    public Poll<Long> pollNext(Context cx) {
        if (next >= items) {
            return Poll.done();
        }
        meter.onEmit();
        return Poll.ready(next++);
    }
}
