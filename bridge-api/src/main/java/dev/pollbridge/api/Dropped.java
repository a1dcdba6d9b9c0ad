package dev.pollbridge.api;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Objects;
import java.util.Set;

/**
 * Rule 11 for values: a value that nobody will read is <em>dropped</em>, and a dropped value that
 * owns a resource (an {@link AutoCloseable}: a semaphore permit, a connection, a buffer) is
 * closed, as Rust drops it. Every producer in Pollbridge drops through this class, so the rule
 * is kept in one place; a producer of your own should too.
 *
 * <h2>When a value is dropped</h2>
 * A producer holds a value its reader has not taken yet: a promise completed before its reader
 * polled, the result of a finished {@code spawnBlocking} job, an item in a channel, the values a
 * {@code join} collected, a task's output. The value is dropped when it can no longer be read:
 * its reader is closed unread (before or after a poll), the value arrives after the reader was
 * closed, or the producer discards it (a failed {@code join}, a detached task). A value that was
 * handed out is its reader's and is never closed by the producer; a producer that only forwards
 * its child's value (a {@code map}, a timeout) drops nothing, its child does.
 *
 * <h2>Exactly once</h2>
 * A reader's {@code close()} often races the producer's completion. The producer decides in one
 * atomic step who drops (a CAS on its state word: the reader's close and the completion both try
 * to move it, and the loser of the race drops), so the value is closed exactly once; this class
 * only closes what it is given. {@link #closeAll} closes each instance once, even if it was
 * collected twice.
 *
 * <h2>Where a throwing {@code close()} goes</h2>
 * A {@code close()} is the value's code, and it must not throw (rule 11); if it does, the
 * failure is contained and handed to the {@link Sink} the producer names: the failure the
 * producer returns at the same time ({@link #suppressedBy}), the runtime's uncaught-failure
 * handler, an adapter's hook ({@code Hooks.onErrorDropped}, {@code RxJavaPlugins.onError}), or
 * {@link #LOG}. Nothing else escapes, except a {@link VirtualMachineError}, which is rethrown:
 * the JVM is in no state to go on. The close runs on the calling thread; call it outside locks.
 *
 * <pre>{@code
 * // In a producer's close(), after its CAS found a value the reader never took:
 * Dropped.close(value, "the value of a Promise whose reader was closed unread", failures);
 * }</pre>
 */
public final class Dropped {

    /** Where a dropped value's throwing {@code close()} is reported. */
    @FunctionalInterface
    public interface Sink {

        /**
         * Takes a failure nobody else will receive. Should not throw; if it does, the failure is
         * dropped (only a {@link VirtualMachineError} passes).
         *
         * @param source where the failure came from, for a log line ("the close() of the value
         *     of a Promise whose reader was closed unread")
         * @param failure what it threw
         */
        void report(String source, Throwable failure);
    }

    private static final System.Logger LOGGER = System.getLogger(Dropped.class.getName());

    /**
     * Logs through {@link System.Logger} at {@code WARNING}: the sink of code that belongs to no
     * runtime and returns no failure.
     */
    public static final Sink LOG = (source, failure) ->
            LOGGER.log(System.Logger.Level.WARNING, source + " threw", failure);

    private Dropped() {}

    /**
     * Drops {@code value}: closes it if it is an {@link AutoCloseable}; anything else (including
     * {@code null}) is just let go.
     *
     * @param value the value nobody will read
     * @param what names the value in a report ("the value of a Promise whose reader was closed")
     * @param failures where a throwing {@code close()} goes
     */
    public static void close(Object value, String what, Sink failures) {
        if (value instanceof AutoCloseable) {
            closeOne((AutoCloseable) value, what, failures);
        }
    }

    /**
     * Drops the value of {@code outcome} if it is {@code ready} (see {@link #close}); a failure or
     * a pending poll holds nothing to close.
     *
     * @param outcome an outcome nobody will read
     * @param what names the value in a report
     * @param failures where a throwing {@code close()} goes
     */
    public static void closeValueOf(Poll<?> outcome, String what, Sink failures) {
        if (outcome != null && outcome.isReady()) {
            close(outcome.value(), what, failures);
        }
    }

    /**
     * Drops every element of {@code values} and clears its slot; each {@link AutoCloseable}
     * instance is closed once, however many slots hold it. A throwing {@code close()} does not
     * stop the others.
     *
     * @param values the values nobody will read; their slots are set to {@code null}
     * @param what names the values in a report
     * @param failures where a throwing {@code close()} goes
     */
    public static void closeAll(Object[] values, String what, Sink failures) {
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
            if (closed.add(value)) {
                closeOne((AutoCloseable) value, what, failures);
            }
        }
    }

    /**
     * The sink of a producer that drops values while it returns {@code failure} (a {@code join}
     * that failed): a throwing {@code close()} is added to it as suppressed.
     *
     * @param failure the failure the producer returns along with the drop
     * @return a sink that adds to {@code failure}
     */
    public static Sink suppressedBy(Throwable failure) {
        Objects.requireNonNull(failure, "failure");
        return (source, broken) -> {
            if (broken != failure) {
                failure.addSuppressed(broken);
            }
        };
    }

    /**
     * {@link #suppressedBy} {@code failure}, or {@link #LOG} if there is none: for an operator that
     * drops what it holds both when it fails and when it is closed.
     */
    static Sink suppressedByOrLogged(Throwable failure) {
        return failure == null ? LOG : suppressedBy(failure);
    }

    private static void closeOne(AutoCloseable value, String what, Sink failures) {
        try {
            value.close();
        } catch (Throwable broken) {
            if (broken instanceof VirtualMachineError) {
                throw (VirtualMachineError) broken;
            }
            try {
                failures.report("the close() of " + what, broken);
            } catch (Throwable sinkFailure) {
                if (sinkFailure instanceof VirtualMachineError) {
                    throw (VirtualMachineError) sinkFailure;
                }
                // A sink that throws (a broken logging backend): nobody is left to tell.
            }
        }
    }
}
