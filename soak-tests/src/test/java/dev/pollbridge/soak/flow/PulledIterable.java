package dev.pollbridge.soak.flow;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * {@code count} longs from an iterator that counts each item as emitted the moment it is
 * produced: the source of a queue-fused bridge, where producing an item and handing it over are
 * the same call.
 */
final class PulledIterable implements Iterable<Long> {

    private final long count;
    private final FlowMeter meter;

    PulledIterable(long count, FlowMeter meter) {
        this.count = count;
        this.meter = meter;
    }

    @Override
    public Iterator<Long> iterator() {
        return new Iterator<>() {
            private long next;

            @Override
            public boolean hasNext() {
                return next < count;
            }

            @Override
            public Long next() {
                if (next == count) {
                    throw new NoSuchElementException();
                }
                meter.emitted.incrementAndGet();
                meter.measure();
                return next++;
            }
        };
    }
}
