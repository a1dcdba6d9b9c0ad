package dev.pollbridge.tck;

import java.util.concurrent.Flow;
import org.reactivestreams.tck.flow.FlowSubscriberWhiteboxVerification;

/** The TCK's whitebox rules for the subscriber inside {@code FlowBridge.singleItem}. */
public class FlowSingleSubscriberWhiteboxTckTest extends FlowSubscriberWhiteboxVerification<Integer> {

    public FlowSingleSubscriberWhiteboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    protected Flow.Subscriber<Integer> createFlowSubscriber(WhiteboxSubscriberProbe<Integer> probe) {
        return new FlowProbingSubscriber(CapturedSubscriber.flowSingle(), probe);
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
