package dev.pollbridge.api;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Closes values a combinator collected but will never hand out: the value of a child that
 * finished before a sibling failed a join, or before the join itself was closed; a stream item a
 * combinator took from upstream and drops (a zip's unmatched item, a partial chunk, the values a
 * {@link FuturesOrdered} kept for their turn). Rule 11 for
 * values: a dropped value that owns a resource (an {@link AutoCloseable}, such as a semaphore
 * permit or a connection) is closed, so nothing leaks; other values are just dropped.
 *
 * <p>Each instance is closed once, even if several children produced it. A {@code close()} that
 * throws does not stop the others and never escapes: it is added as suppressed to the failure
 * the combinator returns, or, when there is none (the combinator was closed), logged through
 * {@link System.Logger} as a {@code WARNING}. Errors that mean the JVM is in trouble propagate,
 * as everywhere in the combinators.
 */
final class Discard {

    private static final System.Logger LOGGER = System.getLogger(Futures.class.getName());

    private Discard() {}

    /**
     * Closes the {@link AutoCloseable} elements of {@code values} and clears every slot.
     *
     * @param failure the failure the combinator returns, which receives close failures as
     *     suppressed; null if it returns none
     */
    static void values(Object[] values, Throwable failure) {
        Set<Object> closed = null;
        for (int i = 0; i < values.length; i++) {
            Object value = values[i];
            values[i] = null;
            if (!(value instanceof AutoCloseable)) {
                continue;
            }
            if (closed == null) {
                closed = Collections.newSetFromMap(new IdentityHashMap<>());
            }
            if (!closed.add(value)) {
                continue;
            }
            try {
                ((AutoCloseable) value).close();
            } catch (Throwable broken) {
                report(Outcomes.userFailure(broken), failure);
            }
        }
    }

    private static void report(Throwable broken, Throwable failure) {
        if (failure != null && failure != broken) {
            failure.addSuppressed(broken);
        } else if (failure == null) {
            LOGGER.log(System.Logger.Level.WARNING,
                    "close() of a value a closed combinator had taken and dropped threw", broken);
        }
    }
}
