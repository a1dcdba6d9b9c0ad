package dev.pollbridge.tck;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.testng.annotations.AfterClass;

/**
 * {@code ReactiveStreamsBridge.toPublisher} over the stream of a bounded {@code Channel} that another task
 * fills, on a runtime of its own (the explicit-runtime overload).
 */
public class ChannelPublisherTckTest extends PublisherVerification<Long> {

    private final PollRuntime runtime = TckSettings.runtime();

    public ChannelPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Publisher<Long> createPublisher(long elements) {
        return ReactiveStreamsBridge.toPublisher(() -> ChannelFedStream.fedBy(runtime, elements), runtime);
    }

    @Override
    public Publisher<Long> createFailedPublisher() {
        return ReactiveStreamsBridge.toPublisher(TckSettings::refusingFactory, runtime);
    }

    @AfterClass(alwaysRun = true)
    public void closeRuntime() {
        runtime.close();
    }
}
