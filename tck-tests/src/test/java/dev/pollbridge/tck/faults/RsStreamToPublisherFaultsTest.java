package dev.pollbridge.tck.faults;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import java.util.function.Supplier;
import org.reactivestreams.Subscriber;

/** The fault catalogue of {@code ReactiveStreamsBridge.toPublisher}. */
class RsStreamToPublisherFaultsTest extends StreamToPublisherFaults {

    @Override
    <T> void subscribe(Supplier<PollStream<T>> factory, Recorder<T> subscriber) {
        ReactiveStreamsBridge.toPublisher(factory, runtime).subscribe((Subscriber<T>) subscriber);
    }
}
