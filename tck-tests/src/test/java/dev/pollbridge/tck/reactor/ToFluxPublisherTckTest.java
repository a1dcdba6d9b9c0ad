package dev.pollbridge.tck.reactor;

import dev.pollbridge.tck.TckSettings;
import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.runtime.PollRuntime;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.testng.annotations.AfterClass;

/** The Reactive Streams TCK against {@code FluxBridge.toFlux} over a lazy range stream. */
public class ToFluxPublisherTckTest extends PublisherVerification<Long> {

    private final PollRuntime runtime = ReactorTck.runtime();

    public ToFluxPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Publisher<Long> createPublisher(long elements) {
        return FluxBridge.toFlux(() -> ReactorTck.range(elements), runtime);
    }

    @Override
    public Publisher<Long> createFailedPublisher() {
        return FluxBridge.toFlux(ReactorTck::refusingFactory, runtime);
    }

    @AfterClass(alwaysRun = true)
    public void closeRuntime() {
        runtime.close();
    }
}
