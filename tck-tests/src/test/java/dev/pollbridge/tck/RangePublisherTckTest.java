package dev.pollbridge.tck;

import dev.pollbridge.api.Streams;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;

/** {@code ReactiveStreamsBridge.toPublisher} over {@code Streams.fromIterable} of a finite range (always ready), on the shared runtime. */
public class RangePublisherTckTest extends PublisherVerification<Long> {

    public RangePublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Publisher<Long> createPublisher(long elements) {
        return ReactiveStreamsBridge.toPublisher(() -> Streams.fromIterable(new LongRange(elements)));
    }

    @Override
    public Publisher<Long> createFailedPublisher() {
        return ReactiveStreamsBridge.toPublisher(TckSettings::refusingFactory);
    }
}
