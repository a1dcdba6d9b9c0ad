package dev.pollbridge.tck;

import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.bridge.FlowBridge;
import java.util.concurrent.Flow;
import org.reactivestreams.tck.flow.FlowPublisherVerification;

/**
 * {@code FlowBridge.toPublisher} over an {@code Async.stream} body that emits
 * {@code 0 .. elements - 1} from its own thread (rendezvous backpressure), on the shared runtime.
 */
public class FlowAsyncStreamPublisherTckTest extends FlowPublisherVerification<Long> {

    public FlowAsyncStreamPublisherTckTest() {
        super(TckSettings.environment(), TckSettings.PUBLISHER_REFERENCE_GC_TIMEOUT_MILLIS);
    }

    @Override
    public Flow.Publisher<Long> createFlowPublisher(long elements) {
        return FlowBridge.toPublisher(() -> Async.<Long>stream(emitter -> {
            for (long i = 0; i < elements; i++) {
                emitter.emit(i);
            }
        }));
    }

    @Override
    public Flow.Publisher<Long> createFailedFlowPublisher() {
        return FlowBridge.toPublisher(TckSettings::refusingFactory);
    }
}
