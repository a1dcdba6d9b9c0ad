package dev.pollbridge.tck.faults;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.bridge.FlowBridge;
import java.util.concurrent.Flow;

/** The fault catalogue of {@code FlowBridge.toStream}. */
class FlowPublisherToStreamFaultsTest extends PublisherToStreamFaults {

    @Override
    <T> PollStream<T> toStream(ScriptedPublisher<T> publisher, int prefetch) {
        return FlowBridge.toStream((Flow.Publisher<T>) publisher, prefetch);
    }
}
