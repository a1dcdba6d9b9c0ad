package dev.pollbridge.tck;

import org.reactivestreams.Subscriber;
import org.reactivestreams.tck.SubscriberBlackboxVerification;

/** The TCK's blackbox rules for the subscriber inside {@code ReactiveStreamsBridge.firstItem}. */
public class FirstSubscriberBlackboxTckTest extends SubscriberBlackboxVerification<Integer> {

    public FirstSubscriberBlackboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Subscriber<Integer> createSubscriber() {
        return CapturedSubscriber.reactiveStreamsFirst().subscriber;
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
