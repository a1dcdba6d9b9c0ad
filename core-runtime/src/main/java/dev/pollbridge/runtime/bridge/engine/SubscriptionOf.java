package dev.pollbridge.runtime.bridge.engine;

import java.util.concurrent.Flow;
import org.reactivestreams.Subscription;

/**
 * An engine upstream seen as a Reactive Streams or JDK {@code Flow} subscription: the two
 * interfaces have the same methods, so one class serves both ({@link DownstreamOf}).
 */
final class SubscriptionOf implements Subscription, Flow.Subscription {
    private final Upstream upstream;

    SubscriptionOf(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public void request(long n) {
        upstream.request(n);
    }

    @Override
    public void cancel() {
        upstream.cancel();
    }
}
