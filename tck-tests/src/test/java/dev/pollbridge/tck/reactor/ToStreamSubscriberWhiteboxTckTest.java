package dev.pollbridge.tck.reactor;

import dev.pollbridge.tck.TckSettings;
import dev.pollbridge.tck.CapturedSubscriber;
import dev.pollbridge.tck.RsProbingSubscriber;
import org.reactivestreams.Subscriber;
import org.reactivestreams.tck.SubscriberWhiteboxVerification;

/** The TCK's whitebox rules for the subscriber inside {@code FluxBridge.toPollStream} with a {@code Flux} (the generic subscriber behind the adapter's {@code ContextSubscriber}). */
public class ToStreamSubscriberWhiteboxTckTest extends SubscriberWhiteboxVerification<Integer> {

    public ToStreamSubscriberWhiteboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Subscriber<Integer> createSubscriber(WhiteboxSubscriberProbe<Integer> probe) {
        return new RsProbingSubscriber(CapturedSubscriber.reactorStream(), probe);
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
