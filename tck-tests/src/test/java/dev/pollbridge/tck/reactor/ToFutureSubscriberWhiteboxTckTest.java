package dev.pollbridge.tck.reactor;

import dev.pollbridge.tck.TckSettings;
import dev.pollbridge.tck.CapturedSubscriber;
import dev.pollbridge.tck.RsProbingSubscriber;
import org.reactivestreams.Subscriber;
import org.reactivestreams.tck.SubscriberWhiteboxVerification;

/** The TCK's whitebox rules for the subscriber inside {@code MonoBridge.toPollFuture} (the future is the Mono's subscriber). */
public class ToFutureSubscriberWhiteboxTckTest extends SubscriberWhiteboxVerification<Integer> {

    public ToFutureSubscriberWhiteboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Subscriber<Integer> createSubscriber(WhiteboxSubscriberProbe<Integer> probe) {
        return new RsProbingSubscriber(CapturedSubscriber.reactorFuture(), probe);
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
