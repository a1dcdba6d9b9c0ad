package dev.pollbridge.tck.rxjava;

import dev.pollbridge.tck.TckSettings;
import org.reactivestreams.Subscriber;
import org.reactivestreams.tck.SubscriberBlackboxVerification;

/**
 * The TCK's blackbox rules for the subscriber inside {@code FlowableBridge.toPollStream(Flowable)}: the
 * adapter's guard (a {@code FlowableSubscriber}) in front of the generic bridge's subscriber.
 */
public class FlowableStreamSubscriberBlackboxTckTest extends SubscriberBlackboxVerification<Integer> {

    public FlowableStreamSubscriberBlackboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Subscriber<Integer> createSubscriber() {
        CapturedFlowableSubscriber captured = CapturedFlowableSubscriber.capture();
        captured.owner.allow(Long.MAX_VALUE); // an owner that polls everything
        return captured.subscriber;
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
