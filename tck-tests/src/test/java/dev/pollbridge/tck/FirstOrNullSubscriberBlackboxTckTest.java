package dev.pollbridge.tck;

import org.reactivestreams.Subscriber;
import org.reactivestreams.tck.SubscriberBlackboxVerification;

/** The TCK's blackbox rules for the subscriber inside {@code ReactiveStreamsBridge.firstItemOrNull}. */
public class FirstOrNullSubscriberBlackboxTckTest extends SubscriberBlackboxVerification<Integer> {

    public FirstOrNullSubscriberBlackboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Subscriber<Integer> createSubscriber() {
        return CapturedSubscriber.reactiveStreamsFirstOrNull().subscriber;
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
