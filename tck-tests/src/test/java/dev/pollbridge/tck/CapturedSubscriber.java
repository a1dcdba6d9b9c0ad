package dev.pollbridge.tck;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.bridge.FlowBridge;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;

/**
 * The subscriber that {@code toStream} creates, taken out through the public API only: the
 * stream is given a publisher that merely records who subscribes, and is polled once so that it
 * subscribes. The TCK then plays the publisher against that subscriber, and a
 * {@link StreamConsumer} owns the stream.
 */
final class CapturedSubscriber<S> {

    final S subscriber;
    final StreamConsumer<Integer> consumer;

    private CapturedSubscriber(S subscriber, StreamConsumer<Integer> consumer) {
        this.subscriber = subscriber;
        this.consumer = consumer;
    }

    /** The Reactive Streams subscriber inside {@link ReactiveStreamsBridge#toStream(Publisher)}. */
    static CapturedSubscriber<Subscriber<Integer>> reactiveStreams() {
        return capture(recorder -> ReactiveStreamsBridge.toStream(
                (Publisher<Integer>) subscriber -> recorder.set(cast(subscriber))));
    }

    /** The Flow subscriber inside {@link FlowBridge#toStream(Flow.Publisher)}. */
    static CapturedSubscriber<Flow.Subscriber<Integer>> flow() {
        return capture(recorder -> FlowBridge.toStream(
                (Flow.Publisher<Integer>) subscriber -> recorder.set(cast(subscriber))));
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
}
