package dev.pollbridge.tck.faults;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.reactor.ReactorBridge;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/**
 * The fault catalogue of {@code ReactorBridge.toStream} with a {@link Flux}: the scripted
 * publisher behind {@code Flux.from}, so the bridge subscribes through Reactor (its
 * {@code subscribe} entry point and the adapter's {@code ContextSubscriber}).
 */
class FluxToStreamFaultsTest extends PublisherToStreamFaults {

    /** Reactor's failure channel: what no signal can carry goes to {@code Hooks.onErrorDropped}. */
    @Override
    Reports channel() {
        return dropped;
    }

    @Override
    <T> PollStream<T> toStream(ScriptedPublisher<T> publisher, int prefetch) {
        return ReactorBridge.toStream(Flux.from((Publisher<T>) publisher), prefetch);
    }
}
