package dev.pollbridge.tck.rxjava;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.runtime.Runtime;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.reactivestreams.tck.TestEnvironment;

/** Shared settings and sources of the RxJava adapter's TCK verifications. */
final class RxTck {

    /** How long the TCK waits for an expected signal: generous for two busy cores. */
    static final long DEFAULT_TIMEOUT_MILLIS = 1_000;
    /** The same for {@code Async.stream} bodies, where every item is a hand-over between threads. */
    static final long ASYNC_BODY_TIMEOUT_MILLIS = 2_000;
    /** How long the TCK waits to be sure no signal comes. */
    static final long NO_SIGNALS_TIMEOUT_MILLIS = 200;
    /** How long to wait for a cancelled publisher to drop its subscriber (rule 3.13). */
    static final long PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS = 1_000;

    private RxTck() {}

    static TestEnvironment environment(long timeoutMillis) {
        return new TestEnvironment(timeoutMillis, NO_SIGNALS_TIMEOUT_MILLIS);
    }

    /** A runtime for one verification class; the class closes it when done. */
    static Runtime runtime() {
        return Runtime.builder().workers(2).threadNamePrefix("rxjava-tck-").build();
    }

    /** A runtime that is already closed: every subscription to a source on it is refused. */
    static Runtime closedRuntime() {
        Runtime closed = Runtime.builder().workers(1).threadNamePrefix("rxjava-tck-closed-").build();
        closed.close();
        return closed;
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
