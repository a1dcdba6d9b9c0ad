package dev.pollbridge.rxjava3;

import dev.pollbridge.runtime.PollRuntime;
import io.reactivex.rxjava3.core.Scheduler;

/**
 * RxJava 3 as a whole: the runtime as an RxJava {@link Scheduler} ({@link #scheduler}) and the
 * runtime's workers registered with RxJava as threads that must not block
 * ({@link #registerNonBlockingWorkers}). The conversions live in one class per RxJava type, each
 * holding both directions of its type: {@link SingleBridge}, {@link MaybeBridge},
 * {@link CompletableBridge}, {@link FlowableBridge} and {@link ObservableBridge}. They follow one
 * naming scheme (one name means one direction; kotlinx names where the meaning is the same):
 * {@code toPollFuture}/{@code toPollStream} into the pull model, {@code firstItem}... for one item
 * of a stream as a future, {@code await}/{@code awaitFirst}... inside an {@code Async} body,
 * {@code toSingle}... out of it, and the builders {@code rxSingle} and {@code rxFlowable}. See
 * {@code docs/rxjava.md} for the table of conversions with their empty, null, error and
 * cancellation rules.
 *
 * <h2>Threads</h2>
 * RxJava to Pollbridge ({@code toPollFuture}, {@code toPollStream}, {@code firstItem}...): the
 * bridge subscribes on the thread that polls first; RxJava signals on whatever thread its
 * operators use; the future or stream is read by its poller. Pollbridge to RxJava
 * ({@code toSingle}, {@code toMaybe}, {@code toCompletable}, {@code toFlowable},
 * {@code toObservable}, {@code rxSingle}, {@code rxFlowable}): each subscription spawns a task, so
 * the observer's signals arrive on a runtime worker; hop elsewhere with {@code observeOn}.
 *
 * <h2>Errors nobody can take</h2>
 * As in RxJava's own operators, an error that arrives after its consumer disposed (or closed the
 * future or stream), a second terminal signal, and an exception thrown by an observer or
 * subscriber go to {@code RxJavaPlugins.onError}, exactly once: never lost silently, never thrown
 * into a runtime worker. An error that is the cancellation itself (a
 * {@code CancellationException} after a dispose) stays silent. Values and items the bridge has to
 * drop (an overflow strategy, a value that raced a dispose, the value a {@code Completable}
 * ignores) are closed if they are {@link AutoCloseable}.
 */
public final class RxJavaBridge {

    static {
        NonBlockingWorkers.register();
    }

    private RxJavaBridge() {}

    /**
     * Registers the runtime's worker threads with RxJava as threads that must not block
     * ({@code RxJavaPlugins.setOnBeforeBlocking}), so that with
     * {@code RxJavaPlugins.setFailOnNonBlockingScheduler(true)}, {@code blockingGet()} and its kin
     * throw {@link IllegalStateException} on a worker, as they do on
     * {@code Schedulers.computation()}. Done automatically when this class or one of the type
     * bridges ({@link SingleBridge}, ...) is first used. A hook already installed is kept: the
     * registered hook asks it on every other thread. Call this again after installing a hook of
     * your own (RxJava's setter replaces the registered one) or after
     * {@code RxJavaPlugins.reset()}; a second call while the hook is installed does nothing. After
     * {@code RxJavaPlugins.lockdown()} it does nothing. See {@code docs/rxjava.md}.
     */
    public static void registerNonBlockingWorkers() {
        NonBlockingWorkers.register();
    }

    /**
     * A new RxJava {@link Scheduler} whose tasks run as tasks of {@code runtime}, so that
     * {@code observeOn(scheduler)}, {@code subscribeOn(scheduler)} and time operators
     * ({@code interval}, {@code timer}, {@code delay}, {@code timeout} with this scheduler) run on
     * the runtime's workers and timers.
     *
     * <ul>
     *   <li>{@code scheduleDirect(run)} spawns one task; with a delay it waits on the runtime's
     *       timer first (its timing wheel, so a runtime on a {@code VirtualClock} runs it when the
     *       clock gets there); {@code schedulePeriodicallyDirect} runs on the grid of a runtime
     *       interval (1 ms resolution; a run that overruns its period makes the missed ticks be
     *       skipped, where RxJava's own schedulers catch up); a period of zero or less runs back to
     *       back, yielding in between.
     *   <li>{@code createWorker()} gives a worker that runs its tasks one at a time, in order.
     *   <li>The returned {@code Disposable} aborts its task: a task not yet run never runs; a
     *       running one completes (tasks are cancelled between polls).
     *   <li>A runnable that throws goes to {@code RxJavaPlugins.onError}; a periodic one then
     *       stops. Runnables are decorated with {@code RxJavaPlugins.onSchedule}.
     *   <li>{@code shutdown()} disposes all pending tasks and workers and makes later schedule
     *       calls do nothing (they return {@code Disposable.disposed()}) until {@code start()};
     *       it does not close the runtime. A closed runtime makes schedule calls report its
     *       {@code RejectedExecutionException} to {@code RxJavaPlugins.onError}.
     *   <li>{@code now(unit)} is the wall clock on a runtime with the system clock, and the
     *       runtime's clock otherwise.
     * </ul>
     * Runnables run inside a poll on a worker thread: keep them non-blocking and send blocking
     * work to {@code Schedulers.io()}.
     *
     * @param runtime the runtime whose workers and timers run the scheduled tasks
     * @return a new Scheduler on {@code runtime}
     * @throws NullPointerException if {@code runtime} is null
     */
    public static Scheduler scheduler(PollRuntime runtime) {
        return new RuntimeScheduler(runtime);
    }
}
