package dev.pollbridge.reactor;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.SharedFuture;
import dev.pollbridge.runtime.async.Async;
import dev.pollbridge.runtime.async.AsyncBody;
import dev.pollbridge.runtime.async.AsyncStreamBody;
import dev.pollbridge.runtime.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.runtime.internal.bridge.ItemFromStream.Which;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.util.context.ContextView;

/**
 * Converts between Project Reactor and Pollbridge: {@link Mono} and {@link Flux} to
 * {@link PollFuture} and {@link PollStream} and back, the Reactor {@link ContextView} across the
 * bridge, and {@code Async} helpers. See {@code docs/reactor.md} for the table of conversions,
 * their cancellation and their empty and error rules.
 *
 * <h2>Threads</h2>
 * Reactor to Pollbridge ({@link #toFuture}, {@link #toStream}): the bridge subscribes on the thread
 * that polls first; Reactor signals on whatever thread its operators use; the future or stream
 * is read by its poller. Pollbridge to Reactor ({@link #toMono}, {@link #toFlux}): each
 * subscription spawns a task, so the subscriber's signals arrive on a runtime worker; hop
 * elsewhere with {@code publishOn}.
 *
 * <h2>Context</h2>
 * A task started by {@link #toMono} or {@link #toFlux} sees the subscriber's Reactor context through
 * {@link #currentContext()}, and every {@code Mono} or {@code Flux} that task awaits through
 * {@link #toFuture}/{@link #toStream} (and the one-item awaits {@link #first}, {@link #last},
 * {@link #single} ...) is subscribed with that context, so it survives a round trip Reactor
 * &rarr; runtime &rarr; Reactor. Tasks spawned inside inherit it. Outside such a task,
 * {@link #withContext(ContextView, PollFuture)} gives a context to a future or stream.
 *
 * <h2>Errors nobody can take</h2>
 * An error that arrives after its subscriber cancelled (or after its future or stream was
 * closed), a {@code close()} or {@code cancel()} that threw and a subscriber that threw go to
 * {@code Hooks.onErrorDropped} with the subscriber's context, exactly once; an error that is the
 * cancellation itself (a {@code CancellationException}) stays silent.
 *
 * <h2>Blocking on a worker</h2>
 * Loading this class registers the runtime's worker threads with Reactor as non-blocking threads
 * ({@link #registerNonBlockingWorkers()}): {@code Mono.block()} inside a task throws
 * {@link IllegalStateException} instead of blocking the worker (rule 4). Await the Mono instead
 * ({@link #toFuture}, or {@link #await} inside an {@code Async} body).
 */
public final class ReactorBridge {

    static {
        NonBlockingWorkers.register();
    }

    private ReactorBridge() {}

    /**
     * Registers the runtime's worker threads with Reactor as non-blocking threads, so that
     * {@code Mono.block()} and its kin throw {@link IllegalStateException} on a worker, as they do
     * on {@code Schedulers.parallel()}. Done automatically when this class is first used; call it
     * at startup if tasks call {@code block()} before anything touches {@code ReactorBridge}, or
     * after {@code Schedulers.resetNonBlockingThreadPredicate()} (which removes it). Each call
     * adds the predicate once more; call it once. See {@code docs/integrations.md}.
     */
    public static void registerNonBlockingWorkers() {
        NonBlockingWorkers.register();
    }

    // ---- Mono -> PollFuture ------------------------------------------------------------------

    /**
     * {@code mono} as a future. Nothing happens until the first poll, which subscribes on the
     * polling thread with the current task's Reactor context ({@link #currentContext()}) and
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
    public static <T> PollFuture<T> toFuture(Mono<? extends T> mono) {
        return new FutureFromMono<>(mono);
    }

    /**
     * Like {@link #toFuture}, but the value is wrapped: {@code Optional.of(value)}, or
     * {@code Optional.empty()} for an empty Mono. Same cancellation.
     *
     * @param <T> the value type
     * @param mono the Mono to subscribe to on the first poll
     * @return a lazy future of the Mono's value, if any
     * @throws NullPointerException if {@code mono} is null
     */
    public static <T> PollFuture<Optional<T>> toOptionalFuture(Mono<? extends T> mono) {
        return new FutureFromMono<T>(mono).map(Optional::ofNullable);
    }

    /**
     * {@code mono} as a future subscribed with {@code context} as its Reactor context, whatever
     * task polls it: for code outside a bridged task (a {@code PollRuntime.blockOn}, a task spawned
     * by other means), the analogue of kotlinx's {@code withContext(ReactorContext(ctx))} around
     * an {@code awaitSingle()}. Same as {@code withContext(context, toFuture(mono))}: the context
     * replaces the task's own for this future (merge them yourself with
     * {@code currentContext()} and {@code Context.putAll} if you want both).
     *
     * @param <T> the value type
     * @param mono the Mono to subscribe to on the first poll
     * @param context the subscriber context the Mono sees
     * @return a lazy future of the Mono's value, or of {@code null} if it completes empty
     * @throws NullPointerException if an argument is null
     */
    public static <T> PollFuture<T> toFuture(Mono<? extends T> mono, ContextView context) {
        Objects.requireNonNull(context, "context");
        return withContext(context, toFuture(mono));
    }

    // ---- Publisher/Flux -> PollStream ----------------------------------------------------------

    /**
     * {@code publisher} (a {@link Flux} or any Reactive Streams publisher) as a stream, with the
     * default prefetch of {@link ReactiveStreamsBridge#DEFAULT_PREFETCH}. See
     * {@link #toStream(Publisher, int)}.
     *
     * @param <T> the item type
     * @param publisher the publisher to subscribe to on the first poll
     * @return a lazy stream of the publisher's items
     */
    public static <T> PollStream<T> toStream(Publisher<? extends T> publisher) {
        return toStream(publisher, ReactiveStreamsBridge.DEFAULT_PREFETCH);
    }

    /**
     * {@code publisher} as a stream on the generic bridge ({@link ReactiveStreamsBridge#toStream}),
     * subscribed with the current task's Reactor context. Subscribes on the first poll, requests
     * {@code prefetch} items and replenishes as they are polled, so at most {@code prefetch}
     * items wait in the stream. An empty publisher gives {@code done}; an error is passed through
     * after the items before it.
     *
     * <p><b>Cancellation:</b> closing the stream before the end cancels the subscription (once)
     * and drops queued items. {@code pollNext} is cancel-safe: an item leaves the stream only
     * when it is returned.
     *
     * @param <T> the item type
     * @param publisher the publisher to subscribe to on the first poll
     * @param prefetch how many items to request ahead of the poller
     * @return a lazy stream of the publisher's items
     * @throws NullPointerException if {@code publisher} is null
     * @throws IllegalArgumentException if {@code prefetch} is outside
     *     {@code [1, ReactiveStreamsBridge.MAX_PREFETCH]}
     */
    public static <T> PollStream<T> toStream(Publisher<? extends T> publisher, int prefetch) {
        return StreamFromFlux.of(publisher, prefetch);
    }

    /**
     * {@code publisher} as a stream (default prefetch) subscribed with {@code context} as its
     * Reactor context, whatever task polls it: kotlinx's {@code flowOn(ReactorContext(ctx))} on
     * {@code asFlow()}. Same as {@code withContext(context, toStream(publisher))}; use that form
     * for another prefetch.
     *
     * @param <T> the item type
     * @param publisher the publisher to subscribe to on the first poll
     * @param context the subscriber context the publisher sees
     * @return a lazy stream of the publisher's items
     * @throws NullPointerException if an argument is null
     */
    public static <T> PollStream<T> toStream(Publisher<? extends T> publisher, ContextView context) {
        Objects.requireNonNull(context, "context");
        return withContext(context, toStream(publisher));
    }

    // ---- awaiting one item: kotlinx's awaitFirst, awaitLast, awaitSingle ... ----------------------

    /**
     * The first item of {@code publisher} (kotlinx's {@code awaitFirst}). Subscribes on the first
     * poll with the polling task's Reactor context ({@link #currentContext()}), requests one item
     * and cancels the subscription as soon as it has it. Fails with
     * {@link java.util.NoSuchElementException} if the publisher completes empty, and with its own
     * exception if it fails first. Not cancel-safe: closing the future cancels the subscription
     * and drops whatever arrived. Errors after the cancel go to {@code Hooks.onErrorDropped}.
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return a lazy future of the first item
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> first(Publisher<? extends T> publisher) {
        return StreamFromFlux.item(publisher, Which.FIRST, true, null);
    }

    /**
     * Like {@link #first}, but an empty publisher gives {@code null} (kotlinx's
     * {@code awaitFirstOrNull}).
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return a lazy future of the first item, or of {@code null} if there is none
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> firstOrNull(Publisher<? extends T> publisher) {
        return StreamFromFlux.item(publisher, Which.FIRST, false, null);
    }

    /**
     * Like {@link #first}, but an empty publisher gives {@code defaultValue} (kotlinx's
     * {@code awaitFirstOrDefault}; for {@code awaitFirstOrElse}, map the result of
     * {@link #firstOrNull}).
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @param defaultValue the value if the publisher completes empty; may be {@code null}
     * @return a lazy future of the first item, or of {@code defaultValue}
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> firstOrDefault(Publisher<? extends T> publisher, T defaultValue) {
        return StreamFromFlux.item(publisher, Which.FIRST, false, defaultValue);
    }

    /**
     * The last item of {@code publisher} (kotlinx's {@code awaitLast}): subscribes with the
     * polling task's Reactor context, reads the publisher to its end (requesting
     * {@link ReactiveStreamsBridge#DEFAULT_PREFETCH} items at a time, at most 128 items per poll
     * before it yields) and is ready with the item before {@code onComplete}. Fails with
     * {@link java.util.NoSuchElementException} if it completes empty and with its exception if it
     * fails. Items passed over that are {@link AutoCloseable} are closed. Not cancel-safe.
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return a lazy future of the last item
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> last(Publisher<? extends T> publisher) {
        return StreamFromFlux.item(publisher, Which.LAST, true, null);
    }

    /**
     * Like {@link #last}, but an empty publisher gives {@code null}.
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return a lazy future of the last item, or of {@code null} if there is none
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> lastOrNull(Publisher<? extends T> publisher) {
        return StreamFromFlux.item(publisher, Which.LAST, false, null);
    }

    /**
     * The only item of {@code publisher} (kotlinx's {@code awaitSingle}): subscribes with the
     * polling task's Reactor context, requests two items and is ready once the publisher
     * completes after exactly one. Fails with {@link java.util.NoSuchElementException} if it
     * completes empty, and with {@link IllegalArgumentException} as soon as a second item
     * arrives (the subscription is then cancelled). Not cancel-safe.
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return a lazy future of the only item
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> single(Publisher<? extends T> publisher) {
        return StreamFromFlux.item(publisher, Which.SINGLE, true, null);
    }

    /**
     * Like {@link #single}, but an empty publisher gives {@code null} (kotlinx's
     * {@code Mono.awaitSingleOrNull}); a second item still fails with
     * {@link IllegalArgumentException}.
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return a lazy future of the only item, or of {@code null} if there is none
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> singleOrNull(Publisher<? extends T> publisher) {
        return StreamFromFlux.item(publisher, Which.SINGLE, false, null);
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
     * failure. The task sees the subscriber's Reactor context ({@link #currentContext()}).
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
     * {@code future.to(ReactorBridge::toMono)} reads as Reactor's {@code mono.as(...)}.
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
        return MonoFromFuture.of(SingleUse.once(future, "a Mono of one PollFuture (ReactorBridge.toMono(future))",
                "ReactorBridge.toMono(() -> buildTheFuture())"), runtime);
    }

    // ---- PollStream -> Flux --------------------------------------------------------------------

    /**
     * {@link #toFlux(Supplier, PollRuntime)} on {@link PollRuntime#shared()}.
     *
     * @param <T> the item type
     * @param streamFactory builds one stream per subscription, on the subscribing thread
     * @return a cold Flux of each stream's items
     */
    public static <T> Flux<T> toFlux(Supplier<? extends PollStream<? extends T>> streamFactory) {
        return toFlux(streamFactory, PollRuntime.shared());
    }

    /**
     * A cold Flux whose every subscription calls {@code streamFactory} (on the subscribing
     * thread) and spawns a task on {@code runtime} that polls the new stream at most one item
     * ahead of the subscriber's demand (backpressure is "nobody polled"), on the generic
     * {@link ReactiveStreamsBridge#toPublisher} engine. The stream's items are {@code onNext},
     * its end {@code onComplete}, its failure {@code onError} with the same instance; thanks to
     * the one item of look-ahead the end goes out without waiting for demand (an empty stream
     * completes a subscriber that never requested, a one-item stream completes right after its
     * item). The task sees the subscriber's Reactor context ({@link #currentContext()}). Signals
     * arrive on a runtime worker. Passes the Reactive Streams TCK.
     *
     * <p><b>Cancellation:</b> {@code Subscription.cancel()} aborts the task: the runtime closes
     * the stream exactly once at the task's next suspension point, and nothing is signalled after.
     * A runtime closed under a live subscription ends it with {@code onError(CancellationException)};
     * a closed runtime fails new subscriptions with {@code RejectedExecutionException}. A
     * factory that throws or returns {@code null} fails that subscription.
     *
     * <p><b>Cancel safety:</b> items are pulled at most one ahead of demand, so a cancel loses
     * at most that one pulled item (dropped, and closed if it is {@link AutoCloseable}); the
     * stream's own cancel safety covers the rest.
     *
     * @param <T> the item type
     * @param streamFactory builds one stream per subscription, on the subscribing thread
     * @param runtime the runtime each subscription's task runs on
     * @return a cold Flux of each stream's items
     * @throws NullPointerException if an argument is null
     */
    public static <T> Flux<T> toFlux(Supplier<? extends PollStream<? extends T>> streamFactory, PollRuntime runtime) {
        return FluxFromStream.of(streamFactory, runtime);
    }

    /**
     * {@link #toFlux(PollStream, PollRuntime)} on {@link PollRuntime#shared()}: so that
     * {@code stream.to(ReactorBridge::toFlux)} reads as Reactor's {@code flux.as(...)}.
     *
     * @param <T> the item type
     * @param stream the stream; the Flux's one subscription takes it over
     * @return a Flux of the stream's items, subscribable once
     */
    public static <T> Flux<T> toFlux(PollStream<T> stream) {
        return toFlux(stream, PollRuntime.shared());
    }

    /**
     * A Flux of this one stream: {@link #toFlux(Supplier, PollRuntime)} with a supplier that hands
     * out {@code stream} to the first subscription, whose task then owns it (polls it within the
     * subscriber's demand, closes it; {@code cancel()} aborts the task, which closes the stream).
     * <b>Single use:</b> a second subscription fails with an {@link IllegalStateException} that
     * says so and names the fix: {@code toFlux(() -> buildTheStream())}, a supplier that builds a
     * new stream per subscription. A Flux that is never subscribed never polls or closes the
     * stream.
     *
     * <p><b>Cancel safety:</b> as for {@link #toFlux(Supplier, PollRuntime)}.
     *
     * @param <T> the item type
     * @param stream the stream; the Flux's one subscription takes it over
     * @param runtime the runtime the subscription's task runs on
     * @return a Flux of the stream's items, subscribable once
     * @throws NullPointerException if an argument is null
     */
    public static <T> Flux<T> toFlux(PollStream<T> stream, PollRuntime runtime) {
        return FluxFromStream.of(SingleUse.once(stream, "a Flux of one PollStream (ReactorBridge.toFlux(stream))",
                "ReactorBridge.toFlux(() -> buildTheStream())"), runtime);
    }

    // ---- Context ---------------------------------------------------------------------------------

    /**
     * The Reactor context in force: that of the subscriber whose subscription started the task
     * running this code ({@link #toMono}, {@link #toFlux}, {@link #mono}, {@link #flux}), or the
     * one given by {@link #withContext}, as seen during that task's polls, in {@code Async}
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
     * task of {@code runtime}. Inside the body, {@link #await(Mono)} and {@link #forEach} suspend
     * the body (not a worker), and {@link #currentContext()} is the subscriber's context. The
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
     * {@link #flux(AsyncStreamBody, PollRuntime)} on {@link PollRuntime#shared()}: the analogue of
     * kotlinx's {@code flux { }}.
     *
     * @param <T> the item type
     * @param body the code that emits the items, run per subscription
     * @return a cold Flux of the emitted items
     */
    public static <T> Flux<T> flux(AsyncStreamBody<T> body) {
        return flux(body, PollRuntime.shared());
    }

    /**
     * A cold Flux whose every subscription runs {@code body} as an {@link Async#stream} body on a
     * task of {@code runtime}: each {@link dev.pollbridge.runtime.async.AsyncEmitter#emit emit} waits
     * until the item was taken; the bridge takes items at most one ahead of the subscriber's
     * demand, so the body runs at most two items ahead of its subscriber (one held by the bridge,
     * one it is offering), as kotlinx's builder runs one {@code send} ahead. The body returning
     * completes the Flux, also without demand; what it throws is the error. Inside the body,
     * {@link #await(Mono)}, {@link #forEach} and {@link #currentContext()} work as in
     * {@link #mono}.
     *
     * <p><b>Cancellation:</b> cancelling the subscription (a downstream {@code take(n)}, a
     * {@code timeout}, a disposed subscriber) cancels the body: its pending {@code emit} or
     * {@code await} throws {@link java.util.concurrent.CancellationException}, {@code finally}
     * blocks run, later code does not; an item it was offering, and one the bridge held, are
     * dropped.
     *
     * @param <T> the item type
     * @param body the code that emits the items, run per subscription
     * @param runtime the runtime whose task polls the body
     * @return a cold Flux of the emitted items
     * @throws NullPointerException if an argument is null
     */
    public static <T> Flux<T> flux(AsyncStreamBody<T> body, PollRuntime runtime) {
        Objects.requireNonNull(body, "body");
        return toFlux(() -> Async.stream(body), runtime);
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
        if (!Async.inBody()) {
            throw new IllegalStateException("ReactorBridge.await(Mono) only works inside an Async body "
                    + "(ReactorBridge.mono, Async.run); elsewhere use toFuture(mono) with PollRuntime.blockOn or a task");
        }
        return Async.await(toFuture(mono));
    }

    /**
     * Consumes {@code publisher} inside an {@code Async} body: calls {@code action} on the body
     * thread for each item, in order, suspending the body between items; returns when the
     * publisher completes and throws its error as {@link #await(Mono)} does. Items are requested
     * {@link ReactiveStreamsBridge#DEFAULT_PREFETCH} at a time. The analogue of iterating
     * {@code asFlow()} with {@code collect}.
     *
     * <p><b>Cancellation:</b> if {@code action} throws, or the body is cancelled, the subscription
     * is cancelled (the stream is closed by a {@code try}-with-resources) and the exception
     * propagates.
     *
     * @param <T> the item type
     * @param publisher the publisher to subscribe to and drain
     * @param action runs for each item, on the body thread
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if an argument is null
     */
    public static <T> void forEach(Publisher<? extends T> publisher, Consumer<? super T> action) {
        Objects.requireNonNull(publisher, "publisher");
        Objects.requireNonNull(action, "action");
        if (!Async.inBody()) {
            throw new IllegalStateException("ReactorBridge.forEach(Publisher, Consumer) only works inside an "
                    + "Async body (ReactorBridge.mono, ReactorBridge.flux, Async.run)");
        }
        try (PollStream<T> items = toStream(publisher)) {
            for (T item = Async.next(items); item != null; item = Async.next(items)) {
                action.accept(item);
            }
        }
    }
}
