package dev.pollbridge.tck.reactor;

import dev.pollbridge.tck.TckSettings;
import dev.pollbridge.reactor.ReactorBridge;
import dev.pollbridge.runtime.PollRuntime;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.testng.annotations.AfterClass;

/** The Reactive Streams TCK against {@code ReactorBridge.toFlux} over a lazy range stream. */
public class ToFluxPublisherTckTest extends PublisherVerification<Long> {

    private final PollRuntime runtime = ReactorTck.runtime();

    public ToFluxPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Publisher<Long> createPublisher(long elements) {
        return ReactorBridge.toFlux(() -> ReactorTck.range(elements), runtime);
    }

    @Override
    public Publisher<Long> createFailedPublisher() {
        return ReactorBridge.toFlux(ReactorTck::refusingFactory, runtime);
    }

    @AfterClass(alwaysRun = true)
    public void closeRuntime() {
        runtime.close();
    }
}
