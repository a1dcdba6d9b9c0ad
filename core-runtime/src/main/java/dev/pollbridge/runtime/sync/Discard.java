package dev.pollbridge.runtime.sync;

import dev.pollbridge.runtime.Runtime;
import dev.pollbridge.runtime.internal.scheduler.EngineAccess;
import java.util.Optional;

/**
 * Drops a value nobody will take, as the runtime drops a detached task's value (rule T8): one that
 * owns a resource ({@link AutoCloseable}) is closed. The close is user code, so it is contained: a
 * throwable goes to the uncaught-failure handler of the runtime whose thread runs this, or, on any
 * other thread, to {@link System.Logger} at {@code WARNING}. Never throws.
 */
final class Discard {

    private static final System.Logger LOGGER = System.getLogger(Channel.class.getName());

    private Discard() {}

    /** Closes {@code value} if it is an {@link AutoCloseable}; {@code what} names it in a report. */
    static void close(Object value, String what) {
        if (!(value instanceof AutoCloseable)) {
            return;
        }
        try {
            ((AutoCloseable) value).close();
        } catch (Throwable broken) {
            report(broken, "the close() of " + what);
        }
    }

    /** Reports {@code failure} where a runtime thread would (see the class comment). Never throws. */
    static void report(Throwable failure, String source) {
        try {
            Optional<Runtime> runtime = Runtime.current();
            if (runtime.isPresent()) {
                EngineAccess.engineOf(runtime.get()).reportUncaught(failure, source);
            } else {
                LOGGER.log(System.Logger.Level.WARNING, source + " threw", failure);
            }
        } catch (Throwable ignored) {
            // The logging backend threw too: dropping the report is all that is left.
        }
    }
}
