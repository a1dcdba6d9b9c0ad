package dev.pollbridge.runtime.internal.stream;

import dev.pollbridge.runtime.Runtime;
import dev.pollbridge.runtime.internal.scheduler.EngineAccess;

/**
 * Drops items a stream operator took from upstream and will never hand out (rule 11 for
 * values): an {@link AutoCloseable} one (a permit, a connection) is closed, anything else is
 * just forgotten. A {@code close()} that throws is user code, so it is contained: added as
 * suppressed to the failure the operator returns, or, when there is none, reported to the
 * runtime's uncaught-failure handler. Errors that mean the JVM is in trouble propagate.
 */
final class Dropped {

    private Dropped() {}

    /** Closes {@code item} if it owns a resource; see the class comment for a throwing close. */
    static void item(Object item, Throwable failure, Runtime runtime, String operator) {
        if (!(item instanceof AutoCloseable)) {
            return;
        }
        try {
            ((AutoCloseable) item).close();
        } catch (VirtualMachineError | LinkageError fatal) {
            throw fatal;
        } catch (Throwable broken) {
            if (failure != null && failure != broken) {
                failure.addSuppressed(broken);
            } else if (failure == null) {
                EngineAccess.engineOf(runtime).reportUncaught(broken,
                        "the close() of an item " + operator + " dropped");
            }
        }
    }

    /** {@link #item} for each of {@code items}. */
    static void items(Iterable<?> items, Throwable failure, Runtime runtime, String operator) {
        for (Object item : items) {
            item(item, failure, runtime, operator);
        }
    }
}
