package dev.pollbridge.tck;

import org.reactivestreams.Subscriber;
import org.reactivestreams.tck.SubscriberBlackboxVerification;

/** The TCK's blackbox rules for the subscriber inside {@code ReactiveStreamsBridge.singleItem}. */
public class SingleSubscriberBlackboxTckTest extends SubscriberBlackboxVerification<Integer> {

    public SingleSubscriberBlackboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Subscriber<Integer> createSubscriber() {
        return CapturedSubscriber.reactiveStreamsSingle().subscriber;
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
