package dev.pollbridge.runtime.bridge.engine;

import java.util.Objects;
import java.util.concurrent.Flow;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * A Reactive Streams or JDK {@code Flow} subscriber that forwards to an engine downstream, one
 * call to one call; the two interfaces differ only in the type of {@code onSubscribe}'s
 * subscription, so one class serves both ({@link RsAdapter}, {@link FlowAdapter}).
 */
final class SubscriberOf<T> implements Subscriber<T>, Flow.Subscriber<T> {
    private final Downstream<? super T> downstream;

    SubscriberOf(Downstream<? super T> downstream) {
        this.downstream = downstream;
    }

    @Override
    public void onSubscribe(Subscription subscription) {
        Objects.requireNonNull(subscription, "onSubscribe(null): Reactive Streams rule 2.13");
        downstream.onSubscribe(UpstreamOf.of(subscription));
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        Objects.requireNonNull(subscription, "onSubscribe(null): Reactive Streams rule 2.13");
        downstream.onSubscribe(UpstreamOf.of(subscription));
    }

    @Override
    public void onNext(T item) {
        downstream.onNext(item);
    }

    @Override
    public void onError(Throwable error) {
        downstream.onError(error);
    }

    @Override
    public void onComplete() {
        downstream.onComplete();
    }
}
