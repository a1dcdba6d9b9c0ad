package dev.pollbridge.tck;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.runtime.bridge.FlowBridge;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The subscriber that a bridge creates, taken out through the public API only: the bridge is
 * given a publisher that merely records who subscribes, and is polled once so that it
 * subscribes. The TCK then plays the publisher against that subscriber, and a
 * {@link StreamConsumer} owns the stream (or the future, seen as a stream of at most one item).
 */
public final class CapturedSubscriber<S> {

    /** The subscriber the bridge made. */
    public final S subscriber;
    /** Its owner: polls the bridged stream or future as a task would, and closes it. */
    public final StreamConsumer<Integer> consumer;

    private CapturedSubscriber(S subscriber, StreamConsumer<Integer> consumer) {
        this.subscriber = subscriber;
        this.consumer = consumer;
    }

    /** The Reactive Streams subscriber inside {@link ReactiveStreamsBridge#toPollStream(Publisher)}. */
    public static CapturedSubscriber<Subscriber<Integer>> reactiveStreams() {
        return capture(recorder -> ReactiveStreamsBridge.toPollStream(recording(recorder)));
    }

    /** The Flow subscriber inside {@link FlowBridge#toPollStream(Flow.Publisher)}. */
    public static CapturedSubscriber<Flow.Subscriber<Integer>> flow() {
        return capture(recorder -> FlowBridge.toPollStream(flowRecording(recorder)));
    }

    /** The subscriber inside {@link ReactiveStreamsBridge#firstItem}. */
    public static CapturedSubscriber<Subscriber<Integer>> reactiveStreamsFirst() {
        return captureFuture(recorder -> ReactiveStreamsBridge.firstItem(recording(recorder)));
    }

    /** The subscriber inside {@link ReactiveStreamsBridge#firstItemOrNull}. */
    public static CapturedSubscriber<Subscriber<Integer>> reactiveStreamsFirstOrNull() {
        return captureFuture(recorder -> ReactiveStreamsBridge.firstItemOrNull(recording(recorder)));
    }

    /** The subscriber inside {@link ReactiveStreamsBridge#singleItem}. */
    public static CapturedSubscriber<Subscriber<Integer>> reactiveStreamsSingle() {
        return captureFuture(recorder -> ReactiveStreamsBridge.singleItem(recording(recorder)));
    }

    /** The subscriber inside {@link FlowBridge#firstItem}. */
    public static CapturedSubscriber<Flow.Subscriber<Integer>> flowFirst() {
        return captureFuture(recorder -> FlowBridge.firstItem(flowRecording(recorder)));
    }

    /** The subscriber inside {@link FlowBridge#singleItem}. */
    public static CapturedSubscriber<Flow.Subscriber<Integer>> flowSingle() {
        return captureFuture(recorder -> FlowBridge.singleItem(flowRecording(recorder)));
    }

    /**
     * The subscriber {@link FluxBridge#toPollStream(Publisher)} gives a {@link Flux}: the generic
     * bridge's subscriber behind the adapter's {@code ContextSubscriber}.
     */
    public static CapturedSubscriber<Subscriber<Integer>> reactorStream() {
        return capture(recorder -> FluxBridge.toPollStream(new Flux<Integer>() {
            @Override
            public void subscribe(CoreSubscriber<? super Integer> actual) {
                recorder.set(CapturedSubscriber.cast(actual));
            }
        }));
    }

    /** The subscriber {@link MonoBridge#toPollFuture} gives a {@link Mono}: the future itself. */
    public static CapturedSubscriber<Subscriber<Integer>> reactorFuture() {
        return captureFuture(recorder -> MonoBridge.toPollFuture(new Mono<Integer>() {
            @Override
            public void subscribe(CoreSubscriber<? super Integer> actual) {
                recorder.set(CapturedSubscriber.cast(actual));
            }
        }));
    }

    private static Publisher<Integer> recording(AtomicReference<Subscriber<Integer>> recorder) {
        return subscriber -> recorder.set(cast(subscriber));
    }

    private static Flow.Publisher<Integer> flowRecording(AtomicReference<Flow.Subscriber<Integer>> recorder) {
        return subscriber -> recorder.set(cast(subscriber));
    }

    /**
     * A future's subscriber: its owner polls the future (seen as a stream of its value) whenever
     * it is woken; the future asks for its items itself, so the owner's allowance is unbounded.
     */
    private static <S> CapturedSubscriber<S> captureFuture(Function<AtomicReference<S>, PollFuture<Integer>> bridge) {
        CapturedSubscriber<S> captured = capture(recorder -> new FutureAsStream<>(bridge.apply(recorder)));
        captured.consumer.allow(Long.MAX_VALUE);
        return captured;
    }

    private static <S> CapturedSubscriber<S> capture(Function<AtomicReference<S>, PollStream<Integer>> bridge) {
        AtomicReference<S> recorder = new AtomicReference<>();
        StreamConsumer<Integer> consumer = new StreamConsumer<>(bridge.apply(recorder));
        consumer.subscribeNow();
        S subscriber = recorder.get();
        if (subscriber == null) {
            throw new IllegalStateException("the first poll did not subscribe");
        }
        return new CapturedSubscriber<>(subscriber, consumer);
    }

    @SuppressWarnings("unchecked")
    private static <S> S cast(Object subscriber) {
        return (S) subscriber;
    }

    /** A future seen as a stream: its value (none for {@code null}), then done; its failure. */
    private static final class FutureAsStream<T> implements PollStream<T> {
        private final PollFuture<T> future;
        private boolean resolved;

        FutureAsStream(PollFuture<T> future) {
            this.future = future;
        }

        @Override
        public Poll<T> pollNext(Context cx) {
            if (resolved) {
                return Poll.done();
            }
            Poll<T> result = future.poll(cx);
            if (result.isPending()) {
                return result;
            }
            resolved = true;
            if (result.isFailed() || result.value() != null) {
                return result;
            }
            return Poll.done();
        }

        @Override
        public void close() {
            future.close();
        }
    }
}
