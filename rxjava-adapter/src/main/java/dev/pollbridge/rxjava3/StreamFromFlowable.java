package dev.pollbridge.rxjava3;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.runtime.bridge.adapters.WakerSlot;
import dev.pollbridge.runtime.bridge.engine.BatchStream;
import dev.pollbridge.runtime.bridge.engine.Downstream;
import dev.pollbridge.runtime.bridge.engine.FusedUpstream;
import dev.pollbridge.runtime.bridge.engine.Source;
import dev.pollbridge.runtime.bridge.engine.StreamFromPublisher;
import dev.pollbridge.rxjava3.internal.FusedFlowableSubscription;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.FlowableSubscriber;
import io.reactivex.rxjava3.exceptions.Exceptions;
import io.reactivex.rxjava3.exceptions.ProtocolViolationException;
import io.reactivex.rxjava3.operators.QueueSubscription;
import java.util.Objects;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;

/**
 * A {@link Flowable} seen as a {@link PollStream}: the push-to-pull direction with backpressure.
 * The stream is the generic {@link ReactiveStreamsBridge#toPollStream(Publisher, int)} (bounded
 * prefetch ring, replenished in batches of three quarters as items are polled, an over-producing
 * upstream fails the stream and is cancelled); this class subscribes it to the Flowable through
 * an {@link UpstreamGuard} that gives it RxJava's rules for a misbehaving upstream.
 *
 * <h2>The guard</h2>
 * The guard is a {@link FlowableSubscriber}, so RxJava does not wrap the bridge in its
 * {@code StrictSubscriber} (whose per-item checks the bridge does itself), and it wraps the
 * Flowable's {@code Subscription}:
 * <ul>
 *   <li>a {@code cancel()} that throws is reported to {@code RxJavaPlugins.onError}: closing the
 *       stream never throws (rule 11);
 *   <li>a {@code request(n)} that throws fails the stream with that exception (the Flowable is then
 *       cancelled), instead of escaping from {@code pollNext} or from inside {@code onSubscribe};
 *   <li>signals after the Flowable's terminal signal are reported to {@code RxJavaPlugins.onError}
 *       (an error as itself, anything else as a {@link ProtocolViolationException}) instead of
 *       being dropped;
 *   <li>a second {@code onSubscribe} is reported as a {@code ProtocolViolationException}; a second,
 *       different subscription is cancelled (rule 2.5), the live one passed again is left alone,
 *       so that the stream does not hang.
 * </ul>
 * A Flowable that offers RxJava's queue fusion ({@link QueueSubscription}: {@code range},
 * {@code fromIterable}, {@code just} as {@code SYNC}; a {@code UnicastProcessor}, the output of
 * {@code observeOn} as {@code ASYNC}) is fused as {@code observeOn} fuses it
 * ({@code ANY | BOUNDARY}): the stream takes the items from the source's queue
 * ({@link FusedUpstream}), a synchronous source pulled one item per poll with no request at all;
 * operators with thread-sensitive callbacks ({@code map}, {@code doOnNext}) decline and run unfused.
 * The failure of a request comes after the items received before it.
 * A request failure is kept in {@link #requestFailure} and the poller is woken through its own
 * {@link WakerSlot}, registered only when the bridge returned {@code pending} and re-checked after
 * (rule 6). The poller's waker is handed to the bridge wrapped, so that a waker that throws is
 * reported to {@code RxJavaPlugins.onError} instead of being thrown into the Flowable's
 * {@code onNext}; the wrapper is made once per distinct waker, not per poll.
 *
 * <h2>Cancellation</h2>
 * Closing the stream before the end cancels the subscription exactly once (never after the
 * Flowable terminated) and drops the prefetched items; closing before the first poll subscribes
 * nothing. An error the Flowable signals after that goes to {@code RxJavaPlugins.onError},
 * unless it is the cancellation itself. {@code pollNext} is cancel-safe: an item leaves the
 * stream only when it is returned.
 *
 * @param <T> the item type
 */
final class StreamFromFlowable<T> extends SingleUse implements BatchStream<T> {

    private final StreamFromPublisher<T> bridged;
    private final WakerSlot waker = new WakerSlot(Undeliverable::reportCaught); // a throwing waker is reported
    /** The first exception the Flowable's request() threw; set once, by the requesting thread. */
    private volatile Throwable requestFailure;
    /** Owner only: the failure was returned or the stream closed. */
    private boolean finished;
    /** Owner only: the last poll's context, and the same context with its waker wrapped. */
    private Context lastContext;
    private Context guardedContext;

    StreamFromFlowable(Flowable<? extends T> flowable, int prefetch) {
        this(flowable, prefetch, Long.MAX_VALUE);
    }

    /** A stream that ends after {@code limit} items, cancelling the Flowable inside the last one's {@code onNext}. */
    StreamFromFlowable(Flowable<? extends T> flowable, int prefetch, long limit) {
        Objects.requireNonNull(flowable, "flowable");
        Source<T> guarded = downstream -> flowable.subscribe(new UpstreamGuard<T>(downstream, this));
        // The generic engine, reporting what no signal can carry to RxJavaPlugins.onError.
        this.bridged = new StreamFromPublisher<>(guarded, prefetch, Undeliverable.SINK, limit);
    }

    @Override
    public Poll<T> pollNext(Context cx) {
        if (finished) {
            throw SingleUse.polledAfter("a stream of a Flowable", "it failed or was closed");
        }
        Poll<T> next = bridged.pollNext(guarded(cx)); // items received before a request failure come first
        if (!next.isPending()) {
            return next;
        }
        Throwable failure = requestFailure;
        if (failure == null) {
            waker.register(cx.waker()); // then re-check (rule 6)
            failure = requestFailure;
            if (failure == null) {
                return next;
            }
        }
        finished();
        bridged.close(); // the Flowable was cancelled by the guard already; this drops the prefetched items
        return Poll.failed(failure);
    }

    /**
     * The batch path: the engine's next item, if it has one. A request failure surfaces at the
     * next {@link #pollNext}, after the items received before it, as without the batch path.
     */
    @Override
    public T takeReady() {
        if (finished) {
            throw SingleUse.polledAfter("a stream of a Flowable", "it failed or was closed");
        }
        return bridged.takeReady();
    }

    /**
     * {@code cx} with its waker wrapped so that a throwing waker is reported, not thrown; the
     * wrapper is reused while the waker and the attachment stay the same.
     */
    private Context guarded(Context cx) {
        if (cx != lastContext) {
            Context previous = lastContext;
            lastContext = cx;
            if (previous != null && previous.waker() == cx.waker() && previous.attachment() == cx.attachment()) {
                return guardedContext; // a new envelope around the same waker: keep the wrapper
            }
            Waker waker = cx.waker();
            guardedContext = cx.withWaker(() -> {
                try {
                    waker.wake();
                } catch (Throwable wakeFailure) {
                    Undeliverable.reportCaught(wakeFailure);
                }
            });
        }
        return guardedContext;
    }

    @Override
    public void close() {
        if (!finished) {
            finished();
            waker.clear();
            bridged.close();
        }
    }

    /**
     * Marks the stream finished and forgets the poller's context: the Flowable may keep its
     * subscriber (the guard, which refers to this stream) after the cancel, and must not keep the
     * poller's waker with it.
     */
    private void finished() {
        finished = true;
        lastContext = null;
        guardedContext = null;
    }

    /** Requesting thread: the Flowable's request() threw. */
    void requestFailed(Throwable failure) {
        if (requestFailure == null) {
            requestFailure = failure;
        }
        waker.wake();
    }

    /**
     * The subscriber the Flowable sees: forwards to the bridge engine, and hands it a guarded
     * subscription (see the class note), fusable when the Flowable's is. Calls on the
     * subscription are serial (the engine serializes them, rule 2.7); signals are serial
     * (rule 1.3), so {@link #done} needs no synchronization.
     */
    private static final class UpstreamGuard<T> implements FlowableSubscriber<T>, FusedUpstream<T> {

        private final Downstream<? super T> bridge;
        private final StreamFromFlowable<T> stream;
        private Subscription upstream;
        /** The Flowable's subscription when fusion was granted; written by requestFusion, before any poll. */
        private QueueSubscription<T> queue;
        /** Signalling thread only: the Flowable signalled onComplete or onError. */
        private boolean done;
        /** Serial (the bridge's calls): cancel was forwarded. */
        private boolean cancelled;

        UpstreamGuard(Downstream<? super T> bridge, StreamFromFlowable<T> stream) {
            this.bridge = bridge;
            this.stream = stream;
        }

        @Override
        public void onSubscribe(Subscription subscription) {
            if (subscription == null) {
                // Rule 2.13: throw; and fail the stream, which would otherwise wait forever.
                NullPointerException error = new NullPointerException(
                        "onSubscribe(null): the Flowable broke Reactive Streams rule 2.13");
                if (!done) {
                    done = true;
                    bridge.onError(error);
                }
                throw error;
            }
            if (upstream == null) {
                upstream = subscription;
                bridge.onSubscribe(this);
            } else if (subscription == upstream) {
                // The live subscription again: cancelling it would leave the stream hanging.
                Undeliverable.report(new ProtocolViolationException(
                        "onSubscribe was called twice with the same Subscription by a Flowable"));
            } else {
                cancelQuietly(subscription); // rule 2.5
                Undeliverable.report(new ProtocolViolationException("onSubscribe was called twice by a Flowable "
                        + "(Subscription already set): the second Subscription was cancelled"));
            }
        }

        @Override
        public void onNext(T item) {
            if (done) {
                Undeliverable.report(new ProtocolViolationException("onNext after the Flowable terminated"));
                return;
            }
            bridge.onNext(item); // in ASYNC fusion a wake-up whose item is null
        }

        @Override
        public void onError(Throwable error) {
            if (done) {
                Undeliverable.report(error != null ? error : new NullPointerException("onError(null)"));
                return;
            }
            done = true;
            bridge.onError(error); // the bridge fails the stream for null and throws (rule 2.13)
        }

        @Override
        public void onComplete() {
            if (done) {
                Undeliverable.report(new ProtocolViolationException("onComplete after the Flowable terminated"));
                return;
            }
            done = true;
            bridge.onComplete();
        }

        /** As {@code observeOn} asks: either mode, across a thread boundary. */
        @Override
        @SuppressWarnings("unchecked") // the Flowable's queue holds the items it would signal
        public int requestFusion() {
            if (!(upstream instanceof QueueSubscription)) {
                return NONE;
            }
            QueueSubscription<T> fusable = (QueueSubscription<T>) upstream;
            int mode = FusedFlowableSubscription.requestFusion(fusable);
            if (mode != NONE) {
                queue = fusable;
            }
            return mode;
        }

        @Override
        public T poll() throws Throwable {
            return queue.poll();
        }

        @Override
        public void clear() {
            queue.clear();
        }

        @Override
        public void request(long n) {
            if (cancelled) {
                return;
            }
            try {
                upstream.request(n);
            } catch (Throwable requestFailure) {
                Exceptions.throwIfFatal(requestFailure);
                cancel();
                stream.requestFailed(requestFailure);
            }
        }

        @Override
        public void cancel() {
            if (cancelled) {
                return;
            }
            cancelled = true;
            cancelQuietly(upstream);
        }

        private static void cancelQuietly(Subscription subscription) {
            try {
                subscription.cancel();
            } catch (Throwable cancelFailure) {
                Undeliverable.report(cancelFailure); // a fatal one too: close never throws
            }
        }
    }
}
