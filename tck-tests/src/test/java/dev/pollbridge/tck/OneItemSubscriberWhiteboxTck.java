package dev.pollbridge.tck;

import org.reactivestreams.tck.SubscriberWhiteboxVerification;
import org.testng.SkipException;

/**
 * The whitebox rules for a subscriber that takes one item and then cancels ({@code first},
 * {@code firstOrNull}): it never requests a second item, which two tests wait for (the TCK has
 * no "at most one element" setting for subscribers, as it has for publishers). Those two are
 * skipped with that reason; the one-item behaviour is checked by the other tests and by
 * {@code FirstAndSingleTest}.
 */
abstract class OneItemSubscriberWhiteboxTck extends SubscriberWhiteboxVerification<Integer> {

    private static final String ONE_ITEM =
            "the subscriber requests one item and cancels after it; this test needs a second item";

    OneItemSubscriberWhiteboxTck() {
        super(TckSettings.environment());
    }

    @Override
    public Integer createElement(int element) {
        return element;
    }

    @Override
    public void required_exerciseWhiteboxHappyPath() {
        throw new SkipException(ONE_ITEM);
    }

    @Override
    public void required_spec308_requestMustRegisterGivenNumberElementsToBeProduced() {
        throw new SkipException(ONE_ITEM);
    }
}
