package dev.pollbridge.reactor;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.async.AsyncStreamBody;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.runtime.bridge.engine.InBody;
import dev.pollbridge.runtime.bridge.engine.ItemFromStream.Which;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

/**
 * {@link Flux} (and any Reactive Streams {@link Publisher}) and {@link PollStream} both ways: a
 * publisher as a stream ({@link #toPollStream}), one item of it as a future ({@link #firstItem},
 * {@link #lastItem}, {@link #singleItem} ...) or awaited inside an {@code Async} body
 * ({@link #awaitFirst}, {@link #awaitLast}, {@link #awaitSingle} ..., kotlinx's names), a stream
 * as a Flux ({@link #toFlux}) and an {@code Async} stream body as a Flux ({@link #flux}, kotlinx's
 * {@code flux { }}). {@code Mono} is in {@link MonoBridge}; the Reactor context, the scheduler and
 * the non-blocking-thread registration in {@link ReactorBridge}. See {@code docs/reactor.md}.
 *
 * <h2>Threads</h2>
 * Publisher to stream or future: the bridge subscribes on the thread that polls first, with that
 * task's Reactor context ({@link ReactorBridge#currentContext()}); Reactor signals on whatever
 * thread its operators use; the stream or future is read by its poller. Stream to Flux
 * ({@link #toFlux}, {@link #flux}): each subscription spawns a task, so the subscriber's signals
 * arrive on a runtime worker; hop elsewhere with {@code publishOn}.
 */
public final class FluxBridge {

    static {
        NonBlockingWorkers.registerOnce();
    }

    private FluxBridge() {}

    // ---- Publisher/Flux -> PollStream ----------------------------------------------------------

    /**
     * {@code publisher} (a {@link Flux} or any Reactive Streams publisher) as a stream, with the
     * default prefetch of {@link ReactiveStreamsBridge#DEFAULT_PREFETCH}. See
     * {@link #toPollStream(Publisher, int)}.
     *
     * @param <T> the item type
     * @param publisher the publisher to subscribe to on the first poll
     * @return a lazy stream of the publisher's items
     */
    public static <T> PollStream<T> toPollStream(Publisher<? extends T> publisher) {
        return toPollStream(publisher, ReactiveStreamsBridge.DEFAULT_PREFETCH);
    }

    /**
     * {@code publisher} as a stream on the generic bridge ({@link ReactiveStreamsBridge#toPollStream}),
     * subscribed with the current task's Reactor context. Subscribes on the first poll, requests
     * {@code prefetch} items and replenishes as they are polled, so at most {@code prefetch}
     * items wait in the stream. An empty publisher gives {@code done}; an error is passed through
     * after the items before it.
     *
     * <p><b>Cancellation:</b> closing the stream before the end cancels the subscription (once)
     * and drops queued items, closing those that are {@link AutoCloseable}. A queue-fused
     * asynchronous source (a unicast sink, {@code publishOn}) keeps its queue: it is cancelled,
     * then cleared, and Reactor hands what it holds to its discard hooks ({@code doOnDiscard}
     * upstream of the bridge), as for {@code publishOn}. {@code pollNext} is cancel-safe: an item
     * leaves the stream only when it is returned.
     *
     * @param <T> the item type
     * @param publisher the publisher to subscribe to on the first poll
     * @param prefetch how many items to request ahead of the poller
     * @return a lazy stream of the publisher's items
     * @throws NullPointerException if {@code publisher} is null
     * @throws IllegalArgumentException if {@code prefetch} is outside
     *     {@code [1, ReactiveStreamsBridge.MAX_PREFETCH]}
     */
    public static <T> PollStream<T> toPollStream(Publisher<? extends T> publisher, int prefetch) {
        return StreamFromFlux.of(publisher, prefetch);
    }

    /**
     * {@code publisher} as a stream (default prefetch) subscribed with {@code context} as its
     * Reactor context, whatever task polls it: kotlinx's {@code flowOn(ReactorContext(ctx))} on
     * {@code asFlow()}. Same as {@code ReactorBridge.withContext(context, toPollStream(publisher))}; use that form
     * for another prefetch.
     *
     * @param <T> the item type
     * @param publisher the publisher to subscribe to on the first poll
     * @param context the subscriber context the publisher sees
     * @return a lazy stream of the publisher's items
     * @throws NullPointerException if an argument is null
     */
    public static <T> PollStream<T> toPollStream(Publisher<? extends T> publisher, ContextView context) {
        Objects.requireNonNull(context, "context");
        return ReactorBridge.withContext(context, toPollStream(publisher));
    }

    // ---- one item as a future: firstItem, lastItem, singleItem ... ---------------------------------

    /**
     * The first item of {@code publisher} (kotlinx's {@code awaitFirst}). Subscribes on the first
     * poll with the polling task's Reactor context ({@link ReactorBridge#currentContext()}), requests one item
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
    public static <T> PollFuture<T> firstItem(Publisher<? extends T> publisher) {
        return StreamFromFlux.item(publisher, Which.FIRST, true, null);
    }

    /**
     * Like {@link #firstItem}, but an empty publisher gives {@code null} (kotlinx's
     * {@code awaitFirstOrNull}).
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return a lazy future of the first item, or of {@code null} if there is none
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> firstItemOrNull(Publisher<? extends T> publisher) {
        return StreamFromFlux.item(publisher, Which.FIRST, false, null);
    }

    /**
     * Like {@link #firstItem}, but an empty publisher gives {@code defaultValue} (kotlinx's
     * {@code awaitFirstOrDefault}; for {@code awaitFirstOrElse}, map the result of
     * {@link #firstItemOrNull}).
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @param defaultValue the value if the publisher completes empty; may be {@code null}
     * @return a lazy future of the first item, or of {@code defaultValue}
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> firstItemOrDefault(Publisher<? extends T> publisher, T defaultValue) {
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
    public static <T> PollFuture<T> lastItem(Publisher<? extends T> publisher) {
        return StreamFromFlux.item(publisher, Which.LAST, true, null);
    }

    /**
     * Like {@link #lastItem}, but an empty publisher gives {@code null}.
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return a lazy future of the last item, or of {@code null} if there is none
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> lastItemOrNull(Publisher<? extends T> publisher) {
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
    public static <T> PollFuture<T> singleItem(Publisher<? extends T> publisher) {
        return StreamFromFlux.item(publisher, Which.SINGLE, true, null);
    }

    /**
     * Like {@link #singleItem}, but an empty publisher gives {@code null} (kotlinx's
     * {@code Mono.awaitSingleOrNull}); a second item still fails with
     * {@link IllegalArgumentException}.
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return a lazy future of the only item, or of {@code null} if there is none
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> singleItemOrNull(Publisher<? extends T> publisher) {
        return StreamFromFlux.item(publisher, Which.SINGLE, false, null);
    }


    // ---- awaiting one item inside an Async body: kotlinx's awaitFirst, awaitLast, awaitSingle ... -

    /**
     * Awaits the first item of {@code publisher} inside an {@code Async} body (kotlinx's
     * {@code awaitFirst}): {@code Async.await(firstItem(publisher))}. Suspends the body (not a
     * worker) until the item arrives; the publisher is subscribed on the body's thread with the
     * body's Reactor context, signals on its own threads, and the value is returned on the body
     * thread. Throws {@link java.util.NoSuchElementException} if the publisher completes empty
     * and its error as {@link Async#await(PollFuture)} does.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while waiting, the subscription is
     * cancelled, an item already received is dropped and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return the first item
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> T awaitFirst(Publisher<? extends T> publisher) {
        inBody("awaitFirst", "firstItem");
        return Async.await(firstItem(publisher));
    }

    /**
     * Like {@link #awaitFirst}, but an empty publisher gives {@code null} (kotlinx's
     * {@code awaitFirstOrNull}). Same threads and cancel safety.
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return the first item, or {@code null} if there is none
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> T awaitFirstOrNull(Publisher<? extends T> publisher) {
        inBody("awaitFirstOrNull", "firstItemOrNull");
        return Async.await(firstItemOrNull(publisher));
    }

    /**
     * Like {@link #awaitFirst}, but an empty publisher gives {@code defaultValue} (kotlinx's
     * {@code awaitFirstOrDefault}). Same threads and cancel safety.
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @param defaultValue the value if the publisher completes empty; may be {@code null}
     * @return the first item, or {@code defaultValue}
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> T awaitFirstOrDefault(Publisher<? extends T> publisher, T defaultValue) {
        inBody("awaitFirstOrDefault", "firstItemOrDefault");
        return Async.await(firstItemOrDefault(publisher, defaultValue));
    }

    /**
     * Awaits the last item of {@code publisher} inside an {@code Async} body (kotlinx's
     * {@code awaitLast}): {@code Async.await(lastItem(publisher))}, reading the publisher to its
     * end. Throws {@link java.util.NoSuchElementException} if it completes empty. Same threads
     * and cancel safety as {@link #awaitFirst}.
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return the last item
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> T awaitLast(Publisher<? extends T> publisher) {
        inBody("awaitLast", "lastItem");
        return Async.await(lastItem(publisher));
    }

    /**
     * Like {@link #awaitLast}, but an empty publisher gives {@code null}. Same threads and cancel
     * safety as {@link #awaitFirst}.
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return the last item, or {@code null} if there is none
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> T awaitLastOrNull(Publisher<? extends T> publisher) {
        inBody("awaitLastOrNull", "lastItemOrNull");
        return Async.await(lastItemOrNull(publisher));
    }

    /**
     * Awaits the only item of {@code publisher} inside an {@code Async} body (kotlinx's
     * {@code awaitSingle}): {@code Async.await(singleItem(publisher))}. Throws
     * {@link java.util.NoSuchElementException} if it completes empty and
     * {@link IllegalArgumentException} as soon as a second item arrives (the subscription is
     * then cancelled). Same threads and cancel safety as {@link #awaitFirst}.
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return the only item
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> T awaitSingle(Publisher<? extends T> publisher) {
        inBody("awaitSingle", "singleItem");
        return Async.await(singleItem(publisher));
    }

    /**
     * Like {@link #awaitSingle}, but an empty publisher gives {@code null} (kotlinx's
     * {@code awaitSingleOrNull}); a second item still throws {@link IllegalArgumentException}.
     * Same threads and cancel safety as {@link #awaitFirst}.
     *
     * @param <T> the item type
     * @param publisher a {@link Flux}, {@link Mono} or any publisher
     * @return the only item, or {@code null} if there is none
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> T awaitSingleOrNull(Publisher<? extends T> publisher) {
        inBody("awaitSingleOrNull", "singleItemOrNull");
        return Async.await(singleItemOrNull(publisher));
    }

    private static void inBody(String await, String futureForm) {
        InBody.require("FluxBridge." + await + "(Publisher)", "FluxBridge.flux, MonoBridge.mono, Async.run",
                "FluxBridge." + futureForm + "(publisher)");
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
     * item). The task sees the subscriber's Reactor context ({@link ReactorBridge#currentContext()}). Signals
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
     * {@code stream.to(FluxBridge::toFlux)} reads as Reactor's {@code flux.as(...)}.
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
        return FluxFromStream.of(SingleUse.once(stream, "a Flux of one PollStream (FluxBridge.toFlux(stream))",
                "FluxBridge.toFlux(() -> buildTheStream())"), runtime);
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
     * {@link MonoBridge#await(Mono)}, {@link #forEach} and {@link ReactorBridge#currentContext()} work as in
     * {@link MonoBridge#mono}.
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
     * Consumes {@code publisher} inside an {@code Async} body: calls {@code action} on the body
     * thread for each item, in order, suspending the body between items; returns when the
     * publisher completes and throws its error as {@link MonoBridge#await(Mono)} does. Items are requested
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
        InBody.require("FluxBridge.forEach(Publisher, Consumer)", "FluxBridge.flux, MonoBridge.mono, Async.run",
                "FluxBridge.toPollStream(publisher)");
        try (PollStream<T> items = toPollStream(publisher)) {
            for (T item = Async.next(items); item != null; item = Async.next(items)) {
                action.accept(item);
            }
        }
    }
}
