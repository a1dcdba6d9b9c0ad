package dev.pollbridge.tck;

import java.util.concurrent.Flow;
import org.reactivestreams.tck.flow.FlowSubscriberWhiteboxVerification;
import org.testng.SkipException;

/** The TCK's whitebox rules for the subscriber inside {@code FlowBridge.firstItem}. */
public class FlowFirstSubscriberWhiteboxTckTest extends FlowSubscriberWhiteboxVerification<Integer> {

    private static final String ONE_ITEM =
            "first() requests one item and cancels after it; this test needs a second item";

    public FlowFirstSubscriberWhiteboxTckTest() {
        super(TckSettings.environment());
    }

    @Override
    protected Flow.Subscriber<Integer> createFlowSubscriber(WhiteboxSubscriberProbe<Integer> probe) {
        return new FlowProbingSubscriber(CapturedSubscriber.flowFirst(), probe);
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }

    /**
     * Skipped: {@code first} takes one item and then cancels, so it never requests the second
     * item this test waits for (the TCK has no "at most one element" setting for subscribers).
     * The one-item behaviour is checked by the other whitebox tests and by
     * {@code FirstAndSingleTest}.
     */
    @Override
    public void required_exerciseWhiteboxHappyPath() {
        throw new SkipException(ONE_ITEM);
    }

    /** Skipped for the same reason: the test needs a second item to be requested. */
    @Override
    public void required_spec308_requestMustRegisterGivenNumberElementsToBeProduced() {
        throw new SkipException(ONE_ITEM);
    }
}
