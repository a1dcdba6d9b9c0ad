package dev.pollbridge.runtime.internal.bridge;

import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import java.util.Objects;

/**
 * The Reactive Streams face of the bridge engine: thin adapters between its types and the engine's
 * {@link Source}, {@link Downstream} and {@link Upstream}. They translate calls one to one and
 * add only the null checks the spec asks of the adapted side (rules 1.9 and 2.13).
 */
public final class RsAdapter {

    private RsAdapter() {}

    /** {@code publisher} as an engine source. */
    public static <T> Source<T> source(Publisher<? extends T> publisher) {
        Objects.requireNonNull(publisher, "publisher");
        return downstream -> subscribe(publisher, downstream);
    }

    private static <T> void subscribe(Publisher<T> publisher, Downstream<? super T> downstream) {
        publisher.subscribe(new SubscriberOf<T>(downstream));
    }

    /**
     * {@code subscription} as an engine upstream; two of the same subscription are equal (rule
     * 2.5). For an adapter that subscribes with a subscriber of its own library.
     */
    public static Upstream upstream(Subscription subscription) {
        return new UpstreamOf(Objects.requireNonNull(subscription, "subscription"));
    }

    /** An engine source as a publisher. */
    public static <T> Publisher<T> publisher(Source<T> source) {
        return new PublisherOf<>(Objects.requireNonNull(source, "source"));
    }

    /** A Reactive Streams subscriber that forwards to an engine downstream. */
    private static final class SubscriberOf<T> implements Subscriber<T> {
        private final Downstream<? super T> downstream;

        SubscriberOf(Downstream<? super T> downstream) {
            this.downstream = downstream;
        }

        @Override
        public void onSubscribe(Subscription subscription) {
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

    /** A Reactive Streams subscription seen as an engine upstream. */
    private static final class UpstreamOf implements Upstream {
        private final Subscription subscription;

        UpstreamOf(Subscription subscription) {
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

    /** An engine source seen as a Reactive Streams publisher. */
    private static final class PublisherOf<T> implements Publisher<T> {
        private final Source<T> source;

        PublisherOf(Source<T> source) {
            this.source = source;
        }

        @Override
        public void subscribe(Subscriber<? super T> subscriber) {
            Objects.requireNonNull(subscriber, "subscribe(null): Reactive Streams rule 1.9");
            source.subscribe(new DownstreamOf<T>(subscriber));
        }
    }

    /** A Reactive Streams subscriber seen as an engine downstream. */
    private static final class DownstreamOf<T> implements Downstream<T> {
        private final Subscriber<? super T> subscriber;

        DownstreamOf(Subscriber<? super T> subscriber) {
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

    /** An engine upstream seen as a Reactive Streams subscription. */
    private static final class SubscriptionOf implements Subscription {
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
