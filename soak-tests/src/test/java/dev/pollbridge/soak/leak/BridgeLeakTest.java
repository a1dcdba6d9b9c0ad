package dev.pollbridge.soak.leak;

import static dev.pollbridge.soak.leak.Collected.awaitCollected;
import static dev.pollbridge.soak.leak.Collected.watch;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Waker;
import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.reactor.MonoBridge;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.FlowBridge;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.rxjava3.FlowableBridge;
import dev.pollbridge.rxjava3.ObservableBridge;
import dev.pollbridge.rxjava3.ObservableOverflow;
import dev.pollbridge.rxjava3.SingleBridge;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.ObservableEmitter;
import io.reactivex.rxjava3.core.Observer;
import io.reactivex.rxjava3.core.SingleObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
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

    private final PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("bridge-leak-").build();

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
        assertToStreamReleases(publisher -> ReactiveStreamsBridge.toPollStream(publisher, 4));
    }

    @Test
    void flowToStream() {
        assertToStreamReleases(publisher -> FlowBridge.toPollStream(FlowAdapters.toFlowPublisher(publisher), 4));
    }

    @Test
    void reactorToStream() {
        assertToStreamReleases(publisher -> FluxBridge.toPollStream(Flux.from(publisher), 4));
    }

    @Test
    void rxJavaFlowableToStream() {
        assertToStreamReleases(publisher -> FlowableBridge.toPollStream(Flowable.fromPublisher(publisher), 4));
    }

    // ---- a source that keeps its subscriber: a closed future lets go of the value it returned ----

    /** A Single that keeps every observer it ever had. */
    static final class HoardingSingle extends io.reactivex.rxjava3.core.Single<Object> {
        final List<SingleObserver<? super Object>> observers = new CopyOnWriteArrayList<>();

        @Override
        protected void subscribeActual(SingleObserver<? super Object> observer) {
            observers.add(observer);
            observer.onSubscribe(Disposable.empty());
        }
    }

    /** Polls the future (it subscribes), has the source deliver a value, takes it, closes the future. */
    private static List<WeakReference<Object>> takeTheValueAndClose(PollFuture<Object> future, Runnable deliver,
            AtomicReference<Object> delivered) {
        Context cx = Context.of(() -> {});
        assertTrue(future.poll(cx).isPending(), "subscribed, no value yet");
        deliver.run();
        Poll<Object> result = future.poll(cx);
        assertTrue(result.isReady(), "the value arrived: " + result);
        future.close();
        return watch(delivered.getAndSet(null));
    }

    @Test
    void rxJavaSingleToFutureLetsGoOfItsValueWhileTheSingleKeepsItsObserver() {
        HoardingSingle single = new HoardingSingle();
        AtomicReference<Object> value = new AtomicReference<>(new byte[1 << 20]);
        awaitCollected(takeTheValueAndClose(SingleBridge.toPollFuture(single),
                () -> single.observers.forEach(observer -> observer.onSuccess(value.get())), value),
                "the closed future's value");
        Reference.reachabilityFence(single);
    }

    @Test
    void reactorMonoToFutureLetsGoOfItsValueWhileThePublisherKeepsItsSubscriber() {
        Hoarding publisher = new Hoarding();
        AtomicReference<Object> value = new AtomicReference<>(new byte[1 << 20]);
        awaitCollected(takeTheValueAndClose(MonoBridge.toPollFuture(reactor.core.publisher.Mono.fromDirect(publisher)),
                () -> {
                    publisher.emit(value.get());
                    publisher.subscribers.forEach(Subscriber::onComplete);
                }, value), "the closed future's value");
        Reference.reachabilityFence(publisher);
    }

    // ---- an Observable keeps its observer: nothing but the Observable may keep the items ----

    /** Items of a mebibyte each, as a user would buffer: only weak references leave the helpers. */
    private static List<Object> megabytes(int count) {
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            items.add(new byte[1 << 20]);
        }
        return items;
    }

    /**
     * Issue 24, item 8: an {@code Observable.create} emitter that somebody holds (a hot source's
     * list of listeners) holds the stream as its observer. After the stream is closed, with some
     * items taken and the rest buffered, none of the 64 items may stay reachable through it.
     */
    @Test
    void rxJavaObservableToStreamClosedWithItemsBufferedReleasesThemWhileTheEmitterIsHeld() {
        AtomicReference<ObservableEmitter<Object>> emitter = new AtomicReference<>();
        List<WeakReference<Object>> refs = pushTakeSomeAndClose(emitter, false);
        awaitCollected(refs, "the closed Observable stream's items (taken and buffered)");
        Reference.reachabilityFence(emitter.get());
    }

    /** The same after the normal end: every item was taken, then the owner closed the stream. */
    @Test
    void rxJavaObservableToStreamDrainedToItsEndAndClosedReleasesTheItemsWhileTheEmitterIsHeld() {
        AtomicReference<ObservableEmitter<Object>> emitter = new AtomicReference<>();
        List<WeakReference<Object>> refs = pushTakeSomeAndClose(emitter, true);
        awaitCollected(refs, "the drained Observable stream's items");
        Reference.reachabilityFence(emitter.get());
    }

    private static List<WeakReference<Object>> pushTakeSomeAndClose(
            AtomicReference<ObservableEmitter<Object>> emitter, boolean drainToTheEnd) {
        PollStream<Object> stream = ObservableBridge.toPollStream(Observable.create(emitter::set), ObservableOverflow.error(64));
        Context cx = Context.of(() -> {});
        assertTrue(stream.pollNext(cx).isPending(), "subscribed, nothing emitted yet");
        List<Object> items = megabytes(64);
        items.forEach(emitter.get()::onNext);
        if (drainToTheEnd) {
            emitter.get().onComplete();
        }
        int taken = 0;
        while (drainToTheEnd || taken < 8) {
            if (!stream.pollNext(cx).isReady()) {
                break; // done
            }
            taken++;
        }
        assertEquals(drainToTheEnd ? 64 : 8, taken, "items the owner took");
        stream.close();
        return watch(items.toArray());
    }

    /** An Observer that keeps its Disposable forever, as observers that dispose later must. */
    static final class KeepingObserver implements Observer<Object> {
        volatile Disposable disposable;
        final AtomicInteger items = new AtomicInteger();

        @Override
        public void onSubscribe(Disposable d) {
            disposable = d;
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

    /**
     * Out of a stream into an Observable: the observer disposes and keeps its {@code Disposable},
     * which is the task of its subscription; the closed stream and what it captured must not stay
     * reachable through it (RxJava's {@code LambdaObserver} lets go of its upstream on dispose too).
     */
    @Test
    void rxJavaToObservableDisposedByAnObserverThatKeepsItsDisposable() {
        KeepingObserver observer = new KeepingObserver();
        List<WeakReference<Object>> refs = subscribeTakeOneAndDispose(observer);
        awaitCollected(refs, "the disposed subscription's stream and what it captured");
        Reference.reachabilityFence(observer.disposable);
    }

    private List<WeakReference<Object>> subscribeTakeOneAndDispose(KeepingObserver observer) {
        AtomicReference<Endless> made = new AtomicReference<>();
        ObservableBridge.toObservable(() -> {
            Endless stream = new Endless();
            made.set(stream);
            return stream;
        }, runtime).subscribe(observer);
        await().atMost(Duration.ofSeconds(10)).until(() -> observer.items.get() > 0);
        observer.disposable.dispose();
        await().atMost(Duration.ofSeconds(10)).until(() -> made.get().closed);
        Endless stream = made.getAndSet(null);
        return watch(stream, stream.captured);
    }

    /** A SingleObserver that keeps its Disposable forever. */
    static final class KeepingSingleObserver implements SingleObserver<Object> {
        volatile Disposable disposable;
        volatile boolean signalled;

        @Override
        public void onSubscribe(Disposable d) {
            disposable = d;
        }

        @Override
        public void onSuccess(Object value) {
            signalled = true;
        }

        @Override
        public void onError(Throwable error) {
            signalled = true;
        }
    }

    /** The same for {@code toSingle}: the future and its value, once delivered, are not held by the Disposable. */
    @Test
    void rxJavaToSingleByAnObserverThatKeepsItsDisposable() {
        KeepingSingleObserver observer = new KeepingSingleObserver();
        List<WeakReference<Object>> refs = subscribeToAValue(observer);
        awaitCollected(refs, "the finished subscription's future and its value");
        Reference.reachabilityFence(observer.disposable);
    }

    private List<WeakReference<Object>> subscribeToAValue(KeepingSingleObserver observer) {
        AtomicReference<PollFuture<Object>> made = new AtomicReference<>();
        AtomicReference<Object> produced = new AtomicReference<>();
        SingleBridge.toSingle(() -> { // a fresh future per subscription, and a fresh value per future
            PollFuture<Object> future = cx -> {
                Object value = new byte[1 << 20];
                produced.set(value);
                return Poll.ready(value);
            };
            made.set(future);
            return future;
        }, runtime).subscribe(observer);
        await().atMost(Duration.ofSeconds(10)).until(() -> observer.signalled);
        await().atMost(Duration.ofSeconds(10)).until(() -> runtime.metrics().tasksAlive() == 0);
        return watch(made.getAndSet(null), produced.getAndSet(null));
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
        assertToPublisherReleases(factory -> FluxBridge.toFlux(factory, runtime));
    }

    @Test
    void rxJavaToFlowable() {
        assertToPublisherReleases(factory -> FlowableBridge.toFlowable(factory, runtime));
    }
}
