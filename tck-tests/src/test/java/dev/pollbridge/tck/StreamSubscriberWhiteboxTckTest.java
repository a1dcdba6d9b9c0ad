package dev.pollbridge.tck;

import org.reactivestreams.Subscriber;
import org.reactivestreams.tck.SubscriberWhiteboxVerification;

/** The TCK's whitebox rules for the subscriber inside {@code ReactiveStreamsBridge.toPollStream}. */
public class StreamSubscriberWhiteboxTckTest extends SubscriberWhiteboxVerification<Integer> {

    public StreamSubscriberWhiteboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Subscriber<Integer> createSubscriber(WhiteboxSubscriberProbe<Integer> probe) {
        return new RsProbingSubscriber(CapturedSubscriber.reactiveStreams(), probe);
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
