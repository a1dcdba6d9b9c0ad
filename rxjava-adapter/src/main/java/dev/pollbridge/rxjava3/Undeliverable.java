package dev.pollbridge.rxjava3;

import dev.pollbridge.api.Dropped;
import dev.pollbridge.runtime.bridge.engine.FailureSink;
import io.reactivex.rxjava3.exceptions.Exceptions;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;

/**
 * Where the adapter puts what it cannot hand to anybody: errors go to
 * {@link RxJavaPlugins#onError}, as RxJava's own operators do with an error that arrives after
 * disposal (exactly once; an error that is the cancellation itself stays silent,
 * {@link #reportAfterCancel}); values are released.
 *
 * <p>Both are called from runtime workers, RxJava threads and subscribing threads alike, and
 * never throw: whatever the installed error handler or a value's {@code close()} does, it cannot
 * kill the calling thread (save a {@link VirtualMachineError} from a dropped value's
 * {@code close()}, which {@link Dropped} rethrows). JVM-fatal errors are reported like any other (where the rule of
 * {@code docs/reliability.md} sends them: {@code RxJavaPlugins.onError} wraps them in an
 * {@code UndeliverableException}), except by {@link #reportCaught}, whose caller's thread is not
 * the adapter's.
 */
final class Undeliverable {

    /**
     * The bridge engine's failure sink for the RxJava directions: what no signal can carry goes to
     * {@link #report}, a dropped item is released ({@link #discard}).
     */
    static final FailureSink SINK = (what, failure) -> Undeliverable.report(failure);

    private Undeliverable() {}

    /**
     * Reports {@code error}, raised after its consumer disposed or cancelled, unless it is the
     * cancellation itself (the one policy of {@link FailureSink#reportAfterCancel}).
     */
    static void reportAfterCancel(Throwable error) {
        if (!FailureSink.isCancellation(error)) {
            report(error);
        }
    }

    /**
     * Reports {@code error} to {@link RxJavaPlugins#onError}, which passes it to the handler set with
     * {@code RxJavaPlugins.setErrorHandler} (wrapped in an {@code UndeliverableException} unless it
     * is one of RxJava's "bug" exceptions) or, without a handler, prints it and gives it to the
     * calling thread's uncaught-exception handler. If that fails in turn, the failure is dropped:
     * there is nobody left to tell.
     */
    static void report(Throwable error) {
        try {
            RxJavaPlugins.onError(error);
        } catch (Throwable handlerFailure) {
            // RxJavaPlugins.onError contains its handler itself; nobody is left to tell anyway.
        }
    }

    /**
     * Reports a failure a waker threw into a source's signalling thread, which is RxJava's, not
     * the adapter's: JVM-fatal errors propagate there, as they would from RxJava's own operators
     * ({@link Exceptions#throwIfFatal}); anything else is {@linkplain #report reported}.
     */
    static void reportCaught(Throwable failure) {
        Exceptions.throwIfFatal(failure);
        report(failure);
    }

    /**
     * Releases a value or item the adapter discards instead of delivering it (an item dropped by
     * an overflow strategy, a value that lost a race with {@code dispose()}, the value a
     * {@code Completable} ignores): if it is {@link AutoCloseable} it is closed, so that a value
     * owning a resource (a semaphore permit, a buffer) does not leak ({@link Dropped}). A
     * {@code close()} that throws is {@linkplain #report reported} (a {@link VirtualMachineError}
     * is rethrown, {@link Dropped}'s rule).
     */
    static void discard(Object value) {
        SINK.discard(value);
    }

    /** Closes {@code resource}, reporting a {@code close()} that throws (rule 11: close never throws). */
    static void close(AutoCloseable resource) {
        try {
            SINK.closeCancelling(resource); // a cancelled Async body's late failure: RxJavaPlugins, not the runtime
        } catch (Throwable closeFailure) {
            report(closeFailure); // a fatal one too: close never throws
        }
    }
}
