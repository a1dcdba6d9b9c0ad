package dev.pollbridge.tck.faults;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.reactor.FluxBridge;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/**
 * The fault catalogue of {@code FluxBridge.toPollStream} with a {@link Flux}: the scripted
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
    <T> PollStream<T> toPollStream(ScriptedPublisher<T> publisher, int prefetch) {
        return FluxBridge.toPollStream(Flux.from((Publisher<T>) publisher), prefetch);
    }
}
