package dev.pollbridge.tck.reactor;

import dev.pollbridge.tck.TckSettings;
import dev.pollbridge.tck.CapturedSubscriber;
import org.reactivestreams.Subscriber;
import org.reactivestreams.tck.SubscriberBlackboxVerification;

/** The TCK's blackbox rules for the subscriber inside {@code FluxBridge.toPollStream} with a {@code Flux} (the generic subscriber behind the adapter's {@code ContextSubscriber}). */
public class ToStreamSubscriberBlackboxTckTest extends SubscriberBlackboxVerification<Integer> {

    public ToStreamSubscriberBlackboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Subscriber<Integer> createSubscriber() {
        return CapturedSubscriber.reactorStream().subscriber;
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
