package dev.pollbridge.runtime.internal.bridge;

/**
 * Receives the failures a bridge catches and can no longer signal to anyone (see
 * {@link UncaughtFailures} for which, and where they go).
 */
@FunctionalInterface
public interface FailureSink {

    /**
     * Reports {@code failure}; {@code what} says what happened. Never throws, except that a
     * {@link VirtualMachineError} may be rethrown.
     */
    void report(String what, Throwable failure);

    /**
     * Closes {@code item}, which a bridge drops unread (a prefetched item of a closed stream, an
     * item that arrived after cancel), if it is {@link AutoCloseable}, so a resource it holds is
     * released. A {@code close()} that throws is reported.
     */
    default void discard(Object item) {
        if (item instanceof AutoCloseable) {
            try {
                ((AutoCloseable) item).close();
            } catch (Throwable failure) {
                report("close() of an item that a bridge dropped threw", failure);
            }
        }
    }
}
