package dev.pollbridge.runtime.internal.async;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.async.AsyncBody;
import dev.pollbridge.runtime.async.AsyncMode;
import dev.pollbridge.runtime.async.AsyncStreamBody;
import java.util.Locale;

/**
 * Chooses, once per JVM, how {@code Async} bodies run (rule A1), and makes their futures and
 * streams.
 *
 * <ul>
 *   <li>{@link AsyncMode#CONTINUATION} where {@link Continuations} are available (Java 21+ with
 *       {@code jdk.internal.vm} exported to this module), unless {@value #MODE_PROPERTY} is
 *       {@code threads};
 *   <li>otherwise thread mode: {@link AsyncMode#VIRTUAL_THREAD} where the JDK has virtual
 *       threads and {@value BodyLaunchers#VIRTUAL_PROPERTY} is not {@code false}, else
 *       {@link AsyncMode#PLATFORM_THREAD} (the bounded pool of {@link BodyLaunchers}).
 * </ul>
 * On Java 21+ without the export, the choice is logged once at {@code INFO} with the exact flag
 * that enables continuation mode.
 */
public final class AsyncEngine {

    /** {@code threads} forces thread mode; {@code continuations} (the default) uses continuations where available. */
    public static final String MODE_PROPERTY = "dev.pollbridge.async.mode";

    private static final System.Logger LOGGER = System.getLogger("dev.pollbridge.runtime.Async");

    private AsyncEngine() {}

    /** The mode every {@code Async} body of this JVM uses. */
    public static AsyncMode mode() {
        return Holder.MODE;
    }

    /** A lazy future of {@code body} in the mode in force. */
    public static <T> PollFuture<T> future(AsyncBody<T> body) {
        return Holder.MODE == AsyncMode.CONTINUATION
                ? new ContinuationFuture<>(body)
                : new ThreadFuture<>(body, BodyLaunchers.defaultLauncher());
    }

    /** A lazy stream of {@code body} in the mode in force. */
    public static <T> PollStream<T> stream(AsyncStreamBody<T> body) {
        return Holder.MODE == AsyncMode.CONTINUATION
                ? new ContinuationStream<>(body)
                : new ThreadStream<>(body, BodyLaunchers.defaultLauncher());
    }

    /** Continuation mode regardless of the mode in force (tests of both modes in one JVM); throws if unavailable. */
    public static <T> PollFuture<T> continuationFuture(AsyncBody<T> body) {
        requireContinuations();
        return new ContinuationFuture<>(body);
    }

    /** Thread mode on {@code launcher} (tests use small pools). */
    public static <T> PollFuture<T> threadFuture(AsyncBody<T> body, BodyLauncher launcher) {
        return new ThreadFuture<>(body, launcher);
    }

    /** Thread mode on {@code launcher}. */
    public static <T> PollStream<T> threadStream(AsyncStreamBody<T> body, BodyLauncher launcher) {
        return new ThreadStream<>(body, launcher);
    }

    /** Null if continuation mode could run here, else why not. */
    public static String continuationsUnavailable() {
        return Continuations.UNAVAILABLE;
    }

    /** The JVM option that enables continuation mode for this module (module path or class path). */
    public static String enablingFlag() {
        return "--add-exports java.base/jdk.internal.vm=" + Continuations.moduleName();
    }

    private static void requireContinuations() {
        if (!Continuations.available()) {
            throw new UnsupportedOperationException("continuation mode is not available: " + Continuations.UNAVAILABLE);
        }
    }

    /** Lazy holder: detection runs on first use, once. */
    private static final class Holder {
        static final AsyncMode MODE = detect();
    }

    private static AsyncMode detect() {
        String requested = System.getProperty(MODE_PROPERTY, "continuations").trim().toLowerCase(Locale.ROOT);
        if (!requested.equals("threads") && !requested.equals("continuations")) {
            throw new IllegalArgumentException(MODE_PROPERTY + " must be 'continuations' or 'threads': " + requested);
        }
        if (requested.equals("continuations")) {
            if (Continuations.available()) {
                return AsyncMode.CONTINUATION;
            }
            if (java.lang.Runtime.version().feature() >= 21) {
                log("Async bodies run on threads (" + Continuations.UNAVAILABLE + "). Start the JVM with "
                        + enablingFlag() + " to run them as continuations inside their owner's poll (docs/async.md#modes);"
                        + " -D" + MODE_PROPERTY + "=threads keeps thread mode without this message.");
            }
        }
        return BodyLaunchers.defaultLauncher().virtual() ? AsyncMode.VIRTUAL_THREAD : AsyncMode.PLATFORM_THREAD;
    }

    private static void log(String message) {
        try {
            LOGGER.log(System.Logger.Level.INFO, message);
        } catch (Throwable broken) {
            // A logging backend that throws must not break the first Async body.
        }
    }
}
