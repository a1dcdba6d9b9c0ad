package dev.pollbridge.runtime.internal.bridge;

import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The Reactive Streams face of the bridge engine: thin adapters between its types and the engine's
 * {@link Source}, {@link Downstream} and {@link Upstream}. They translate calls one to one and
 * add only the null checks the spec asks of the adapted side (rules 1.9 and 2.13). A publisher
 * that a library adapter on the class or module path knows ({@link LibrarySources}) is subscribed
 * that adapter's way instead.
 */
public final class RsAdapter {

    private RsAdapter() {}

    /**
     * {@code publisher} as an engine source: subscribed by a library adapter's own subscriber if
     * one knows it ({@link LibrarySources}), else by a plain one.
     */
    @SuppressWarnings("unchecked") // a source of a publisher of T is a source of T
    public static <T> Source<T> source(Publisher<? extends T> publisher) {
        Objects.requireNonNull(publisher, "publisher");
        for (LibrarySources library : Libraries.ALL) {
            Source<? extends T> own = library.sourceOf(publisher);
            if (own != null) {
                return (Source<T>) own;
            }
        }
        return downstream -> subscribe(publisher, downstream);
    }

    /** The {@link LibrarySources} found at first use, in service-loader order. */
    private static final class Libraries {
        static final List<LibrarySources> ALL = load();

        private static List<LibrarySources> load() {
            List<LibrarySources> found = new ArrayList<>();
            Iterator<LibrarySources> providers =
                    ServiceLoader.load(LibrarySources.class, LibrarySources.class.getClassLoader()).iterator();
            while (true) {
                try {
                    if (!providers.hasNext()) {
                        return List.copyOf(found);
                    }
                    found.add(providers.next());
                } catch (ServiceConfigurationError broken) {
                    // A provider that cannot load (a library missing at run time) leaves the
                    // plain subscriber in place for its publishers.
                    System.getLogger(RsAdapter.class.getName()).log(System.Logger.Level.DEBUG,
                            "a LibrarySources provider could not be loaded", broken);
                }
            }
        }
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
