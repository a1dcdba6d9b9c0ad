package dev.pollbridge.tck;

import org.reactivestreams.Subscriber;
import org.reactivestreams.tck.SubscriberWhiteboxVerification;

/** The TCK's whitebox rules for the subscriber inside {@code ReactiveStreamsBridge.singleItem}. */
public class SingleSubscriberWhiteboxTckTest extends SubscriberWhiteboxVerification<Integer> {

    public SingleSubscriberWhiteboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Subscriber<Integer> createSubscriber(WhiteboxSubscriberProbe<Integer> probe) {
        return new RsProbingSubscriber(CapturedSubscriber.reactiveStreamsSingle(), probe);
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
