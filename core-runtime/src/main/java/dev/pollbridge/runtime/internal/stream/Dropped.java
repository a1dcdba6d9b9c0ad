package dev.pollbridge.runtime.internal.stream;

import dev.pollbridge.runtime.internal.scheduler.Engine;

/**
 * Drops items a stream operator took from upstream and will never hand out, through the one
 * mechanism for dropped values ({@link dev.pollbridge.api.Dropped}): an {@link AutoCloseable} one
 * (a permit, a connection) is closed, anything else is just forgotten. A {@code close()} that
 * throws is added as suppressed to the failure the operator returns, or, when there is none,
 * reported to the runtime's uncaught-failure handler.
 */
final class Dropped {

    private Dropped() {}

    /** Closes {@code item} if it owns a resource; see the class comment for a throwing close. */
    static void item(Object item, Throwable failure, Engine engine, String operator) {
        dev.pollbridge.api.Dropped.close(item, "an item " + operator + " dropped", failure != null
                ? dev.pollbridge.api.Dropped.suppressedBy(failure)
                : (source, broken) -> engine.reportUncaught(broken, source));
    }

    /** {@link #item} for each of {@code items}. */
    static void items(Iterable<?> items, Throwable failure, Engine engine, String operator) {
        for (Object item : items) {
            item(item, failure, engine, operator);
        }
    }
}
