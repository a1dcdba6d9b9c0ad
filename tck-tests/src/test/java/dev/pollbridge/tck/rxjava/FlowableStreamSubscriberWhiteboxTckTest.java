package dev.pollbridge.tck.rxjava;

import dev.pollbridge.tck.TckSettings;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import org.reactivestreams.tck.SubscriberWhiteboxVerification;

/**
 * The TCK's whitebox rules for the subscriber inside {@code FlowableBridge.toPollStream(Flowable)}. Each
 * signal goes to the adapter's subscriber first (so its own checks decide), then to the probe;
 * "request" lets the stream's owner poll that many more items (the bridge then replenishes its
 * demand), "cancel" makes the owner close the stream.
 */
public class FlowableStreamSubscriberWhiteboxTckTest extends SubscriberWhiteboxVerification<Integer> {

    public FlowableStreamSubscriberWhiteboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Subscriber<Integer> createSubscriber(WhiteboxSubscriberProbe<Integer> probe) {
        CapturedFlowableSubscriber captured = CapturedFlowableSubscriber.capture();
        Subscriber<Integer> adapter = captured.subscriber;
        StreamOwner<Integer> owner = captured.owner;
        return new Subscriber<>() {
            @Override
            public void onSubscribe(Subscription subscription) {
                adapter.onSubscribe(subscription);
                probe.registerOnSubscribe(new SubscriberPuppet() {
                    @Override
                    public void triggerRequest(long elements) {
                        owner.allow(elements);
                    }

                    @Override
                    public void signalCancel() {
                        owner.cancel();
                    }
                });
            }

            @Override
            public void onNext(Integer item) {
                adapter.onNext(item);
                probe.registerOnNext(item);
            }

            @Override
            public void onError(Throwable error) {
                adapter.onError(error);
                probe.registerOnError(error);
            }

            @Override
            public void onComplete() {
                adapter.onComplete();
                probe.registerOnComplete();
            }
        };
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
