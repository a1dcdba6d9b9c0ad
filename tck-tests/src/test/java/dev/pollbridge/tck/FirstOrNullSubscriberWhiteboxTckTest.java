package dev.pollbridge.tck;

import org.reactivestreams.Subscriber;

/** The TCK's whitebox rules for the subscriber inside {@code ReactiveStreamsBridge.firstItemOrNull}. */
public class FirstOrNullSubscriberWhiteboxTckTest extends OneItemSubscriberWhiteboxTck {

    @Override
    public Subscriber<Integer> createSubscriber(WhiteboxSubscriberProbe<Integer> probe) {
        return new RsProbingSubscriber(CapturedSubscriber.reactiveStreamsFirstOrNull(), probe);
    }
}
