package dev.pollbridge.tck;

import java.util.concurrent.Flow;
import org.reactivestreams.tck.flow.FlowSubscriberWhiteboxVerification;

/** The TCK's whitebox rules for the subscriber inside {@code FlowBridge.toPollStream}. */
public class FlowStreamSubscriberWhiteboxTckTest extends FlowSubscriberWhiteboxVerification<Integer> {

    public FlowStreamSubscriberWhiteboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    protected Flow.Subscriber<Integer> createFlowSubscriber(WhiteboxSubscriberProbe<Integer> probe) {
        return new FlowProbingSubscriber(CapturedSubscriber.flow(), probe);
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }
}
