package dev.pollbridge.reactor;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import java.util.Objects;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import reactor.core.CorePublisher;
import reactor.core.publisher.Flux;
import reactor.util.context.Context;

/**
 * A {@link Flux} (or any {@link Publisher}) seen as a {@link PollStream}: the push-to-pull
 * direction for many items. The stream itself is the generic
 * {@link ReactiveStreamsBridge#toStream(Publisher, int)} (bounded prefetch ring, replenished as
 * items are polled, overflow detection); this class only adds the Reactor context.
 *
 * <p>A Reactor publisher is subscribed with a {@link ContextSubscriber} built when the bridge
 * subscribes, that is inside the first {@code pollNext}, where the polling task's
 * {@link ReactorContextLocal} is bound; its context is that view. So a {@code Flux} consumed inside a task started by
 * {@code toMono}/{@code toFlux} sees the subscriber's context. Other publishers have no Reactor
 * context and are bridged as they are.
 *
 * <h2>Cancellation</h2>
 * Closing the stream before the end cancels the subscription exactly once (and never after the
 * publisher terminated); items received but not yet polled are dropped. Closing before the
 * first poll never subscribes. {@code pollNext} is cancel-safe.
 */
final class StreamFromFlux {

    private StreamFromFlux() {}

    static <T> PollStream<T> of(Publisher<? extends T> publisher, int prefetch) {
        Objects.requireNonNull(publisher, "publisher");
        if (publisher instanceof CorePublisher) {
            Flux<T> flux = Flux.from(publisher);
            // Runs when the bridge subscribes, inside the first pollNext, where the polling task's
            // context is bound. Through subscribe(Subscriber), Reactor's public entry point, so
            // its hooks apply; a CoreSubscriber there is not wrapped in StrictSubscriber.
            Publisher<T> withContext = subscriber -> flux.subscribe((Subscriber<? super T>)
                    new ContextSubscriber<T>(subscriber, Context.of(ReactorContextLocal.current())));
            return ReactiveStreamsBridge.toStream(withContext, prefetch);
        }
        return ReactiveStreamsBridge.toStream(publisher, prefetch);
    }
}
