package dev.pollbridge.tck;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.FlowBridge;
import java.util.concurrent.Flow;
import org.reactivestreams.tck.flow.FlowPublisherVerification;
import org.testng.annotations.AfterClass;

/**
 * {@code FlowBridge.toOneItemPublisher}: each subscription's future is the join handle of a task that
 * computes the value (or {@code null}, for the empty publisher). At most one item.
 */
public class FlowFuturePublisherTckTest extends FlowPublisherVerification<Long> {

    private final PollRuntime runtime = TckSettings.runtime();

    public FlowFuturePublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Flow.Publisher<Long> createFlowPublisher(long elements) {
        return FlowBridge.toOneItemPublisher(() -> TckSettings.valueTask(runtime, elements), runtime);
    }

    @Override
    public Flow.Publisher<Long> createFailedFlowPublisher() {
        return FlowBridge.toOneItemPublisher(TckSettings::refusingFactory, runtime);
    }

    @Override
    public long maxElementsFromPublisher() {
        return 1;
    }

    @AfterClass(alwaysRun = true)
    public void closeRuntime() {
        runtime.close();
    }
}
