package dev.pollbridge.tck.reactor;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.runtime.PollRuntime;
import java.util.Iterator;
import java.util.NoSuchElementException;

/** Shared sources of the Reactor adapter's TCK verifications (the settings are {@link dev.pollbridge.tck.TckSettings}). */
final class ReactorTck {

    private ReactorTck() {}

    /** A runtime for one verification class; the class closes it when done. */
    static PollRuntime runtime() {
        return PollRuntime.builder().workers(2).threadNamePrefix("reactor-tck-").build();
    }

    /** The numbers {@code 0 .. count - 1}, produced lazily (the TCK asks for "infinite" ones too). */
    static PollStream<Long> range(long count) {
        return Streams.fromIterable(() -> new Iterator<Long>() {
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
        });
    }

    /** A factory that refuses: the TCK's "failed publisher" (rule 1.9). */
    static <S> S refusingFactory() {
        throw new IllegalStateException("this publisher refuses every subscriber");
    }
}
