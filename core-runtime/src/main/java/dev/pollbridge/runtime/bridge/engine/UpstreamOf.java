package dev.pollbridge.runtime.bridge.engine;

import java.util.concurrent.Flow;
import java.util.function.LongConsumer;
import org.reactivestreams.Subscription;

/**
 * A Reactive Streams or JDK {@code Flow} subscription seen as an engine upstream. Two of the same
 * subscription are equal, whichever adapter made them (the rule 2.5 checks compare upstreams).
 */
final class UpstreamOf implements Upstream {
    private final Object subscription;
    private final LongConsumer request;
    private final Runnable cancel;

    private UpstreamOf(Object subscription, LongConsumer request, Runnable cancel) {
        this.subscription = subscription;
        this.request = request;
        this.cancel = cancel;
    }

    static UpstreamOf of(Subscription subscription) {
        return new UpstreamOf(subscription, subscription::request, subscription::cancel);
    }

    static UpstreamOf of(Flow.Subscription subscription) {
        return new UpstreamOf(subscription, subscription::request, subscription::cancel);
    }

    @Override
    public void request(long n) {
        request.accept(n);
    }

    @Override
    public void cancel() {
        cancel.run();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof UpstreamOf && ((UpstreamOf) other).subscription == subscription;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(subscription);
    }
}
