package dev.pollbridge.reactor;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.SharedFuture;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.async.AsyncBody;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.engine.InBody;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

/**
 * {@link Mono} and {@link PollFuture} both ways: a Mono as a future ({@link #toPollFuture}), awaited
 * inside an {@code Async} body ({@link #await}), a future as a Mono ({@link #toMono}) and an
 * {@code Async} body as a Mono ({@link #mono}, kotlinx's {@code mono { }}). Streams and
 * {@code Flux} are in {@link FluxBridge}; the Reactor context, the scheduler and the
 * non-blocking-thread registration in {@link ReactorBridge}. See {@code docs/reactor.md} for the
 * naming scheme and the table of conversions, their cancellation and their empty and error rules.
 *
 * <h2>Threads</h2>
 * Mono to future ({@link #toPollFuture}): the bridge subscribes on the thread that polls first;
 * Reactor signals on whatever thread its operators use; the future is read by its poller. Future
 * to Mono ({@link #toMono}, {@link #mono}): each subscription spawns a task, so the subscriber's
 * signals arrive on a runtime worker; hop elsewhere with {@code publishOn}. A Mono awaited from
 * a bridged task is subscribed with that task's Reactor context
 * ({@link ReactorBridge#currentContext()}).
 */
public final class MonoBridge {

    static {
        NonBlockingWorkers.registerOnce();
    }

    private MonoBridge() {}

    // ---- Mono -> PollFuture ------------------------------------------------------------------

    /**
     * {@code mono} as a future. Nothing happens until the first poll, which subscribes on the
     * polling thread with the current task's Reactor context ({@link ReactorBridge#currentContext()}) and
     * requests the value. The future is ready with the value once the Mono completes,
     * ready with {@code null} if it completes empty, and failed with the Mono's own exception
     * instance (unwrapped) if it errors.
     *
     * <p><b>Cancellation:</b> closing the future before the Mono terminated cancels the
     * subscription, exactly once; closing before the first poll never subscribes; closing after
     * the end cancels nothing. Not cancel-safe: a value the Mono already produced is lost with
     * the future.
     *
     * <p><b>A broken source:</b> {@code onNext(null)}, {@code onError(null)}, a second value, a
     * {@code request} that throws and the same subscription signalled twice fail the future with
     * an exception naming the broken rule, and cancel the subscription; a {@code cancel} that
     * throws goes to {@code Hooks.onErrorDropped} ({@code close()} never throws). A Mono that
     * never calls {@code onSubscribe} leaves the future pending: bound it with a timeout.
     *
     * @param <T> the value type
     * @param mono the Mono to subscribe to on the first poll
     * @return a lazy future of the Mono's value, or of {@code null} if it completes empty
     * @throws NullPointerException if {@code mono} is null
     */
    public static <T> PollFuture<T> toPollFuture(Mono<? extends T> mono) {
        return new FutureFromMono<>(mono);
    }

    /**
     * Like {@link #toPollFuture}, but the value is wrapped: {@code Optional.of(value)}, or
     * {@code Optional.empty()} for an empty Mono. Same cancellation.
     *
     * @param <T> the value type
     * @param mono the Mono to subscribe to on the first poll
     * @return a lazy future of the Mono's value, if any
     * @throws NullPointerException if {@code mono} is null
     */
    public static <T> PollFuture<Optional<T>> toOptionalPollFuture(Mono<? extends T> mono) {
        return new FutureFromMono<T>(mono).map(Optional::ofNullable);
    }

    /**
     * {@code mono} as a future subscribed with {@code context} as its Reactor context, whatever
     * task polls it: for code outside a bridged task (a {@code PollRuntime.blockOn}, a task spawned
     * by other means), the analogue of kotlinx's {@code withContext(ReactorContext(ctx))} around
     * an {@code awaitSingle()}. Same as {@code ReactorBridge.withContext(context, toPollFuture(mono))}: the context
     * replaces the task's own for this future (merge them yourself with
     * {@code currentContext()} and {@code Context.putAll} if you want both).
     *
     * @param <T> the value type
     * @param mono the Mono to subscribe to on the first poll
     * @param context the subscriber context the Mono sees
     * @return a lazy future of the Mono's value, or of {@code null} if it completes empty
     * @throws NullPointerException if an argument is null
     */
    public static <T> PollFuture<T> toPollFuture(Mono<? extends T> mono, ContextView context) {
        Objects.requireNonNull(context, "context");
        return ReactorBridge.withContext(context, toPollFuture(mono));
    }


    // ---- PollFuture -> Mono --------------------------------------------------------------------

    /**
     * {@link #toMono(Supplier, PollRuntime)} on {@link PollRuntime#shared()}.
     *
     * @param <T> the value type
     * @param futureFactory builds one future per subscription, on the subscribing thread
     * @return a cold Mono of each future's value
     */
    public static <T> Mono<T> toMono(Supplier<? extends PollFuture<? extends T>> futureFactory) {
        return toMono(futureFactory, PollRuntime.shared());
    }

    /**
     * A cold Mono whose every subscription calls {@code futureFactory} (on the subscribing
     * thread) and spawns the new future as a task on {@code runtime}. The Mono emits the
     * future's value, completes empty for a {@code null} value, and errors with the future's own
     * failure. The task sees the subscriber's Reactor context ({@link ReactorBridge#currentContext()}).
     * Signals arrive on a runtime worker.
     *
     * <p><b>Cancellation:</b> {@code Subscription.cancel()} aborts the task: the runtime closes
     * the future exactly once at its next suspension point, and nothing is signalled after.
     * If the task is cancelled otherwise (the runtime is closed), the subscriber gets
     * {@code onError(CancellationException)}. A factory that throws or returns {@code null}, or
     * a closed runtime ({@code RejectedExecutionException}), fails that subscription.
     *
     * <p><b>A broken future or subscriber:</b> the outcome is signalled first and the future
     * closed after, so a {@code close()} that throws cannot hold the outcome back; it goes to
     * {@code Hooks.onErrorDropped}, as does a subscriber method that throws. A {@code poll} that
     * throws or returns {@code null} fails the subscriber. An {@code onSubscribe} that throws
     * gets the future closed unpolled (Reactor then signals the exception to the subscriber).
     *
     * <p><b>Cancel safety:</b> as the future's own: cancelling drops a result not yet delivered;
     * what the future already did stays done (rule 12).
     *
     * @param <T> the value type
     * @param futureFactory builds one future per subscription, on the subscribing thread
     * @param runtime the runtime each subscription's task runs on
     * @return a cold Mono of each future's value
     * @throws NullPointerException if an argument is null
     */
    public static <T> Mono<T> toMono(Supplier<? extends PollFuture<? extends T>> futureFactory, PollRuntime runtime) {
        return MonoFromFuture.of(futureFactory, runtime);
    }

    /**
     * {@link #toMono(JoinHandle, PollRuntime)} relaying on {@link PollRuntime#shared()}.
     *
     * @param <T> the value type
     * @param handle the running task to adopt; the Mono's relay consumes it
     * @return a Mono of the task's result, subscribable once
     */
    public static <T> Mono<T> toMono(JoinHandle<T> handle) {
        return toMono(handle, PollRuntime.shared());
    }

    /**
     * Adopts an already running task: a Mono of its result. The first subscription spawns a small
     * relay task on {@code runtime} that awaits {@code handle}; the Mono signals the task's value,
     * empty for {@code null}, or its failure ({@code CancellationException} if the task was
     * aborted). Only one subscription may adopt the handle (a handle delivers its result once):
     * later subscriptions fail with {@link IllegalStateException}. The task keeps the context it
     * was spawned with; the subscriber's context does not reach it.
     *
     * <p><b>Cancellation:</b> {@code Subscription.cancel()} <em>detaches</em>, it does not abort
     * (rule 13: a handle does not own its task): the relay closes the handle and the task runs
     * on, its result dropped. Abort the task through its handle if that is what you want. A Mono
     * that is never subscribed never closes the handle, which leaves the task running too.
     *
     * @param <T> the value type
     * @param handle the running task to adopt; the Mono's relay consumes it
     * @param runtime the runtime the relay task runs on
     * @return a Mono of the task's result, subscribable once
     * @throws NullPointerException if an argument is null
     */
    public static <T> Mono<T> toMono(JoinHandle<T> handle, PollRuntime runtime) {
        return MonoFromFuture.of(MonoFromFuture.adopting(handle), runtime);
    }

    /**
     * {@link #toMono(SharedFuture, PollRuntime)} on {@link PollRuntime#shared()}.
     *
     * @param <T> the value type
     * @param shared the shared future; each subscription takes a clone of it
     * @return a Mono of the shared outcome, subscribable any number of times
     */
    public static <T> Mono<T> toMono(SharedFuture<T> shared) {
        return toMono(shared, PollRuntime.shared());
    }

    /**
     * A Mono of a result awaited any number of times (a kotlinx {@code Deferred.asMono}): each
     * subscription takes a new clone of {@code shared} ({@link SharedFuture#share()}) and polls it
     * in a task on {@code runtime}; the future underneath runs once, whichever subscription polls
     * it, and every subscriber gets the same value (empty for {@code null}) or the same error.
     * A value is never closed by the Mono (several subscribers hold it).
     *
     * <p><b>Cancellation:</b> {@code Subscription.cancel()} aborts that subscription's task, which
     * closes its clone only; the shared work runs on for the other clones. {@code shared} itself
     * stays open (the Mono takes its clones from it): close it when no new subscription needs the
     * result, and the work is cancelled once the last clone is closed. A subscription made after
     * {@code shared} was closed fails with {@link IllegalStateException}.
     *
     * @param <T> the value type
     * @param shared the shared future; each subscription takes a clone of it
     * @param runtime the runtime each subscription's task runs on
     * @return a Mono of the shared outcome, subscribable any number of times
     * @throws NullPointerException if an argument is null
     */
    public static <T> Mono<T> toMono(SharedFuture<T> shared, PollRuntime runtime) {
        Objects.requireNonNull(shared, "shared");
        return MonoFromFuture.of(shared::share, runtime);
    }

    /**
     * {@link #toMono(PollFuture, PollRuntime)} on {@link PollRuntime#shared()}: so that
     * {@code future.to(MonoBridge::toMono)} reads as Reactor's {@code mono.as(...)}.
     *
     * @param <T> the value type
     * @param future the future; the Mono's one subscription takes it over
     * @return a Mono of the future's value, subscribable once
     */
    public static <T> Mono<T> toMono(PollFuture<T> future) {
        return toMono(future, PollRuntime.shared());
    }

    /**
     * A Mono of this one future: {@link #toMono(Supplier, PollRuntime)} with a supplier that hands out
     * {@code future} to the first subscription. The first subscriber's task owns the future
     * (polls it, closes it; {@code cancel()} aborts the task, which closes the future), exactly
     * as with a supplier. <b>Single use:</b> a future runs once and has one owner (rule 11), so a
     * second subscription fails with an {@link IllegalStateException} that says so and names the
     * fix: {@code toMono(() -> buildTheFuture())}, a supplier that builds a new future per
     * subscription, which is what a Mono that is subscribed to more than once (retried,
     * repeated, shared by several subscribers) needs. A Mono that is never subscribed never
     * polls or closes the future (harmless for a lazy future, which holds nothing before its
     * first poll).
     *
     * <p>A {@link SharedFuture} is taken as {@link #toMono(SharedFuture, PollRuntime)} (a clone per
     * subscription, any number of them) and a {@link JoinHandle} as
     * {@link #toMono(JoinHandle, PollRuntime)} (cancel detaches), whichever static type the caller
     * had.
     *
     * <p><b>Cancel safety:</b> as the future's own.
     *
     * @param <T> the value type
     * @param future the future; the Mono's one subscription takes it over
     * @param runtime the runtime the subscription's task runs on
     * @return a Mono of the future's value, subscribable once
     * @throws NullPointerException if an argument is null
     */
    public static <T> Mono<T> toMono(PollFuture<T> future, PollRuntime runtime) {
        Objects.requireNonNull(future, "future");
        if (future instanceof SharedFuture) {
            return toMono((SharedFuture<T>) future, runtime);
        }
        if (future instanceof JoinHandle) {
            return toMono((JoinHandle<T>) future, runtime);
        }
        return MonoFromFuture.of(SingleUse.once(future, "a Mono of one PollFuture (MonoBridge.toMono(future))",
                "MonoBridge.toMono(() -> buildTheFuture())"), runtime);
    }


    // ---- Async ---------------------------------------------------------------------------------

    /**
     * {@link #mono(AsyncBody, PollRuntime)} on {@link PollRuntime#shared()}: the analogue of kotlinx's
     * {@code mono { }}.
     *
     * @param <T> the value type
     * @param body the straight-line code to run per subscription
     * @return a cold Mono of the body's value
     */
    public static <T> Mono<T> mono(AsyncBody<T> body) {
        return mono(body, PollRuntime.shared());
    }

    /**
     * A cold Mono whose every subscription runs {@code body} as an {@link Async#run} body on a
     * task of {@code runtime}. Inside the body, {@link #await(Mono)} and {@link FluxBridge#forEach} suspend
     * the body (not a worker), and {@link ReactorBridge#currentContext()} is the subscriber's context. The
     * body's value is emitted ({@code null} completes empty); what it throws is the error.
     *
     * <p><b>Cancellation:</b> cancelling the subscription cancels the body: the {@code await}
     * it is suspended in throws {@link java.util.concurrent.CancellationException},
     * {@code finally} blocks run, later code does not.
     *
     * @param <T> the value type
     * @param body the straight-line code to run per subscription
     * @param runtime the runtime whose task polls the body
     * @return a cold Mono of the body's value
     * @throws NullPointerException if an argument is null
     */
    public static <T> Mono<T> mono(AsyncBody<T> body, PollRuntime runtime) {
        Objects.requireNonNull(body, "body");
        return toMono(() -> Async.run(body), runtime);
    }


    /**
     * Awaits {@code mono} inside an {@code Async} body: suspends the body until the Mono
     * completes and returns its value, {@code null} if it completed empty; throws its error as
     * {@link Async#await(PollFuture)} does (an unchecked error as the same instance, a checked
     * one wrapped in a {@link java.util.concurrent.CompletionException} caused by it; a body that
     * lets that wrapper escape fails with the original). The analogue of kotlinx's
     * {@code awaitSingleOrNull()}. The Mono is subscribed with the body's Reactor context.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while waiting, the subscription is
     * cancelled and this throws {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the value type
     * @param mono the Mono to subscribe to and wait for
     * @return the Mono's value, or {@code null} if it completed empty
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code mono} is null
     */
    public static <T> T await(Mono<? extends T> mono) {
        Objects.requireNonNull(mono, "mono");
        InBody.require("MonoBridge.await(Mono)", "MonoBridge.mono, FluxBridge.flux, Async.run",
                "MonoBridge.toPollFuture(mono)");
        return Async.await(toPollFuture(mono));
    }

}
