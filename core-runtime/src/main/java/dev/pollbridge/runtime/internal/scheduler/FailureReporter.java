package dev.pollbridge.runtime.internal.scheduler;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Hands failures that nobody else will receive to the runtime's uncaught-failure handler, and
 * never throws: this is the last stop of every contained call into user code on a runtime
 * thread (a waker, a {@code close()}, a logging backend). If the handler itself throws, both
 * throwables are logged through {@link System.Logger}; if logging throws too, they are printed
 * to {@code System.err}, as the JDK does for a thread's uncaught exception. Stateless apart from
 * the handler; any thread.
 */
public final class FailureReporter {

    /**
     * The logger of the runtime's own reports: the public runtime's class name, written out so
     * the engine does not import the facade it sits under.
     */
    static final String LOGGER_NAME = "dev.pollbridge.runtime.PollRuntime";

    private static final System.Logger LOGGER = System.getLogger(LOGGER_NAME);

    private final Consumer<Throwable> handler;

    /** A reporter that hands failures to {@code handler}. */
    public FailureReporter(Consumer<Throwable> handler) {
        this.handler = Objects.requireNonNull(handler, "handler");
    }

    /**
     * Hands {@code failure} to the handler. {@code source} says where it came from (for the
     * fallback log line only: the handler gets the failure unchanged), such as
     * {@code "a waker called by the timer thread"}.
     */
    public void report(Throwable failure, String source) {
        try {
            handler.accept(failure);
        } catch (Throwable handlerFailure) {
            log(System.Logger.Level.ERROR, "the uncaught-failure handler threw while handling a failure of "
                    + source + " (the failure is attached as suppressed)", withSuppressed(handlerFailure, failure));
        }
    }

    /**
     * Logs {@code message} with {@code thrown} (may be null), never throwing: a logging backend
     * that throws is the last thing a runtime thread calls, so its failure goes to
     * {@code System.err}.
     */
    static void log(System.Logger.Level level, String message, Throwable thrown) {
        try {
            if (thrown == null) {
                LOGGER.log(level, message);
            } else {
                LOGGER.log(level, message, thrown);
            }
        } catch (Throwable loggerFailure) {
            try {
                System.err.println("Pollbridge: " + message + " (the logging backend threw: " + loggerFailure + ")");
                if (thrown != null) {
                    thrown.printStackTrace();
                }
            } catch (Throwable ignored) {
                // Nowhere left to report: dropping it is all a runtime thread can do and live.
            }
        }
    }

    private static Throwable withSuppressed(Throwable first, Throwable second) {
        if (first != second) {
            try {
                first.addSuppressed(second);
            } catch (Throwable ignored) {
                // addSuppressed is disabled for this throwable or it refused: log the first alone
            }
        }
        return first;
    }
}
