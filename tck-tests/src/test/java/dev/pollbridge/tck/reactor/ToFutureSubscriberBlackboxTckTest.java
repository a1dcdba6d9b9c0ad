package dev.pollbridge.tck.reactor;

import dev.pollbridge.tck.TckSettings;
import dev.pollbridge.tck.CapturedSubscriber;
import org.reactivestreams.Subscriber;
import org.reactivestreams.tck.SubscriberBlackboxVerification;

/** The TCK's blackbox rules for the subscriber inside {@code MonoBridge.toPollFuture} (the future is the Mono's subscriber). */
public class ToFutureSubscriberBlackboxTckTest extends SubscriberBlackboxVerification<Integer> {

    public ToFutureSubscriberBlackboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Subscriber<Integer> createSubscriber() {
        return CapturedSubscriber.reactorFuture().subscriber;
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
