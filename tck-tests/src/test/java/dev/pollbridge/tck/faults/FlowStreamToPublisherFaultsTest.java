package dev.pollbridge.tck.faults;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.bridge.FlowBridge;
import java.util.concurrent.Flow;
import java.util.function.Supplier;

/** The fault catalogue of {@code FlowBridge.toPublisher}. */
class FlowStreamToPublisherFaultsTest extends StreamToPublisherFaults {

    @Override
    <T> void subscribe(Supplier<PollStream<T>> factory, Recorder<T> subscriber) {
        FlowBridge.toPublisher(factory, runtime).subscribe((Flow.Subscriber<T>) subscriber);
    }
}
