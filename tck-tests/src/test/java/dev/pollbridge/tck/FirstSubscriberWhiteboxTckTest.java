package dev.pollbridge.tck;

import org.reactivestreams.Subscriber;

/** The TCK's whitebox rules for the subscriber inside {@code ReactiveStreamsBridge.firstItem}. */
public class FirstSubscriberWhiteboxTckTest extends OneItemSubscriberWhiteboxTck {

    @Override
    public Subscriber<Integer> createSubscriber(WhiteboxSubscriberProbe<Integer> probe) {
        return new RsProbingSubscriber(CapturedSubscriber.reactiveStreamsFirst(), probe);
    }
}
