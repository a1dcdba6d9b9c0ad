package dev.pollbridge.tck;

import dev.pollbridge.api.Streams;
import dev.pollbridge.runtime.bridge.FlowBridge;
import java.util.concurrent.Flow;
import org.reactivestreams.tck.flow.FlowPublisherVerification;

/** {@code FlowBridge.toPublisher} over {@code Streams.fromIterable} of a finite range (always ready), on the shared runtime. */
public class FlowRangePublisherTckTest extends FlowPublisherVerification<Long> {

    public FlowRangePublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Flow.Publisher<Long> createFlowPublisher(long elements) {
        return FlowBridge.toPublisher(() -> Streams.fromIterable(new LongRange(elements)));
    }

    @Override
    public Flow.Publisher<Long> createFailedFlowPublisher() {
        return FlowBridge.toPublisher(TckSettings::refusingFactory);
    }
}
