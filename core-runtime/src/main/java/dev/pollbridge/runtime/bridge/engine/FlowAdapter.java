package dev.pollbridge.runtime.bridge.engine;

import java.util.concurrent.Flow;
import java.util.Objects;

/**
 * The JDK {@code Flow} face of the bridge engine: thin adapters between its types and the engine's
 * {@link Source}, {@link Downstream} and {@link Upstream}. They translate calls one to one and
 * add only the null checks the spec asks of the adapted side (rules 1.9 and 2.13).
 */
public final class FlowAdapter {

    private FlowAdapter() {}

    /** {@code publisher} as an engine source. */
    public static <T> Source<T> source(Flow.Publisher<? extends T> publisher) {
        Objects.requireNonNull(publisher, "publisher");
        return downstream -> subscribe(publisher, downstream);
    }

    private static <T> void subscribe(Flow.Publisher<T> publisher, Downstream<? super T> downstream) {
        publisher.subscribe(new SubscriberOf<T>(downstream));
    }

    /** An engine source as a publisher. */
    public static <T> Flow.Publisher<T> publisher(Source<T> source) {
        Objects.requireNonNull(source, "source");
        return subscriber -> source.subscribe(DownstreamOf.of(subscriber));
    }
}
