package dev.pollbridge.tck;

import java.util.concurrent.Flow;
import org.reactivestreams.tck.SubscriberWhiteboxVerification.WhiteboxSubscriberProbe;

/**
 * Whitebox access to the Flow subscriber inside {@code toPollStream}: each signal goes to the
 * bridge's subscriber first (so its own checks, such as the rule 2.13 null checks, decide),
 * then is reported to the TCK's probe.
 */
final class FlowProbingSubscriber implements Flow.Subscriber<Integer> {

    private final Flow.Subscriber<Integer> bridge;
    private final StreamConsumer<Integer> consumer;
    private final WhiteboxSubscriberProbe<Integer> probe;

    FlowProbingSubscriber(CapturedSubscriber<Flow.Subscriber<Integer>> captured, WhiteboxSubscriberProbe<Integer> probe) {
        this.bridge = captured.subscriber;
        this.consumer = captured.consumer;
        this.probe = probe;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        bridge.onSubscribe(subscription);
        probe.registerOnSubscribe(new ProbePuppet(consumer));
    }

    @Override
    public void onNext(Integer item) {
        bridge.onNext(item);
        probe.registerOnNext(item);
    }

    @Override
    public void onError(Throwable error) {
        bridge.onError(error);
        probe.registerOnError(error);
    }

    @Override
    public void onComplete() {
        bridge.onComplete();
        probe.registerOnComplete();
    }
}
