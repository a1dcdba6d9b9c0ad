package dev.pollbridge.runtime.bridge;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.bridge.FirstFromStream;
import dev.pollbridge.runtime.internal.bridge.FlowAdapter;
import dev.pollbridge.runtime.internal.bridge.SingleFromStream;
import dev.pollbridge.runtime.internal.bridge.StreamFromPublisher;
import java.util.concurrent.Flow;

/**
 * Converts between JDK {@link Flow.Publisher}s and Pollbridge streams and futures: the same
 * engine and the same behaviour as {@link ReactiveStreamsBridge}, whose rules
 * ({@code java.util.concurrent.Flow} follows the Reactive Streams specification) apply here
 * word for word.
 *
 * <h2>Publisher to stream</h2>
 * {@link #toStream(Flow.Publisher, int)} subscribes on the first {@code pollNext}, requests
 * {@code prefetch} items, and requests {@code prefetch - prefetch / 4} more each time that many
 * have been polled (few, large requests, like Reactor's {@code limitRate}). Items wait in a
 * bounded ring of {@code prefetch} slots; {@code onError} and {@code onComplete} surface after
 * the items received before them. A publisher that sends more items than requested breaks
 * rule 1.1: the stream then fails with an {@link IllegalStateException} (after the items
 * already queued) and the subscription is cancelled. Closing the stream cancels the
 * subscription (once, and not after the publisher terminated) and drops the queued items.
 *
 * <h2>Threads</h2>
 * The publisher may signal on any thread, including inside {@code subscribe} or
 * {@code request}; the stream is polled by its owner. The subscriber inside the stream obeys
 * every rule of section 2 of the specification (it cancels a second subscription, throws
 * {@link NullPointerException} for {@code null} signals and then fails the stream, calls its
 * subscription serially, and never calls it from {@code onComplete}/{@code onError}).
 *
 * <h2>Cancel safety</h2>
 * {@code pollNext} of a bridged stream is cancel-safe: an item is removed from the ring only
 * when it is returned, so closing the stream loses nothing that was returned, and items not yet
 * returned are dropped together with the subscription, as requested. {@link #first},
 * {@link #firstOrError} and {@link #single} are not: closing them discards whatever the
 * publisher already sent.
 */
public final class FlowBridge {

    /** The prefetch of {@link #toStream(Flow.Publisher)}: items requested ahead of the poller. */
    public static final int DEFAULT_PREFETCH = ReactiveStreamsBridge.DEFAULT_PREFETCH;

    /** The largest prefetch {@link #toStream(Flow.Publisher, int)} accepts (2^24). */
    public static final int MAX_PREFETCH = StreamFromPublisher.MAX_PREFETCH;

    private FlowBridge() {}

    /**
     * {@code publisher} as a stream with a prefetch of {@value #DEFAULT_PREFETCH}. See
     * {@link #toStream(Flow.Publisher, int)}.
     */
    public static <T> PollStream<T> toStream(Flow.Publisher<? extends T> publisher) {
        return toStream(publisher, DEFAULT_PREFETCH);
    }

    /**
     * {@code publisher} as a stream. Nothing happens until the first {@code pollNext}, which
     * subscribes on the polling thread. The stream's waker handling has no lost wake-ups:
     * {@code onSubscribe} and the items may arrive on any thread, before or after a poll
     * returned {@code pending}.
     *
     * @param prefetch items requested ahead of the poller, in {@code [1, MAX_PREFETCH]}; the
     *     ring of that many slots is allocated here
     * @throws IllegalArgumentException if {@code prefetch} is out of range
     */
    public static <T> PollStream<T> toStream(Flow.Publisher<? extends T> publisher, int prefetch) {
        return new StreamFromPublisher<>(FlowAdapter.source(publisher), prefetch);
    }

    /**
     * The first item of {@code publisher}, or {@code null} if it completes empty. Subscribes on
     * the first poll, requests one item and cancels the subscription as soon as it has it.
     * Closing the future before then cancels the subscription. Not cancel-safe (see the class
     * description).
     */
    public static <T> PollFuture<T> first(Flow.Publisher<? extends T> publisher) {
        return new FirstFromStream<>(toStream(publisher, 1), false);
    }

    /**
     * Like {@link #first}, but an empty publisher fails the future with
     * {@link java.util.NoSuchElementException}.
     */
    public static <T> PollFuture<T> firstOrError(Flow.Publisher<? extends T> publisher) {
        return new FirstFromStream<>(toStream(publisher, 1), true);
    }

    /**
     * The only item of {@code publisher}: completes when the publisher completes after exactly
     * one item. Fails with {@link java.util.NoSuchElementException} if it completes empty, and
     * with {@link IllegalArgumentException} as soon as a second item arrives (the subscription
     * is then cancelled). Requests two items, so a second item is seen as soon as it is sent.
     * Closing the future cancels the subscription. Not cancel-safe.
     */
    public static <T> PollFuture<T> single(Flow.Publisher<? extends T> publisher) {
        return new SingleFromStream<>(toStream(publisher, 2));
    }
}
