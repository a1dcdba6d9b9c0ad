package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.async.AsyncStreamBody;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.runtime.bridge.engine.ItemFromStream.Which;
import io.reactivex.rxjava3.core.Flowable;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * RxJava 3's {@link Flowable} and Pollbridge, both directions, with backpressure: a Flowable as a
 * lazy {@link PollStream} ({@link #toPollStream}); one of its items as a lazy {@link PollFuture}
 * ({@link #firstItem}, {@link #lastItem}, {@link #singleItem} and their {@code OrNull} and
 * {@code OrDefault} forms) or awaited inside an {@code Async} body ({@link #awaitFirst},
 * {@link #awaitLast}, {@link #awaitSingle} and their forms, kotlinx-coroutines-rx3's names); a
 * stream as a cold Flowable ({@link #toFlowable}); an {@code Async} stream body as a Flowable
 * ({@link #rxFlowable}, kotlinx's {@code rxFlowable}). Threads, and the errors nobody can take, as
 * {@link RxJavaBridge} says for the whole adapter; see {@code docs/rxjava.md} for the naming
 * scheme and the table of conversions.
 */
public final class FlowableBridge {

    static {
        NonBlockingWorkers.register();
    }

    private FlowableBridge() {}

    // ---- Flowable -> PollStream (into the pull model) ------------------------------------------------

    /**
     * {@code flowable} as a stream with the default prefetch of
     * {@link ReactiveStreamsBridge#DEFAULT_PREFETCH}. See {@link #toPollStream(Flowable, int)}.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return a lazy stream of the source's items
     */
    public static <T> PollStream<T> toPollStream(Flowable<? extends T> flowable) {
        return toPollStream(flowable, ReactiveStreamsBridge.DEFAULT_PREFETCH);
    }

    /**
     * {@code flowable} as a stream on the generic bridge ({@link ReactiveStreamsBridge}):
     * subscribes on the first poll, requests {@code prefetch} items and replenishes in batches as
     * they are polled, so at most {@code prefetch} items wait in the stream. A Flowable that sends
     * more than it was asked for fails the stream (after the items before) and is cancelled. An
     * empty Flowable gives {@code done}; an error is passed through after the items before it.
     * A {@code request} or {@code cancel} of the Flowable that throws is contained: the first fails
     * the stream, the second goes to {@code RxJavaPlugins.onError}.
     *
     * <p><b>Cancellation:</b> closing the stream before the end cancels the subscription, exactly
     * once, and drops the prefetched items. {@code pollNext} is cancel-safe: an item leaves the
     * stream only when it is returned.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @param prefetch items requested ahead of the poller, in {@code [1, ReactiveStreamsBridge.MAX_PREFETCH]}
     * @return a lazy stream of the source's items
     * @throws NullPointerException if {@code flowable} is null
     * @throws IllegalArgumentException if {@code prefetch} is outside
     *     {@code [1, ReactiveStreamsBridge.MAX_PREFETCH]}
     */
    public static <T> PollStream<T> toPollStream(Flowable<? extends T> flowable, int prefetch) {
        return new StreamFromFlowable<>(flowable, prefetch);
    }

    // ---- one item of a Flowable, as a future ---------------------------------------------------------

    /**
     * The first item of {@code flowable} (the future form of {@link #awaitFirst}): subscribes on
     * the first poll, requests one item and cancels as soon as it has the first item. Fails with
     * {@link java.util.NoSuchElementException} if the Flowable completes empty and with its error
     * if it fails first. Not cancel-safe: closing the future cancels the Flowable and drops what
     * arrived. An error after that goes to {@code RxJavaPlugins.onError} (not the cancellation
     * itself).
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return a lazy future of the first item
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> PollFuture<T> firstItem(Flowable<? extends T> flowable) {
        return OneItem.of(flowable, Which.FIRST, true, null);
    }

    /**
     * Like {@link #firstItem(Flowable)}, but an empty Flowable gives {@code null} (the future form
     * of {@link #awaitFirstOrNull}).
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return a lazy future of the first item, or of {@code null}
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> PollFuture<T> firstItemOrNull(Flowable<? extends T> flowable) {
        return OneItem.of(flowable, Which.FIRST, false, null);
    }

    /**
     * Like {@link #firstItem(Flowable)}, but an empty Flowable gives {@code defaultValue} (the
     * future form of {@link #awaitFirstOrDefault}; for kotlinx's {@code awaitFirstOrElse}, map the
     * result of {@link #firstItemOrNull(Flowable)}).
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @param defaultValue the value if the Flowable completes empty; may be {@code null}
     * @return a lazy future of the first item, or of {@code defaultValue}
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> PollFuture<T> firstItemOrDefault(Flowable<? extends T> flowable, T defaultValue) {
        return OneItem.of(flowable, Which.FIRST, false, defaultValue);
    }

    /**
     * The last item of {@code flowable} (the future form of {@link #awaitLast}): reads it to its
     * end (requesting 256 items at a time) and is ready with the item before {@code onComplete},
     * taking at most 128 items per poll. Fails with {@link java.util.NoSuchElementException} if it
     * completes empty and with its error if it fails. Items passed over that are
     * {@link AutoCloseable} are closed. Not cancel-safe.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return a lazy future of the last item
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> PollFuture<T> lastItem(Flowable<? extends T> flowable) {
        return OneItem.of(flowable, Which.LAST, true, null);
    }

    /**
     * Like {@link #lastItem(Flowable)}, but an empty Flowable gives {@code null}.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return a lazy future of the last item, or of {@code null}
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> PollFuture<T> lastItemOrNull(Flowable<? extends T> flowable) {
        return OneItem.of(flowable, Which.LAST, false, null);
    }

    /**
     * The only item of {@code flowable} (the future form of {@link #awaitSingle}): requests two
     * items, and is ready once the Flowable completes after exactly one item. Fails with
     * {@link java.util.NoSuchElementException} if it completes empty, and with
     * {@link IllegalArgumentException} as soon as a second item arrives (the Flowable is then
     * cancelled). Not cancel-safe.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return a lazy future of the only item
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> PollFuture<T> singleItem(Flowable<? extends T> flowable) {
        return OneItem.of(flowable, Which.SINGLE, true, null);
    }

    /**
     * Like {@link #singleItem(Flowable)}, but an empty Flowable gives {@code null}; a second item
     * still fails with {@link IllegalArgumentException}.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return a lazy future of the only item, or of {@code null}
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> PollFuture<T> singleItemOrNull(Flowable<? extends T> flowable) {
        return OneItem.of(flowable, Which.SINGLE, false, null);
    }

    // ---- await one item inside an Async body (kotlinx-coroutines-rx3's names) ----------------------

    /**
     * Awaits the first item of {@code flowable} inside an {@code Async} body and returns the first
     * item: kotlinx-coroutines-rx3's {@code awaitFirst}, the same as
     * {@code Async.await(firstItem(flowable))} ({@link #firstItem(Flowable)} says how the source is
     * read and when it is stopped). Fails with {@link java.util.NoSuchElementException} if the
     * Flowable completes empty. Errors are rethrown as the same instance (undeclared if checked).
     *
     * <p>Threads: suspends the body, not a worker. The source is subscribed when the body awaits,
     * RxJava signals on its own threads, and the body resumes once the item or the end arrived.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while it waits, the Flowable is cancelled,
     * the items that had arrived are dropped (closed if {@link AutoCloseable}), and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return the first item
     * @throws IllegalStateException if called outside an {@code Async} body (nothing is subscribed)
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> T awaitFirst(Flowable<? extends T> flowable) {
        return Awaits.await(firstItem(flowable), "FlowableBridge.awaitFirst(Flowable)", "FlowableBridge.firstItem");
    }

    /**
     * Awaits the first item of {@code flowable} inside an {@code Async} body and returns the first
     * item, or {@code null} for an empty Flowable: kotlinx-coroutines-rx3's
     * {@code awaitFirstOrNull}, the same as {@code Async.await(firstItemOrNull(flowable))}
     * ({@link #firstItemOrNull(Flowable)} says how the source is read and when it is stopped).
     * Errors are rethrown as the same instance (undeclared if checked).
     *
     * <p>Threads: suspends the body, not a worker. The source is subscribed when the body awaits,
     * RxJava signals on its own threads, and the body resumes once the item or the end arrived.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while it waits, the Flowable is cancelled,
     * the items that had arrived are dropped (closed if {@link AutoCloseable}), and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return the first item, or {@code null} for an empty Flowable
     * @throws IllegalStateException if called outside an {@code Async} body (nothing is subscribed)
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> T awaitFirstOrNull(Flowable<? extends T> flowable) {
        return Awaits.await(firstItemOrNull(flowable), "FlowableBridge.awaitFirstOrNull(Flowable)", "FlowableBridge.firstItemOrNull");
    }

    /**
     * Awaits the first item of {@code flowable} inside an {@code Async} body and returns the first
     * item, or {@code defaultValue} for an empty Flowable: kotlinx-coroutines-rx3's
     * {@code awaitFirstOrDefault}, the same as
     * {@code Async.await(firstItemOrDefault(flowable, defaultValue))}
     * ({@link #firstItemOrDefault(Flowable, Object)} says how the source is read and when it is
     * stopped). Errors are rethrown as the same instance (undeclared if checked).
     *
     * <p>Threads: suspends the body, not a worker. The source is subscribed when the body awaits,
     * RxJava signals on its own threads, and the body resumes once the item or the end arrived.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while it waits, the Flowable is cancelled,
     * the items that had arrived are dropped (closed if {@link AutoCloseable}), and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @param defaultValue the value if the Flowable completes empty; may be {@code null}
     * @return the first item, or {@code defaultValue} for an empty Flowable
     * @throws IllegalStateException if called outside an {@code Async} body (nothing is subscribed)
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> T awaitFirstOrDefault(Flowable<? extends T> flowable, T defaultValue) {
        return Awaits.await(firstItemOrDefault(flowable, defaultValue), "FlowableBridge.awaitFirstOrDefault(Flowable)", "FlowableBridge.firstItemOrDefault");
    }

    /**
     * Awaits the last item of {@code flowable} inside an {@code Async} body and returns the last
     * item: kotlinx-coroutines-rx3's {@code awaitLast}, the same as
     * {@code Async.await(lastItem(flowable))} ({@link #lastItem(Flowable)} says how the source is
     * read and when it is stopped). Fails with {@link java.util.NoSuchElementException} if the
     * Flowable completes empty. Errors are rethrown as the same instance (undeclared if checked).
     *
     * <p>Threads: suspends the body, not a worker. The source is subscribed when the body awaits,
     * RxJava signals on its own threads, and the body resumes once the item or the end arrived.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while it waits, the Flowable is cancelled,
     * the items that had arrived are dropped (closed if {@link AutoCloseable}), and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return the last item
     * @throws IllegalStateException if called outside an {@code Async} body (nothing is subscribed)
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> T awaitLast(Flowable<? extends T> flowable) {
        return Awaits.await(lastItem(flowable), "FlowableBridge.awaitLast(Flowable)", "FlowableBridge.lastItem");
    }

    /**
     * Awaits the last item of {@code flowable} inside an {@code Async} body and returns the last
     * item, or {@code null} for an empty Flowable: kotlinx-coroutines-rx3's
     * {@code awaitLastOrNull}, the same as {@code Async.await(lastItemOrNull(flowable))}
     * ({@link #lastItemOrNull(Flowable)} says how the source is read and when it is stopped).
     * Errors are rethrown as the same instance (undeclared if checked).
     *
     * <p>Threads: suspends the body, not a worker. The source is subscribed when the body awaits,
     * RxJava signals on its own threads, and the body resumes once the item or the end arrived.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while it waits, the Flowable is cancelled,
     * the items that had arrived are dropped (closed if {@link AutoCloseable}), and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return the last item, or {@code null} for an empty Flowable
     * @throws IllegalStateException if called outside an {@code Async} body (nothing is subscribed)
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> T awaitLastOrNull(Flowable<? extends T> flowable) {
        return Awaits.await(lastItemOrNull(flowable), "FlowableBridge.awaitLastOrNull(Flowable)", "FlowableBridge.lastItemOrNull");
    }

    /**
     * Awaits the only item of {@code flowable} inside an {@code Async} body and returns the only
     * item: kotlinx-coroutines-rx3's {@code awaitSingle}, the same as
     * {@code Async.await(singleItem(flowable))} ({@link #singleItem(Flowable)} says how the source
     * is read and when it is stopped). Fails with {@link java.util.NoSuchElementException} if the
     * Flowable completes empty, and with {@link IllegalArgumentException} at a second item. Errors
     * are rethrown as the same instance (undeclared if checked).
     *
     * <p>Threads: suspends the body, not a worker. The source is subscribed when the body awaits,
     * RxJava signals on its own threads, and the body resumes once the item or the end arrived.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while it waits, the Flowable is cancelled,
     * the items that had arrived are dropped (closed if {@link AutoCloseable}), and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return the only item
     * @throws IllegalStateException if called outside an {@code Async} body (nothing is subscribed)
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> T awaitSingle(Flowable<? extends T> flowable) {
        return Awaits.await(singleItem(flowable), "FlowableBridge.awaitSingle(Flowable)", "FlowableBridge.singleItem");
    }

    /**
     * Awaits the only item of {@code flowable} inside an {@code Async} body and returns the only
     * item, or {@code null} for an empty Flowable: kotlinx-coroutines-rx3's
     * {@code awaitSingleOrNull}, the same as {@code Async.await(singleItemOrNull(flowable))}
     * ({@link #singleItemOrNull(Flowable)} says how the source is read and when it is stopped). A
     * second item still fails with {@link IllegalArgumentException}. Errors are rethrown as the
     * same instance (undeclared if checked).
     *
     * <p>Threads: suspends the body, not a worker. The source is subscribed when the body awaits,
     * RxJava signals on its own threads, and the body resumes once the item or the end arrived.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while it waits, the Flowable is cancelled,
     * the items that had arrived are dropped (closed if {@link AutoCloseable}), and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return the only item, or {@code null} for an empty Flowable
     * @throws IllegalStateException if called outside an {@code Async} body (nothing is subscribed)
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> T awaitSingleOrNull(Flowable<? extends T> flowable) {
        return Awaits.await(singleItemOrNull(flowable), "FlowableBridge.awaitSingleOrNull(Flowable)", "FlowableBridge.singleItemOrNull");
    }

    // ---- PollStream -> Flowable (out of the pull model) ----------------------------------------------

    /**
     * {@link #toFlowable(Supplier, PollRuntime)} on {@link PollRuntime#shared()}.
     *
     * @param <T> the item type
     * @param streamFactory makes the stream of each subscription; called on the subscribing thread
     * @return a cold Flowable
     */
    public static <T> Flowable<T> toFlowable(Supplier<? extends PollStream<? extends T>> streamFactory) {
        return toFlowable(streamFactory, PollRuntime.shared());
    }

    /**
     * A cold Flowable whose every subscription calls {@code streamFactory} (on the subscribing
     * thread) and spawns a task on {@code runtime} that polls the new stream <em>at most one item
     * ahead of the subscriber's demand</em> (backpressure is "nobody polled"), on the generic
     * {@link ReactiveStreamsBridge#toPublisher} engine. Items are {@code onNext}, the end
     * {@code onComplete}, a failure {@code onError} with the same instance; the end goes out
     * without waiting for demand (an empty stream completes a subscriber that never requested).
     * Signals arrive on a runtime worker. {@code request(n <= 0)} ends the subscription with
     * {@code onError(IllegalArgumentException)} (rule 3.9). Passes the Reactive Streams TCK.
     *
     * <p><b>Cancellation:</b> {@code Subscription.cancel()} aborts the task: the runtime closes
     * the stream exactly once at the task's next suspension point, and nothing is signalled after
     * (a failure the stream produced meanwhile goes to {@code RxJavaPlugins.onError}). A runtime
     * closed under a live subscription ends it with {@code onError(CancellationException)}; a
     * closed runtime fails new subscriptions with {@code RejectedExecutionException}. A factory
     * that throws or returns {@code null} fails that subscription.
     *
     * <p><b>Cancel safety:</b> items are pulled at most one ahead of demand, so a cancel loses
     * at most that one pulled item (dropped, and closed if it is {@link AutoCloseable}); the
     * stream's own cancel safety covers the rest.
     *
     * @param <T> the item type
     * @param streamFactory makes the stream of each subscription; called on the subscribing thread
     * @param runtime runs the task of each subscription
     * @return a cold Flowable
     * @throws NullPointerException if an argument is null
     */
    public static <T> Flowable<T> toFlowable(Supplier<? extends PollStream<? extends T>> streamFactory, PollRuntime runtime) {
        return FlowableFromStream.of(streamFactory, runtime);
    }

    /**
     * {@link #toFlowable(PollStream, PollRuntime)} on {@link PollRuntime#shared()}: so that
     * {@code stream.to(FlowableBridge::toFlowable)} reads as RxJava's {@code flowable.to(...)}.
     *
     * @param <T> the item type
     * @param stream the stream; the Flowable's one subscription takes it over
     * @return a Flowable of the stream's items, subscribable once
     */
    public static <T> Flowable<T> toFlowable(PollStream<T> stream) {
        return toFlowable(stream, PollRuntime.shared());
    }

    /**
     * A Flowable of this one stream: {@link #toFlowable(Supplier, PollRuntime)} with a supplier
     * that hands out {@code stream} to the first subscription, whose task then owns it.
     * <b>Single use:</b> a second subscription fails with an {@link IllegalStateException} that
     * names the fix, {@code toFlowable(() -> buildTheStream())}, a supplier that builds a new
     * stream per subscription. A Flowable that is never subscribed never polls or closes the
     * stream.
     *
     * @param <T> the item type
     * @param stream the stream; the Flowable's one subscription takes it over
     * @param runtime runs the subscription's task
     * @return a Flowable of the stream's items, subscribable once
     * @throws NullPointerException if an argument is null
     */
    public static <T> Flowable<T> toFlowable(PollStream<T> stream, PollRuntime runtime) {
        Objects.requireNonNull(stream, "stream");
        return FlowableFromStream.of(Subscriptions.once(stream, "a Flowable", "FlowableBridge.toFlowable"), runtime);
    }

    // ---- builder: an Async body as a Flowable --------------------------------------------------------

    /**
     * {@link #rxFlowable(AsyncStreamBody, PollRuntime)} on {@link PollRuntime#shared()}: kotlinx's
     * {@code rxFlowable { }}.
     *
     * @param <T> the item type
     * @param body the body, run once per subscription
     * @return a cold Flowable
     */
    public static <T> Flowable<T> rxFlowable(AsyncStreamBody<T> body) {
        return rxFlowable(body, PollRuntime.shared());
    }

    /**
     * A cold Flowable whose every subscription runs {@code body} as an {@link Async#stream} body on
     * a task of {@code runtime}: each {@link dev.pollbridge.runtime.async.AsyncEmitter#emit emit}
     * waits until the item was taken; the bridge takes items at most one ahead of the subscriber's
     * demand, so the body runs at most two items ahead of its subscriber (one held by the bridge,
     * one it is offering), as kotlinx's builder runs one {@code send} ahead. The body returning
     * completes the Flowable, also without demand; what it throws is the error.
     *
     * <p><b>Cancellation:</b> cancelling the subscription (a downstream {@code take(n)}, a
     * {@code timeout}, a disposed subscriber) cancels the body: its pending {@code emit} or
     * {@code await} throws {@link java.util.concurrent.CancellationException}, {@code finally}
     * blocks run, later code does not; an item it was offering, and one the bridge held, are
     * dropped.
     *
     * @param <T> the item type
     * @param body the body, run once per subscription
     * @param runtime runs the task of each subscription
     * @return a cold Flowable
     * @throws NullPointerException if an argument is null
     */
    public static <T> Flowable<T> rxFlowable(AsyncStreamBody<T> body, PollRuntime runtime) {
        Objects.requireNonNull(body, "body");
        return toFlowable(() -> Async.stream(body), runtime);
    }
}
