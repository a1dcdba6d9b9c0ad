package dev.pollbridge.tck.faults;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.bridge.FlowBridge;
import java.util.concurrent.Flow;

/** The fault catalogue of {@code FlowBridge.toPollStream}. */
class FlowPublisherToStreamFaultsTest extends PublisherToStreamFaults {

    @Override
    <T> PollStream<T> toPollStream(ScriptedPublisher<T> publisher, int prefetch) {
        return FlowBridge.toPollStream((Flow.Publisher<T>) publisher, prefetch);
    }
}
