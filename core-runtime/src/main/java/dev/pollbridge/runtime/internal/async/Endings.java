package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.Dropped;
import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.internal.task.UnwindScope;
import dev.pollbridge.runtime.internal.task.UnwindScopes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BiConsumer;

/**
 * Where what nobody will read goes (rules A5 and A6): the failures of a cancelled body's cleanup,
 * a value it returned anyway, a result that reached its owner's poll after the owner's task was
 * aborted. A value is dropped ({@link Dropped}: closed if it is {@link AutoCloseable}); a
 * failure that is not the cancellation itself goes to the closer's sink
 * ({@link UnwindScopes#closeReporting}, an adapter's hook) if it named one, else to the unwind
 * scope (a task attaches it to the cancellation its joiner sees, or reports it), else to the
 * log. Never throws.
 */
final class Endings {

    private static final System.Logger LOGGER = System.getLogger("dev.pollbridge.runtime.Async");

    private Endings() {}

    /**
     * What a cancelled body's end leaves to report: the suppressed exceptions of its
     * cancellation, or whatever else it failed with; a value it returned anyway is dropped
     * ({@link #drop}), and a failing close of it is kept.
     */
    static List<Throwable> cleanupFailures(Poll<?> result, List<Throwable> extra) {
        List<Throwable> failures = new ArrayList<>(extra);
        if (result.isFailed()) {
            Throwable error = result.error();
            if (error instanceof CancellationException) {
                failures.addAll(Arrays.asList(error.getSuppressed()));
            } else {
                failures.add(error);
            }
        } else {
            Dropped.closeValueOf(result, "a value returned by a cancelled body", (source, failure) -> failures.add(failure));
        }
        return failures;
    }

    /**
     * A result nobody will read (an abort raced a child's completion, rule A6): a value is
     * closed if it is {@link AutoCloseable}, a failure that is not the cancellation itself is
     * reported to {@code scope} (or the log). Never throws.
     */
    static void drop(Poll<?> result, String source, UnwindScope scope) {
        if (result.isFailed()) {
            Throwable error = result.error();
            if (!(error instanceof CancellationException) || error.getSuppressed().length > 0) {
                report(error, source, scope);
            }
        } else {
            Dropped.closeValueOf(result, source, (what, failure) -> report(failure, what, scope));
        }
    }

    /**
     * Reports the cleanup failures of a body that ended while the thread was closing it: to the
     * sink of that close, or as an unwind of the current scope that ended at once, or to the log.
     */
    static void reportCancelled(List<Throwable> failures, String body) {
        if (failures.isEmpty()) {
            return;
        }
        BiConsumer<String, Throwable> sink = UnwindScopes.cancelSink();
        if (sink != null) {
            toSink(sink, failures, body);
            return;
        }
        UnwindScope scope = UnwindScopes.current();
        if (scope != null) {
            scope.register(body).ended(failures); // a task keeps them for its joiner, or reports them
            return;
        }
        for (Throwable failure : failures) {
            log(failure, "the cleanup of " + body + ", cancelled");
        }
    }

    /** Hands each failure to an adapter's sink; a sink that throws is logged. */
    static void toSink(BiConsumer<String, Throwable> sink, List<Throwable> failures, String body) {
        for (Throwable failure : failures) {
            try {
                sink.accept("the cleanup of " + body + ", cancelled", failure);
            } catch (Throwable broken) {
                log(broken, "the failure sink of a close");
            }
        }
    }

    /** To {@code scope}'s uncaught-failure path, or the log without one. */
    static void report(Throwable failure, String source, UnwindScope scope) {
        if (scope != null) {
            scope.reportUncaught(failure, source);
        } else {
            log(failure, source);
        }
    }

    private static void log(Throwable failure, String source) {
        try {
            LOGGER.log(System.Logger.Level.ERROR, source + " threw, and its owner runs in no runtime", failure);
        } catch (Throwable loggerFailure) {
            // Nowhere left to report.
        }
    }
}
