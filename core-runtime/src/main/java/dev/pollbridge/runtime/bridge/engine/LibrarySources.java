package dev.pollbridge.runtime.bridge.engine;

import org.reactivestreams.Publisher;

/**
 * A library adapter's way to subscribe the engine to that library's own publishers (a service:
 * {@code ServiceLoader}, provided by the Reactor and RxJava adapters when they are present).
 * {@link RsAdapter#source} asks the providers before it falls back to a plain Reactive Streams
 * subscriber, so the generic {@code ReactiveStreamsBridge.toPollStream} of a {@code Flux} or a
 * {@code Flowable} gets what {@code FluxBridge.toPollStream} and {@code FlowableBridge.toPollStream}
 * get: a subscriber the library trusts (no strict wrapper with its atomic operations per item)
 * and queue fusion ({@link FusedUpstream}). What the generic bridge promises does not change: the
 * same engine, the same failure sink, no library context.
 */
public interface LibrarySources {

    /**
     * {@code publisher} as an engine source subscribed this library's own way, or {@code null}
     * if it is not one of this library's publishers. Must not subscribe yet.
     *
     * @param <T> the item type
     * @param publisher any publisher
     * @return a source, or {@code null}
     */
    <T> Source<T> sourceOf(Publisher<T> publisher);
}
