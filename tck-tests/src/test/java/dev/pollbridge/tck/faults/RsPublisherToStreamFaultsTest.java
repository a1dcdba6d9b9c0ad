package dev.pollbridge.tck.faults;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import org.reactivestreams.Publisher;

/** The fault catalogue of {@code ReactiveStreamsBridge.toStream}. */
class RsPublisherToStreamFaultsTest extends PublisherToStreamFaults {

    @Override
    <T> PollStream<T> toStream(ScriptedPublisher<T> publisher, int prefetch) {
        return ReactiveStreamsBridge.toStream((Publisher<T>) publisher, prefetch);
    }
}
