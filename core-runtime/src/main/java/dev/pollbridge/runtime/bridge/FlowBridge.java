package dev.pollbridge.runtime.bridge;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.bridge.engine.FlowAdapter;
import dev.pollbridge.runtime.bridge.engine.InBody;
import dev.pollbridge.runtime.bridge.engine.ItemFromStream;
import dev.pollbridge.runtime.bridge.engine.ItemFromStream.Which;
import dev.pollbridge.runtime.bridge.engine.PublisherFromStream;
import dev.pollbridge.runtime.bridge.engine.RuntimeSpawner;
import dev.pollbridge.runtime.bridge.engine.StreamFromPublisher;
import java.util.NoSuchElementException;
import java.util.concurrent.Flow;
import java.util.function.Supplier;

/**
 * Converts between JDK {@link Flow.Publisher}s and Pollbridge streams and futures: the same
 * engine and the same behaviour as {@link ReactiveStreamsBridge}, whose rules
 * ({@code java.util.concurrent.Flow} follows the Reactive Streams specification) apply here
 * word for word.
 *
 * <h2>Publisher to stream</h2>
 * {@link #toPollStream(Flow.Publisher, int)} subscribes on the first {@code pollNext}, requests
 * {@code prefetch} items, and requests {@code prefetch - prefetch / 4} more each time that many
 * have been polled, at the next poll (few, large requests, like Reactor's {@code limitRate}). Items wait in a
 * bounded ring of {@code prefetch} slots; {@code onError} and {@code onComplete} surface after
 * the items received before them. A publisher that sends more items than requested breaks
 * rule 1.1: the stream then fails with an {@link IllegalStateException} (after the items
 * already queued) and the subscription is cancelled. Closing the stream cancels the
 * subscription (once, and not after the publisher terminated) and drops the queued items.
 *
 * <h2>Stream to publisher</h2>
 * {@link #toPublisher(Supplier, PollRuntime)} serves each subscriber a fresh stream, polled by a
 * task on the runtime at most one item ahead of the subscriber's demand, so its end is signalled
 * without waiting for a request; {@code cancel()} aborts the task, which closes the stream
 * exactly once. {@link #toOneItemPublisher(Supplier, PollRuntime)} does
 * the same for a future, as a publisher of at most one item. Without a runtime argument they
 * use {@link PollRuntime#shared()}.
 *
 * <h2>Threads</h2>
 * The publisher may signal on any thread, including inside {@code subscribe} or
 * {@code request}; the stream is polled by its owner. The subscriber inside the stream obeys
 * every rule of section 2 of the specification (it cancels a second subscription, throws
 * {@link NullPointerException} for {@code null} signals and then fails the stream, calls its
 * subscription serially, and never calls it from {@code onComplete}/{@code onError}). It does
 * not ask the publisher to deliver on one thread: signals may come from any thread as long as
 * they do not overlap (rule 1.3).
 *
 * <h2>Broken peers</h2>
 * A publisher, stream or subscriber that breaks the specification never hangs the other side,
 * never kills a runtime thread and never makes {@code pollNext} or {@code close} throw. Publisher
 * to stream: {@code onNext(null)}/{@code onError(null)} (rule 2.13), overlapping signals
 * (rule 1.3), a {@code request} that throws and the active subscription signalled twice fail
 * the stream with an exception naming the rule, and cancel; a {@code cancel} that throws and a
 * signal after the terminal one are reported to the uncaught-failure handler of the runtime
 * whose task polled first (else {@link System.Logger}). Items the stream drops unread
 * (prefetched when it is closed, or arriving after cancel) are closed if they are
 * {@link AutoCloseable}. Stream to publisher: a {@code pollNext} that throws or returns
 * {@code null} becomes {@code onError}; a {@code close} that throws is reported and the
 * subscriber still gets its {@code onComplete}. {@code docs/reliability.md} has the full table.
 *
 * <h2>Cancel safety</h2>
 * {@code pollNext} of a bridged stream is cancel-safe: an item is removed from the ring only
 * when it is returned, so closing the stream loses nothing that was returned, and items not yet
 * returned are dropped together with the subscription, as requested. The one-item futures
 * ({@link #firstItem}, {@link #firstItemOrNull}, {@link #firstItemOrDefault}, {@link #lastItem},
 * {@link #lastItemOrNull}, {@link #singleItem}, {@link #singleItemOrNull}) and the awaits built on
 * them ({@link #awaitFirst} ...) are not: closing them, or cancelling the body, discards whatever
 * the publisher already sent.
 */
public final class FlowBridge {

    /** The prefetch of {@link #toPollStream(Flow.Publisher)}: items requested ahead of the poller. */
    public static final int DEFAULT_PREFETCH = ReactiveStreamsBridge.DEFAULT_PREFETCH;

    /** The largest prefetch {@link #toPollStream(Flow.Publisher, int)} accepts (2^24). */
    public static final int MAX_PREFETCH = StreamFromPublisher.MAX_PREFETCH;

    private FlowBridge() {}

    /**
     * {@code publisher} as a stream with a prefetch of {@value #DEFAULT_PREFETCH}. See
     * {@link #toPollStream(Flow.Publisher, int)}.
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to on the first poll
     * @return a lazy stream of the publisher's items
     */
    public static <T> PollStream<T> toPollStream(Flow.Publisher<? extends T> publisher) {
        return toPollStream(publisher, DEFAULT_PREFETCH);
    }

    /**
     * {@code publisher} as a stream. Nothing happens until the first {@code pollNext}, which
     * subscribes on the polling thread. The stream's waker handling has no lost wake-ups:
     * {@code onSubscribe} and the items may arrive on any thread, before or after a poll
     * returned {@code pending}.
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to on the first poll
     * @param prefetch items requested ahead of the poller, in {@code [1, MAX_PREFETCH]}; the
     *     ring of that many slots is allocated here
     * @return a lazy stream of the publisher's items
     * @throws IllegalArgumentException if {@code prefetch} is out of range
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollStream<T> toPollStream(Flow.Publisher<? extends T> publisher, int prefetch) {
        return new StreamFromPublisher<>(FlowAdapter.source(publisher), prefetch);
    }

    /**
     * A cold publisher that serves each subscriber a fresh stream from {@code streamFactory},
     * driven by a task on {@link PollRuntime#shared()} (looked up at the first subscription). See
     * {@link #toPublisher(Supplier, PollRuntime)}.
     *
     * @param <T> the item type
     * @param streamFactory builds one stream per subscriber, on the subscribing thread
     * @return a cold Flow publisher of the streams' items
     */
    public static <T> Flow.Publisher<T> toPublisher(Supplier<? extends PollStream<? extends T>> streamFactory) {
        return FlowAdapter.publisher(new PublisherFromStream<T>(streamFactory, RuntimeSpawner.onShared()));
    }

    /**
     * A cold publisher that serves each subscriber a fresh stream from {@code streamFactory},
     * driven by a task spawned on {@code runtime}.
     *
     * <p><b>Subscribe.</b> {@code subscribe} calls the factory on the subscribing thread. If it
     * throws or returns {@code null}, the subscriber gets {@code onSubscribe} and then
     * {@code onError} with that failure (a {@link NullPointerException} for {@code null}) without
     * having to request (a rejected subscription, rule 1.9). Otherwise {@code onSubscribe} runs
     * on the subscribing thread and then one task is spawned; every later signal comes from that
     * task, on a runtime worker, one at a time (rule 1.3).
     *
     * <p><b>Demand.</b> The task keeps the stream polled at most one item ahead of the
     * outstanding demand: with no demand it polls once more and holds the item it gets until a
     * request comes (or drops it, closing it if it is {@link AutoCloseable}, if the subscriber
     * cancels first). No item is emitted that nobody asked for (rule 1.1), and at most one is
     * produced. {@code request(n)} adds {@code n} (up to {@code Long.MAX_VALUE}, which means
     * unbounded, rule 3.17) and wakes the task; it never emits inline, so a {@code request} from
     * inside {@code onNext} cannot recurse (rule 3.3). {@code request(n <= 0)} ends the
     * subscription with {@code onError(IllegalArgumentException)} (rule 3.9). A task polls the
     * stream at most 128 times per poll and then yields its worker (rule 16).
     *
     * <p><b>End.</b> The stream's {@code done} becomes {@code onComplete}; its failure (also a
     * {@code pollNext} that throws or yields {@code null}) becomes {@code onError}. Thanks to the
     * look-ahead the end goes out as soon as the stream returns it, without demand: an empty
     * stream completes a subscriber that never requested, and a one-item stream completes right
     * after its item. The stream is closed before the terminal signal.
     *
     * <p><b>Cancellation.</b> {@code cancel()} aborts the task, and the runtime closes the stream,
     * exactly once, on one of its threads (never inside {@code cancel()}); the subscription drops
     * its reference to the subscriber (rule 3.13). If the runtime is closed under a live
     * subscription, the subscriber gets {@code onError(CancellationException)}; a subscription
     * made after the runtime closed gets {@code onError(RejectedExecutionException)}.
     *
     * <p><b>Subscriber exceptions</b> (rule 2.13). If {@code onSubscribe}, {@code onNext},
     * {@code onError} or {@code onComplete} throws, the subscription is cancelled (the stream
     * closed) and the exception goes to the runtime's uncaught-failure handler. It is never
     * passed back to the subscriber. A failure of the stream that comes after the subscriber
     * cancelled goes to the same handler, unless it is the cancellation itself (a
     * {@code CancellationException}): errors after cancellation are reported exactly once.
     *
     * @param <T> the item type
     * @param streamFactory builds one stream per subscriber, on the subscribing thread
     * @param runtime the runtime whose task drives each subscriber's stream
     * @return a cold Flow publisher of the streams' items
     * @throws NullPointerException if an argument is null
     */
    public static <T> Flow.Publisher<T> toPublisher(
            Supplier<? extends PollStream<? extends T>> streamFactory, PollRuntime runtime) {
        return FlowAdapter.publisher(new PublisherFromStream<T>(streamFactory, RuntimeSpawner.on(runtime)));
    }

    /**
     * A cold publisher of at most one item: each subscriber gets a fresh future from
     * {@code futureFactory}, driven by a task on {@link PollRuntime#shared()}. See
     * {@link #toOneItemPublisher(Supplier, PollRuntime)}.
     *
     * @param <T> the value type
     * @param futureFactory builds one future per subscriber, on the subscribing thread
     * @return a cold Flow publisher of at most one item
     */
    public static <T> Flow.Publisher<T> toOneItemPublisher(Supplier<? extends PollFuture<? extends T>> futureFactory) {
        return FlowAdapter.publisher(PublisherFromStream.ofFutures(futureFactory, RuntimeSpawner.onShared()));
    }

    /**
     * A cold publisher of at most one item: each subscriber gets a fresh future from
     * {@code futureFactory}, polled by a task on {@code runtime} from the subscription on (the
     * look-ahead of {@link #toPublisher(Supplier, PollRuntime)}; the value waits for a request). A
     * value becomes {@code onNext} and {@code onComplete}; a {@code null} value is
     * an empty completion; a failure becomes {@code onError}. Subscription, demand,
     * cancellation (which closes the future) and subscriber exceptions behave as in
     * {@link #toPublisher(Supplier, PollRuntime)}.
     *
     * @param <T> the value type
     * @param futureFactory builds one future per subscriber, on the subscribing thread
     * @param runtime the runtime whose task drives each subscriber's future
     * @return a cold Flow publisher of at most one item
     * @throws NullPointerException if an argument is null
     */
    public static <T> Flow.Publisher<T> toOneItemPublisher(
            Supplier<? extends PollFuture<? extends T>> futureFactory, PollRuntime runtime) {
        return FlowAdapter.publisher(PublisherFromStream.ofFutures(futureFactory, RuntimeSpawner.on(runtime)));
    }

    // ---- one item as a future: firstItem, lastItem, singleItem ... ---------------------------------

    /**
     * The first item of {@code publisher} (kotlinx's {@code awaitFirst}). Subscribes on the
     * first poll, requests one item and cancels the subscription as soon as it has it. Fails with
     * {@link NoSuchElementException} if the publisher completes empty, and with the publisher's
     * own exception if it fails first. Closing the future before then cancels the subscription.
     * Not cancel-safe (see the class description).
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to on the first poll
     * @return a lazy future of the first item
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> firstItem(Flow.Publisher<? extends T> publisher) {
        return ItemFromStream.required(streamFor(publisher, Which.FIRST), Which.FIRST, null);
    }

    /**
     * Like {@link #firstItem}, but an empty publisher gives {@code null} (kotlinx's
     * {@code awaitFirstOrNull}).
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to on the first poll
     * @return a lazy future of the first item, or of {@code null} if there is none
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> firstItemOrNull(Flow.Publisher<? extends T> publisher) {
        return ItemFromStream.orDefault(streamFor(publisher, Which.FIRST), Which.FIRST, null, null);
    }

    /**
     * Like {@link #firstItem}, but an empty publisher gives {@code defaultValue} (kotlinx's
     * {@code awaitFirstOrDefault}; for {@code awaitFirstOrElse}, map the result of
     * {@link #firstItemOrNull}).
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to on the first poll
     * @param defaultValue the value if the publisher completes empty; may be {@code null}
     * @return a lazy future of the first item, or of {@code defaultValue}
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> firstItemOrDefault(Flow.Publisher<? extends T> publisher, T defaultValue) {
        return ItemFromStream.orDefault(streamFor(publisher, Which.FIRST), Which.FIRST, defaultValue, null);
    }

    /**
     * The last item of {@code publisher} (kotlinx's {@code awaitLast}): reads it to its end,
     * requesting {@value #DEFAULT_PREFETCH} items at a time, and is ready with the item before
     * {@code onComplete}. Fails with {@link NoSuchElementException} if the publisher completes
     * empty and with its exception if it fails (the items before are then dropped). Each poll
     * takes at most 128 items and then yields (rule 16). Closing the future cancels the
     * subscription. Not cancel-safe. Items passed over that are {@link AutoCloseable} are closed.
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to on the first poll
     * @return a lazy future of the last item
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> lastItem(Flow.Publisher<? extends T> publisher) {
        return ItemFromStream.required(streamFor(publisher, Which.LAST), Which.LAST, null);
    }

    /**
     * Like {@link #lastItem}, but an empty publisher gives {@code null}.
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to on the first poll
     * @return a lazy future of the last item, or of {@code null} if there is none
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> lastItemOrNull(Flow.Publisher<? extends T> publisher) {
        return ItemFromStream.orDefault(streamFor(publisher, Which.LAST), Which.LAST, null, null);
    }

    /**
     * The only item of {@code publisher} (kotlinx's {@code awaitSingle}): completes when the
     * publisher completes after exactly one item. Fails with
     * {@link NoSuchElementException} if it completes empty, and with
     * {@link IllegalArgumentException} as soon as a second item arrives (the subscription is then
     * cancelled and both items dropped). Requests two items, so a second item is seen as soon as
     * it is sent. Closing the future cancels the subscription. Not cancel-safe.
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to on the first poll
     * @return a lazy future of the only item
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> singleItem(Flow.Publisher<? extends T> publisher) {
        return ItemFromStream.required(streamFor(publisher, Which.SINGLE), Which.SINGLE, null);
    }

    /**
     * Like {@link #singleItem}, but an empty publisher gives {@code null}; a second item still
     * fails with {@link IllegalArgumentException}.
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to on the first poll
     * @return a lazy future of the only item, or of {@code null} if there is none
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> PollFuture<T> singleItemOrNull(Flow.Publisher<? extends T> publisher) {
        return ItemFromStream.orDefault(streamFor(publisher, Which.SINGLE), Which.SINGLE, null, null);
    }

    // ---- awaiting one item inside an Async body: kotlinx's awaitFirst, awaitLast, awaitSingle ... -

    /**
     * Awaits the first item of {@code publisher} inside an {@code Async} body (kotlinx's
     * {@code awaitFirst}): {@code Async.await(firstItem(publisher))}. Suspends the body (not a
     * worker) until the item arrives: the publisher is subscribed on the body's thread, signals
     * on its own threads, and the item is returned on the body's thread. Throws
     * {@link NoSuchElementException} if the publisher completes empty and its error as
     * {@link Async#await(PollFuture)} does.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while waiting, the subscription is
     * cancelled, an item already received is dropped and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to
     * @return the first item
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> T awaitFirst(Flow.Publisher<? extends T> publisher) {
        inBody("awaitFirst", "firstItem");
        return Async.await(firstItem(publisher));
    }

    /**
     * Like {@link #awaitFirst}, but an empty publisher gives {@code null} (kotlinx's
     * {@code awaitFirstOrNull}). Same threads and cancel safety.
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to
     * @return the first item, or {@code null} if there is none
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> T awaitFirstOrNull(Flow.Publisher<? extends T> publisher) {
        inBody("awaitFirstOrNull", "firstItemOrNull");
        return Async.await(firstItemOrNull(publisher));
    }

    /**
     * Like {@link #awaitFirst}, but an empty publisher gives {@code defaultValue} (kotlinx's
     * {@code awaitFirstOrDefault}). Same threads and cancel safety.
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to
     * @param defaultValue the value if the publisher completes empty; may be {@code null}
     * @return the first item, or {@code defaultValue}
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> T awaitFirstOrDefault(Flow.Publisher<? extends T> publisher, T defaultValue) {
        inBody("awaitFirstOrDefault", "firstItemOrDefault");
        return Async.await(firstItemOrDefault(publisher, defaultValue));
    }

    /**
     * Awaits the last item of {@code publisher} inside an {@code Async} body (kotlinx's
     * {@code awaitLast}): {@code Async.await(lastItem(publisher))}, reading the publisher to its
     * end. Throws {@link NoSuchElementException} if it completes empty. Same threads and cancel
     * safety as {@link #awaitFirst}.
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to
     * @return the last item
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> T awaitLast(Flow.Publisher<? extends T> publisher) {
        inBody("awaitLast", "lastItem");
        return Async.await(lastItem(publisher));
    }

    /**
     * Like {@link #awaitLast}, but an empty publisher gives {@code null}. Same threads and cancel
     * safety as {@link #awaitFirst}.
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to
     * @return the last item, or {@code null} if there is none
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> T awaitLastOrNull(Flow.Publisher<? extends T> publisher) {
        inBody("awaitLastOrNull", "lastItemOrNull");
        return Async.await(lastItemOrNull(publisher));
    }

    /**
     * Awaits the only item of {@code publisher} inside an {@code Async} body (kotlinx's
     * {@code awaitSingle}): {@code Async.await(singleItem(publisher))}. Throws
     * {@link NoSuchElementException} if it completes empty and {@link IllegalArgumentException} as
     * soon as a second item arrives (the subscription is then cancelled). Same threads and cancel
     * safety as {@link #awaitFirst}.
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to
     * @return the only item
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> T awaitSingle(Flow.Publisher<? extends T> publisher) {
        inBody("awaitSingle", "singleItem");
        return Async.await(singleItem(publisher));
    }

    /**
     * Like {@link #awaitSingle}, but an empty publisher gives {@code null} (kotlinx's
     * {@code awaitSingleOrNull}); a second item still throws {@link IllegalArgumentException}.
     * Same threads and cancel safety as {@link #awaitFirst}.
     *
     * @param <T> the item type
     * @param publisher the Flow publisher to subscribe to
     * @return the only item, or {@code null} if there is none
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code publisher} is null
     */
    public static <T> T awaitSingleOrNull(Flow.Publisher<? extends T> publisher) {
        inBody("awaitSingleOrNull", "singleItemOrNull");
        return Async.await(singleItemOrNull(publisher));
    }

    private static void inBody(String await, String futureForm) {
        InBody.require("FlowBridge." + await + "(Publisher)", "Async.run, Async.stream",
                "FlowBridge." + futureForm + "(publisher)");
    }

    private static <T> PollStream<T> streamFor(Flow.Publisher<? extends T> publisher, Which which) {
        // Stops the source inside the onNext of the last item the await needs (Which.limit).
        return new StreamFromPublisher<>(FlowAdapter.source(publisher), which.prefetch(), null, which.limit());
    }
}
