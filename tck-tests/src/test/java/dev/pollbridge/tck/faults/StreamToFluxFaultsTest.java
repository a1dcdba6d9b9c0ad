package dev.pollbridge.tck.faults;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.reactor.FluxBridge;
import java.util.function.Supplier;
import org.reactivestreams.Subscriber;

/**
 * The fault catalogue of {@code FluxBridge.toFlux}, with a plain subscriber (so Reactor wraps
 * it in its {@code StrictSubscriber}, as it does for every subscriber that is not its own).
 */
class StreamToFluxFaultsTest extends StreamToPublisherFaults {

    /** Reactor's failure channel: what no signal can carry goes to {@code Hooks.onErrorDropped}. */
    @Override
    Reports channel() {
        return dropped;
    }

    @Override
    <T> void subscribe(Supplier<PollStream<T>> factory, Recorder<T> subscriber) {
        FluxBridge.toFlux(factory, runtime).subscribe((Subscriber<T>) subscriber);
    }
}
