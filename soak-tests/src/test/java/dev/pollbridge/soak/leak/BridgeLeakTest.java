package dev.pollbridge.soak.leak;

import static dev.pollbridge.soak.leak.Collected.awaitCollected;
import static dev.pollbridge.soak.leak.Collected.watch;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Waker;
import dev.pollbridge.reactor.ReactorBridge;
import dev.pollbridge.runtime.Runtime;
import dev.pollbridge.runtime.bridge.FlowBridge;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.rxjava3.RxJavaBridge;
import io.reactivex.rxjava3.core.Flowable;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.FlowAdapters;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.publisher.Flux;

/**
 * A closed bridge lets go of what it held, even when the other side does not let go of the
 * bridge. Reactive Streams asks a publisher to drop its subscriber on cancel (rule 3.13) and lets
 * a subscriber keep its subscription; a bridge that relied on its peer for that would leak
 * through every peer that does not. Into a stream: the stream is closed with its waker stored and
 * items buffered, under a publisher that keeps its subscriber forever; the waker and the items
 * must be collectable. Out of a stream: the subscription is cancelled by a subscriber that keeps
 * it forever; the stream and what it captured must be collectable.
 */
class BridgeLeakTest {

    private final Runtime runtime = Runtime.builder().workers(1).threadNamePrefix("bridge-leak-").build();

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    /** A publisher that keeps every subscriber and subscription it ever had: a peer that never lets go. */
    static final class Hoarding implements Publisher<Object> {
        final List<Subscriber<? super Object>> subscribers = new CopyOnWriteArrayList<>();
        final AtomicInteger cancels = new AtomicInteger();

        @Override
        public void subscribe(Subscriber<? super Object> subscriber) {
            subscribers.add(subscriber);
            subscriber.onSubscribe(new Subscription() {
                @Override
                public void request(long n) {}

                @Override
                public void cancel() {
                    cancels.incrementAndGet();
                }
            });
        }

        void emit(Object item) {
            subscribers.forEach(subscriber -> subscriber.onNext(item));
        }
    }

    /**
     * Polls the stream once (it subscribes and stores the waker), has the publisher push two items
     * into its buffer, closes it unread, and watches the waker and the items.
     */
    private static List<WeakReference<Object>> closeWithItemsBuffered(Hoarding publisher, PollStream<Object> stream) {
        Waker waker = new Waker() {
            @Override
            public void wake() {}
        };
        Poll<Object> first = stream.pollNext(Context.of(waker));
        assertTrue(first.isPending(), "nothing was emitted yet, was " + first);
        assertEquals(1, publisher.subscribers.size(), "subscribed at the first poll");
        Object a = new Object();
        Object b = new Object();
        publisher.emit(a);
        publisher.emit(b);
        stream.close();
        assertEquals(1, publisher.cancels.get(), "the close cancelled the subscription once");
        return watch(waker, a, b);
    }

    private static void assertToStreamReleases(Function<Publisher<Object>, PollStream<Object>> bridge) {
        Hoarding publisher = new Hoarding();
        awaitCollected(closeWithItemsBuffered(publisher, bridge.apply(publisher)),
                "the closed stream's waker and buffered items");
        Reference.reachabilityFence(publisher);
    }

    @Test
    void reactiveStreamsToStream() {
        assertToStreamReleases(publisher -> ReactiveStreamsBridge.toStream(publisher, 4));
    }

    @Test
    void flowToStream() {
        assertToStreamReleases(publisher -> FlowBridge.toStream(FlowAdapters.toFlowPublisher(publisher), 4));
    }

    @Test
    void reactorToStream() {
        assertToStreamReleases(publisher -> ReactorBridge.toStream(Flux.from(publisher), 4));
    }

    @Test
    void rxJavaFlowableToStream() {
        assertToStreamReleases(publisher -> RxJavaBridge.toStream(Flowable.fromPublisher(publisher), 4));
    }

    /** A subscriber that keeps its subscription forever: takes one item, then cancels. */
    static final class Keeping implements Subscriber<Object> {
        volatile Subscription subscription;
        final AtomicInteger items = new AtomicInteger();

        @Override
        public void onSubscribe(Subscription s) {
            subscription = s;
            s.request(1);
        }

        @Override
        public void onNext(Object item) {
            items.incrementAndGet();
        }

        @Override
        public void onError(Throwable error) {}

        @Override
        public void onComplete() {}
    }

    /** An endless stream that captures a resource: what must not outlive the cancel. */
    static final class Endless implements PollStream<Object> {
        final Object captured = new Object();
        volatile boolean closed;

        @Override
        public Poll<Object> pollNext(Context cx) {
            return Poll.ready(captured.hashCode());
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static void assertToPublisherReleases(Function<Supplier<PollStream<Object>>, Publisher<Object>> bridge) {
        Keeping subscriber = new Keeping();
        List<WeakReference<Object>> refs = subscribeTakeOneAndCancel(bridge, subscriber);
        awaitCollected(refs, "the cancelled subscription's stream and what it captured");
        Reference.reachabilityFence(subscriber.subscription);
    }

    /**
     * The factory makes a fresh stream per subscription, as a cold publisher's does (a factory
     * that captured one stream would keep it reachable from the publisher, rightly); the test
     * keeps it only until it has watched it.
     */
    private static List<WeakReference<Object>> subscribeTakeOneAndCancel(
            Function<Supplier<PollStream<Object>>, Publisher<Object>> bridge, Keeping subscriber) {
        AtomicReference<Endless> made = new AtomicReference<>();
        bridge.apply(() -> {
            Endless stream = new Endless();
            made.set(stream);
            return stream;
        }).subscribe(subscriber);
        await().atMost(Duration.ofSeconds(10)).until(() -> subscriber.items.get() == 1);
        subscriber.subscription.cancel();
        await().atMost(Duration.ofSeconds(10)).until(() -> made.get().closed);
        Endless stream = made.getAndSet(null);
        return watch(stream, stream.captured);
    }

    @Test
    void reactiveStreamsToPublisher() {
        assertToPublisherReleases(factory -> ReactiveStreamsBridge.toPublisher(factory, runtime));
    }

    @Test
    void flowToPublisher() {
        assertToPublisherReleases(factory -> FlowAdapters.toPublisher(FlowBridge.toPublisher(factory, runtime)));
    }

    @Test
    void reactorToFlux() {
        assertToPublisherReleases(factory -> ReactorBridge.toFlux(factory, runtime));
    }

    @Test
    void rxJavaToFlowable() {
        assertToPublisherReleases(factory -> RxJavaBridge.toFlowable(factory, runtime));
    }
}
