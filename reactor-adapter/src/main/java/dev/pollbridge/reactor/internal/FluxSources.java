package dev.pollbridge.reactor.internal;

import dev.pollbridge.runtime.bridge.engine.LibrarySources;
import dev.pollbridge.runtime.bridge.engine.Source;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import reactor.core.CorePublisher;
import reactor.core.publisher.Flux;
import reactor.util.context.Context;

/**
 * The Reactor adapter's {@link LibrarySources} service: the generic Reactive Streams bridge
 * subscribes to a Reactor publisher with a {@link ContextSubscriber}, as {@code FluxBridge}
 * does, so Reactor does not wrap it in its {@code StrictSubscriber} and a fusable {@code Flux} is
 * queue-fused. The context is empty: the one a plain subscriber gets (the generic bridge carries
 * no Reactor context; {@code FluxBridge.toPollStream} does).
 */
public final class FluxSources implements LibrarySources {

    /** Created by {@code ServiceLoader}. */
    public FluxSources() {}

    @Override
    @SuppressWarnings("unchecked") // a Flux of the publisher's items subscribed by a subscriber of them
    public <T> Source<T> sourceOf(Publisher<T> publisher) {
        if (!(publisher instanceof CorePublisher)) {
            return null;
        }
        Flux<T> flux = Flux.from(publisher);
        return downstream -> flux.subscribe((Subscriber<? super T>) new ContextSubscriber<T>(downstream, Context.empty()));
    }
}
