package dev.pollbridge.reactor;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.PollRuntime;
import java.util.Objects;
import reactor.core.scheduler.Scheduler;
import reactor.util.context.ContextView;

/**
 * What is about Reactor as a whole: the Reactor {@link ContextView} across the bridge
 * ({@link #currentContext()}, {@link #withContext}), a Reactor {@link Scheduler} on a runtime
 * ({@link #scheduler}) and the registration of the runtime's workers as non-blocking threads
 * ({@link #registerNonBlockingWorkers()}). The conversions are in {@link MonoBridge} ({@code Mono}
 * and {@code PollFuture}) and {@link FluxBridge} ({@code Flux}/{@code Publisher} and
 * {@code PollStream}). See {@code docs/reactor.md} for the naming scheme and the table of
 * conversions, their cancellation and their empty and error rules.
 *
 * <h2>Context</h2>
 * A task started by {@link MonoBridge#toMono} or {@link FluxBridge#toFlux} sees the subscriber's
 * Reactor context through {@link #currentContext()}, and every {@code Mono} or {@code Flux} that
 * task awaits through {@link MonoBridge#toPollFuture}/{@link FluxBridge#toPollStream} (and the
 * one-item futures and awaits {@link FluxBridge#firstItem}, {@link FluxBridge#awaitFirst} ...)
 * is subscribed with that context, so it survives a round trip Reactor &rarr; runtime &rarr;
 * Reactor. Tasks spawned inside inherit it. Outside such a task,
 * {@link #withContext(ContextView, PollFuture)} gives a context to a future or stream.
 *
 * <h2>Errors nobody can take</h2>
 * An error that arrives after its subscriber cancelled (or after its future or stream was
 * closed), a {@code close()} or {@code cancel()} that threw and a subscriber that threw go to
 * {@code Hooks.onErrorDropped} with the subscriber's context, exactly once; an error that is the
 * cancellation itself (a {@code CancellationException}) stays silent.
 *
 * <h2>Blocking on a worker</h2>
 * Loading this class, {@link MonoBridge} or {@link FluxBridge} registers the runtime's worker
 * threads with Reactor as non-blocking threads (once per class loader; see
 * {@link #registerNonBlockingWorkers()}): {@code Mono.block()} inside a task throws
 * {@link IllegalStateException} instead of blocking the worker (rule 4). Await the Mono instead
 * ({@link MonoBridge#toPollFuture}, or {@link MonoBridge#await} inside an {@code Async} body).
 */
public final class ReactorBridge {

    static {
        NonBlockingWorkers.registerOnce();
    }

    private ReactorBridge() {}

    /**
     * Registers the runtime's worker threads with Reactor as non-blocking threads, so that
     * {@code Mono.block()} and its kin throw {@link IllegalStateException} on a worker, as they do
     * on {@code Schedulers.parallel()}. Done automatically, once, when this class, {@link MonoBridge} or
     * {@link FluxBridge} is first used; call it at startup if tasks call {@code block()} before
     * anything touches them, or after {@code Schedulers.resetNonBlockingThreadPredicate()} (which removes it). Each call
     * adds the predicate once more; call it once. See {@code docs/integrations.md}.
     */
    public static void registerNonBlockingWorkers() {
        NonBlockingWorkers.register();
    }

    // ---- Context ---------------------------------------------------------------------------------

    /**
     * The Reactor context in force: that of the subscriber whose subscription started the task
     * running this code ({@link MonoBridge#toMono}, {@link FluxBridge#toFlux}, {@link MonoBridge#mono},
     * {@link FluxBridge#flux}), or the one given by {@link #withContext}, as seen during that task's polls, in {@code Async}
     * bodies polled from it and in tasks spawned from it (they inherit it);
     * {@link reactor.util.context.Context#empty()} elsewhere (plain threads, tasks spawned by
     * other means, subscribers without context). Any thread; never blocks.
     *
     * @return the subscriber's context, or an empty context
     */
    public static ContextView currentContext() {
        return ReactorContextLocal.current();
    }

    /**
     * {@code future}, polled (and closed) with {@code context} as the Reactor context: during
     * its polls {@link #currentContext()} is {@code context}, every {@code Mono} or {@code Flux}
     * it awaits through the bridge is subscribed with it, and tasks it spawns inherit it. This is
     * how code outside a bridged task (a {@code PollRuntime.blockOn}, a {@code main} method, a task
     * spawned by other means) gives a Reactor context to what it awaits, kotlinx's
     * {@code withContext(ReactorContext(ctx)) { ... }}. The context replaces the one in force
     * (an empty context hides it); to add to it, pass {@code Context.of(currentContext()).putAll(...)}.
     *
     * <p><b>Cancel safety:</b> as cancel-safe as {@code future}; closing the result closes it.
     *
     * @param <T> the value type
     * @param context the Reactor context in force while {@code future} is polled
     * @param future the future to run with it; the returned future owns it
     * @return a future of {@code future}'s outcome
     * @throws NullPointerException if an argument is null
     */
    public static <T> PollFuture<T> withContext(ContextView context, PollFuture<T> future) {
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(future, "future");
        return ReactorContextLocal.bind(context, future);
    }

    /**
     * {@code stream}, polled (and closed) with {@code context} as the Reactor context: the stream
     * form of {@link #withContext(ContextView, PollFuture)}, kotlinx's {@code flowOn(ReactorContext(ctx))}.
     *
     * <p><b>Cancel safety:</b> as cancel-safe as {@code stream}.
     *
     * @param <T> the item type
     * @param context the Reactor context in force while {@code stream} is polled
     * @param stream the stream to run with it; the returned stream owns it
     * @return a stream of {@code stream}'s items
     * @throws NullPointerException if an argument is null
     */
    public static <T> PollStream<T> withContext(ContextView context, PollStream<T> stream) {
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(stream, "stream");
        return ReactorContextLocal.bindStream(context, stream);
    }

    // ---- Scheduler -------------------------------------------------------------------------------

    /**
     * A new Reactor {@link Scheduler} whose tasks run as tasks of {@code runtime}, so that
     * {@code publishOn(scheduler)}, {@code subscribeOn(scheduler)} and time operators
     * ({@code delayElements(d, scheduler)}, {@code timeout(d, scheduler)}) run on the runtime's
     * workers.
     *
     * <ul>
     *   <li>{@code schedule(task)} spawns one task; {@code schedule(task, delay, unit)} waits with
     *       the runtime's timer first; {@code schedulePeriodically} runs on the grid of a
     *       runtime interval (1 ms resolution; a run that overruns makes missed ticks be
     *       skipped; a period of zero or less runs back to back, yielding in between). A
     *       runnable that throws goes, as on Reactor's own schedulers, to the runtime's
     *       uncaught-failure handler (where Reactor uses the thread's uncaught-exception handler)
     *       and then to the {@code Schedulers.onHandleError} hook, once each; a periodic one then
     *       stops.
     *   <li>{@code createWorker()} gives a worker that runs its tasks one at a time, in order.
     *   <li>The returned {@code Disposable} aborts its task: a task not yet run never runs; a
     *       running one completes (tasks are cancelled between polls).
     *   <li>{@code dispose()} disposes all pending tasks and workers; afterwards
     *       {@code schedule} and {@code createWorker} throw {@code RejectedExecutionException}.
     *       It does not close the runtime.
     * </ul>
     * Runnables run on worker threads inside a poll: keep them non-blocking (use
     * {@code Schedulers.boundedElastic()} for blocking calls). Tasks are decorated with
     * {@code Schedulers.onSchedule}, so {@code Schedulers.onScheduleHook} decorators apply.
     *
     * @param runtime the runtime whose workers run the scheduled tasks
     * @return a new scheduler; dispose it when done (the runtime stays open)
     * @throws NullPointerException if {@code runtime} is null
     */
    public static Scheduler scheduler(PollRuntime runtime) {
        return new RuntimeScheduler(runtime);
    }
}
