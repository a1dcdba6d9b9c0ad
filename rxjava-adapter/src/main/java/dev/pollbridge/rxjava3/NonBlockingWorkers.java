package dev.pollbridge.rxjava3;

import dev.pollbridge.runtime.PollRuntime;
import io.reactivex.rxjava3.functions.BooleanSupplier;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;

/**
 * Registers Pollbridge's runtime workers with RxJava as threads that must not block
 * ({@link RxJavaPlugins#setOnBeforeBlocking}), so that with
 * {@code RxJavaPlugins.setFailOnNonBlockingScheduler(true)} RxJava's own guard fires on a worker
 * as it does on {@code Schedulers.computation()}: {@code blockingGet()}, {@code blockingFirst()},
 * {@code blockingAwait()} and their kin throw {@link IllegalStateException} ("Attempt to block on
 * a Scheduler pollbridge-shared-worker-1 that doesn't support blocking operators ...") instead of
 * parking the worker and every task queued behind it (rule 4: a poll never blocks). Without
 * {@code setFailOnNonBlockingScheduler(true)} RxJava asks nothing, as on its own schedulers. The
 * Reactor adapter registers the same threads with Reactor.
 *
 * <h2>When it is registered</h2>
 * Automatically, once per class loader, when one of the public classes ({@link RxJavaBridge},
 * {@link SingleBridge}, {@link MaybeBridge}, {@link CompletableBridge}, {@link FlowableBridge},
 * {@link ObservableBridge}) is initialized (the first use of any conversion or of the
 * runtime-backed {@code Scheduler}), and again on every call of
 * {@link RxJavaBridge#registerNonBlockingWorkers()}.
 *
 * <h2>A hook the user installed</h2>
 * RxJava has one {@code onBeforeBlocking} hook. The registration keeps the one that is installed:
 * the new hook answers true on a runtime worker and asks the previous hook everywhere else (it
 * wraps it). A registration finds this class's hook already installed and does nothing, so
 * registering twice wraps nothing twice. A hook the user installs <em>after</em> the registration
 * replaces it (RxJava's setter replaces); calling {@code registerNonBlockingWorkers()} again then
 * wraps the user's hook in turn. {@code RxJavaPlugins.reset()} removes it, and after
 * {@code RxJavaPlugins.lockdown()} nothing can be registered any more (the call does nothing).
 * Registrations are serialized on this class; RxJava keeps the hook in a volatile field.
 */
final class NonBlockingWorkers {

    private NonBlockingWorkers() {}

    /** Installs {@link WorkerHook} around the installed hook, unless it is installed already or plugins are locked down. */
    static synchronized void register() {
        BooleanSupplier installed = RxJavaPlugins.getOnBeforeBlocking();
        if (installed instanceof WorkerHook || RxJavaPlugins.isLockdown()) {
            return;
        }
        try {
            RxJavaPlugins.setOnBeforeBlocking(new WorkerHook(installed));
        } catch (IllegalStateException lockedDown) {
            // Locked down between the check and the call: RxJava's plugins can no longer change.
        }
    }

    /** True on a runtime worker; elsewhere, the answer of the hook it replaced (false if none). */
    static final class WorkerHook implements BooleanSupplier {
        /** The hook installed before this one, or null. */
        private final BooleanSupplier previous;

        WorkerHook(BooleanSupplier previous) {
            this.previous = previous;
        }

        @Override
        public boolean getAsBoolean() throws Throwable {
            return PollRuntime.isWorkerThread(Thread.currentThread()) || (previous != null && previous.getAsBoolean());
        }
    }
}
