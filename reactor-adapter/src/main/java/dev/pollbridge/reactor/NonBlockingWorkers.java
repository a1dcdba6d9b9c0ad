package dev.pollbridge.reactor;

import dev.pollbridge.runtime.PollRuntime;
import java.util.function.Predicate;
import reactor.core.scheduler.Schedulers;

/**
 * Registers Pollbridge's runtime workers with Reactor as non-blocking threads
 * ({@link Schedulers#registerNonBlockingThreadPredicate}), so that Reactor's own guard fires on a
 * worker as it does on {@code Schedulers.parallel()}: {@code block()}, {@code blockFirst()},
 * {@code blockLast()}, {@code toIterable()} and {@code toStream()} throw
 * {@link IllegalStateException} ("... are blocking, which is not supported in thread
 * pollbridge-shared-worker-1") instead of parking the worker and every task queued behind it
 * (rule 4: a poll never blocks).
 *
 * <h2>When it is registered</h2>
 * Automatically, once per class loader, when {@link ReactorBridge}, {@link MonoBridge} or
 * {@link FluxBridge} is first initialized (the first use of any conversion or of the
 * runtime-backed {@code Scheduler}); and again on every call of
 * {@link ReactorBridge#registerNonBlockingWorkers()}. Automatic, because that is what a Reactor
 * user already relies on: Reactor's {@code parallel()} and {@code single()} threads and Reactor
 * Netty's event loops are non-blocking by their class, with nothing to switch on, and a runtime
 * worker is the same kind of thread. The explicit call is for a program that calls
 * {@code block()} inside tasks without touching a bridge class first, and for tests that
 * call {@link Schedulers#resetNonBlockingThreadPredicate()}, which removes every registered
 * predicate, this one included.
 *
 * <p>Reactor keeps the predicates in one field it replaces without a lock, so a registration
 * racing another library's may be lost: the registration here is serialized on this class, and
 * a program that registers predicates from several threads at startup should call
 * {@code registerNonBlockingWorkers()} after them.
 */
final class NonBlockingWorkers {

    /** Reactor asks it on every {@code block()}: a class check, or a set lookup for factory-made threads. */
    static final Predicate<Thread> IS_WORKER = PollRuntime::isWorkerThread;

    private NonBlockingWorkers() {}

    /**
     * Registers {@link #IS_WORKER} the first time any of the bridge classes ({@link ReactorBridge},
     * {@link MonoBridge}, {@link FluxBridge}) is initialized, and never again: the class
     * initialization of {@link Automatic} runs once per class loader.
     */
    static void registerOnce() {
        Automatic.done();
    }

    private static final class Automatic {
        static {
            register();
        }

        static void done() {}
    }

    /** Adds {@link #IS_WORKER} to Reactor's non-blocking predicates (another copy if it is there). */
    static synchronized void register() {
        Schedulers.registerNonBlockingThreadPredicate(IS_WORKER);
    }
}
