package dev.pollbridge.tck;

import java.util.concurrent.Flow;
import org.reactivestreams.tck.flow.FlowSubscriberBlackboxVerification;

/** The TCK's blackbox rules for the subscriber inside {@code FlowBridge.firstItem}. */
public class FlowFirstSubscriberBlackboxTckTest extends FlowSubscriberBlackboxVerification<Integer> {

    public FlowFirstSubscriberBlackboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Flow.Subscriber<Integer> createFlowSubscriber() {
        return CapturedSubscriber.flowFirst().subscriber;
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
