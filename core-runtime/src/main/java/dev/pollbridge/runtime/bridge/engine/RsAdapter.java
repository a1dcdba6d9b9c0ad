package dev.pollbridge.runtime.bridge.engine;

import org.reactivestreams.Publisher;
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
        return UpstreamOf.of(Objects.requireNonNull(subscription, "subscription"));
    }

    /** An engine source as a publisher. */
    public static <T> Publisher<T> publisher(Source<T> source) {
        Objects.requireNonNull(source, "source");
        return subscriber -> source.subscribe(DownstreamOf.of(subscriber));
    }
}
