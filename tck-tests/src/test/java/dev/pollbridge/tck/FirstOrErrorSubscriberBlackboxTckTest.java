package dev.pollbridge.tck;

import org.reactivestreams.Subscriber;
import org.reactivestreams.tck.SubscriberBlackboxVerification;

/** The TCK's blackbox rules for the subscriber inside {@code ReactiveStreamsBridge.firstOrError}. */
public class FirstOrErrorSubscriberBlackboxTckTest extends SubscriberBlackboxVerification<Integer> {

    public FirstOrErrorSubscriberBlackboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Subscriber<Integer> createSubscriber() {
        return CapturedSubscriber.reactiveStreamsFirstOrError().subscriber;
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
