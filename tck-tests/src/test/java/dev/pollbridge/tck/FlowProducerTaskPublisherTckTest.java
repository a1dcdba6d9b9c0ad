package dev.pollbridge.tck;

import dev.pollbridge.runtime.Runtime;
import dev.pollbridge.runtime.bridge.FlowBridge;
import java.util.concurrent.Flow;
import org.reactivestreams.tck.flow.FlowPublisherVerification;
import org.testng.annotations.AfterClass;

/**
 * {@code FlowBridge.toPublisher} over a stream fed by another task through a bounded buffer, on
 * a runtime of its own (the explicit-runtime overload).
 */
public class FlowProducerTaskPublisherTckTest extends FlowPublisherVerification<Long> {

    private final Runtime runtime = TckSettings.runtime();

    public FlowProducerTaskPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Flow.Publisher<Long> createFlowPublisher(long elements) {
        return FlowBridge.toPublisher(() -> HandoffStream.fedBy(runtime, elements), runtime);
    }

    @Override
    public Flow.Publisher<Long> createFailedFlowPublisher() {
        return FlowBridge.toPublisher(TckSettings::refusingFactory, runtime);
    }

    @AfterClass(alwaysRun = true)
    public void closeRuntime() {
        runtime.close();
    }
}
