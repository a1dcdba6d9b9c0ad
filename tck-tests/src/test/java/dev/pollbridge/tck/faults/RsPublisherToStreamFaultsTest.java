package dev.pollbridge.tck.faults;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import org.reactivestreams.Publisher;

/** The fault catalogue of {@code ReactiveStreamsBridge.toPollStream}. */
class RsPublisherToStreamFaultsTest extends PublisherToStreamFaults {

    @Override
    <T> PollStream<T> toPollStream(ScriptedPublisher<T> publisher, int prefetch) {
        return ReactiveStreamsBridge.toPollStream((Publisher<T>) publisher, prefetch);
    }
}
