package dev.pollbridge.runtime.internal.bridge;

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
        return new PublisherOf<>(Objects.requireNonNull(source, "source"));
    }

    /** A JDK {@code Flow} subscriber that forwards to an engine downstream. */
    private static final class SubscriberOf<T> implements Flow.Subscriber<T> {
        private final Downstream<? super T> downstream;

        SubscriberOf(Downstream<? super T> downstream) {
            this.downstream = downstream;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            Objects.requireNonNull(subscription, "onSubscribe(null): Reactive Streams rule 2.13");
            downstream.onSubscribe(new UpstreamOf(subscription));
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

    /** A JDK {@code Flow} subscription seen as an engine upstream. */
    private static final class UpstreamOf implements Upstream {
        private final Flow.Subscription subscription;

        UpstreamOf(Flow.Subscription subscription) {
            this.subscription = subscription;
        }

        @Override
        public void request(long n) {
            subscription.request(n);
        }

        @Override
        public void cancel() {
            subscription.cancel();
        }

        /** The same subscription behind two adapters is the same upstream (rule 2.5 checks). */
        @Override
        public boolean equals(Object other) {
            return other instanceof UpstreamOf && ((UpstreamOf) other).subscription == subscription;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(subscription);
        }
    }

    /** An engine source seen as a JDK {@code Flow} publisher. */
    private static final class PublisherOf<T> implements Flow.Publisher<T> {
        private final Source<T> source;

        PublisherOf(Source<T> source) {
            this.source = source;
        }

        @Override
        public void subscribe(Flow.Subscriber<? super T> subscriber) {
            Objects.requireNonNull(subscriber, "subscribe(null): Reactive Streams rule 1.9");
            source.subscribe(new DownstreamOf<T>(subscriber));
        }
    }

    /** A JDK {@code Flow} subscriber seen as an engine downstream. */
    private static final class DownstreamOf<T> implements Downstream<T> {
        private final Flow.Subscriber<? super T> subscriber;

        DownstreamOf(Flow.Subscriber<? super T> subscriber) {
            this.subscriber = subscriber;
        }

        @Override
        public void onSubscribe(Upstream subscription) {
            subscriber.onSubscribe(new SubscriptionOf(subscription));
        }

        @Override
        public void onNext(T item) {
            subscriber.onNext(item);
        }

        @Override
        public void onError(Throwable error) {
            subscriber.onError(error);
        }

        @Override
        public void onComplete() {
            subscriber.onComplete();
        }
    }

    /** An engine upstream seen as a JDK {@code Flow} subscription. */
    private static final class SubscriptionOf implements Flow.Subscription {
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
}
