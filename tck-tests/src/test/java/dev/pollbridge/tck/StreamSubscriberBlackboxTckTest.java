package dev.pollbridge.tck;

import org.reactivestreams.Subscriber;
import org.reactivestreams.tck.SubscriberBlackboxVerification;

/** The TCK's blackbox rules for the subscriber inside {@code ReactiveStreamsBridge.toPollStream}. */
public class StreamSubscriberBlackboxTckTest extends SubscriberBlackboxVerification<Integer> {

    public StreamSubscriberBlackboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Subscriber<Integer> createSubscriber() {
        CapturedSubscriber<Subscriber<Integer>> captured = CapturedSubscriber.reactiveStreams();
        captured.consumer.allow(Long.MAX_VALUE); // an owner that polls everything
        return captured.subscriber;
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
