package dev.pollbridge.tck.rxjava;

import dev.pollbridge.rxjava3.FlowableBridge;
import io.reactivex.rxjava3.core.Flowable;
import java.util.concurrent.atomic.AtomicReference;
import org.reactivestreams.Subscriber;

/**
 * The subscriber that {@code FlowableBridge.toPollStream(Flowable)} subscribes (the adapter's guard in
 * front of the generic bridge), taken out through the public API only: the stream is given a
 * Flowable that merely records who subscribes, and is polled once so that it subscribes. The TCK
 * then plays the publisher against that subscriber, and a {@link StreamOwner} owns the stream.
 */
final class CapturedFlowableSubscriber {

    final Subscriber<Integer> subscriber;
    final StreamOwner<Integer> owner;

    private CapturedFlowableSubscriber(Subscriber<Integer> subscriber, StreamOwner<Integer> owner) {
        this.subscriber = subscriber;
        this.owner = owner;
    }

    static CapturedFlowableSubscriber capture() {
        AtomicReference<Subscriber<? super Integer>> recorder = new AtomicReference<>();
        Flowable<Integer> recording = new Flowable<>() {
            @Override
            protected void subscribeActual(Subscriber<? super Integer> subscriber) {
                recorder.set(subscriber);
            }
        };
        StreamOwner<Integer> owner = new StreamOwner<>(FlowableBridge.toPollStream(recording));
        owner.subscribeNow();
        if (recorder.get() == null) {
            throw new IllegalStateException("the first poll did not subscribe");
        }
        @SuppressWarnings("unchecked")
        Subscriber<Integer> subscriber = (Subscriber<Integer>) recorder.get();
        return new CapturedFlowableSubscriber(subscriber, owner);
    }
}
