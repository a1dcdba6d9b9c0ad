package dev.pollbridge.tck;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The numbers {@code 0 .. count - 1} as a lazy iterable (no list in memory), so that
 * {@code Streams.fromIterable} can serve the TCK's "practically infinite" publishers too.
 */
final class LongRange implements Iterable<Long> {

    private final long count;

    LongRange(long count) {
        this.count = count;
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
                if (next >= count) {
                    throw new NoSuchElementException();
                }
                return next++;
            }
        };
    }
}
