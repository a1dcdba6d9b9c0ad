package dev.pollbridge.tck;

import java.util.concurrent.Flow;
import org.reactivestreams.tck.flow.FlowSubscriberBlackboxVerification;

/** The TCK's blackbox rules for the subscriber inside {@code FlowBridge.singleItem}. */
public class FlowSingleSubscriberBlackboxTckTest extends FlowSubscriberBlackboxVerification<Integer> {

    public FlowSingleSubscriberBlackboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    public Flow.Subscriber<Integer> createFlowSubscriber() {
        return CapturedSubscriber.flowSingle().subscriber;
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
