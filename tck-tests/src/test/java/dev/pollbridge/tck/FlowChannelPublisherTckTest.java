package dev.pollbridge.tck;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.FlowBridge;
import java.util.concurrent.Flow;
import org.reactivestreams.tck.flow.FlowPublisherVerification;
import org.testng.annotations.AfterClass;

/**
 * {@code FlowBridge.toPublisher} over the stream of a bounded {@code Channel} that another task
 * fills, on a runtime of its own (the explicit-runtime overload).
 */
public class FlowChannelPublisherTckTest extends FlowPublisherVerification<Long> {

    private final PollRuntime runtime = TckSettings.runtime();

    public FlowChannelPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Flow.Publisher<Long> createFlowPublisher(long elements) {
        return FlowBridge.toPublisher(() -> ChannelFedStream.fedBy(runtime, elements), runtime);
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
