package dev.pollbridge.tck;

import java.util.concurrent.Flow;
import org.reactivestreams.tck.flow.FlowSubscriberBlackboxVerification;

/** The TCK's blackbox rules for the subscriber inside {@code FlowBridge.toPollStream}. */
public class FlowStreamSubscriberBlackboxTckTest extends FlowSubscriberBlackboxVerification<Integer> {

    public FlowStreamSubscriberBlackboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Flow.Subscriber<Integer> createFlowSubscriber() {
        CapturedSubscriber<Flow.Subscriber<Integer>> captured = CapturedSubscriber.flow();
        captured.consumer.allow(Long.MAX_VALUE);
        return captured.subscriber;
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
