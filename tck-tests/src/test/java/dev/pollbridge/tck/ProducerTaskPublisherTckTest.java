package dev.pollbridge.tck;

import dev.pollbridge.runtime.Runtime;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.testng.annotations.AfterClass;

/**
 * {@code ReactiveStreamsBridge.toPublisher} over a stream fed by another task through a bounded
 * buffer, on a runtime of its own (the explicit-runtime overload).
 */
public class ProducerTaskPublisherTckTest extends PublisherVerification<Long> {

    private final Runtime runtime = TckSettings.runtime();

    public ProducerTaskPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Publisher<Long> createPublisher(long elements) {
        return ReactiveStreamsBridge.toPublisher(() -> HandoffStream.fedBy(runtime, elements), runtime);
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
