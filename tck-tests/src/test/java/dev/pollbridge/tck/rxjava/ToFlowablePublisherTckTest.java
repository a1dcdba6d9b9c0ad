package dev.pollbridge.tck.rxjava;

import dev.pollbridge.tck.TckSettings;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.rxjava3.FlowableBridge;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.testng.annotations.AfterClass;

/** The Reactive Streams TCK against {@code FlowableBridge.toFlowable} over a lazy range stream. */
public class ToFlowablePublisherTckTest extends PublisherVerification<Long> {

    private final PollRuntime runtime = RxTck.runtime();

    public ToFlowablePublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Publisher<Long> createPublisher(long elements) {
        return FlowableBridge.toFlowable(() -> RxTck.range(elements), runtime);
    }

    @Override
    public Publisher<Long> createFailedPublisher() {
        return FlowableBridge.toFlowable(RxTck::refusingFactory, runtime);
    }

    @AfterClass(alwaysRun = true)
    public void closeRuntime() {
        runtime.close();
    }
}
