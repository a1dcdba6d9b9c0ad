package dev.pollbridge.soak.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.FlowBridge;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.rxjava3.FlowableBridge;
import dev.pollbridge.rxjava3.ObservableBridge;
import dev.pollbridge.rxjava3.ObservableOverflow;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Observer;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.schedulers.Schedulers;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.FlowAdapters;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/**
 * A long stream through each bridge, in each direction, fast producer, slow consumer: the items in
 * flight (emitted, not yet taken) never exceed the bridge's bound (its prefetch, plus the one item
 * the consumer holds between taking it and counting it), nor does the outstanding demand, and no
 * item is produced without demand, so memory stays flat however long the stream. Asserted from
 * counts at the bridge boundary, never from timing. The number of items is the system property
 * {@code pollbridge.flow.items} (see the module's POM: ten million in {@code mvn verify}).
 */
class BridgeFlowControlTest {

    private static final long ITEMS = Long.getLong("pollbridge.flow.items", 10_000_000);
    private static final int PREFETCH = 64;

    private final SlowConsumer consumer = new SlowConsumer();
    private final FlowMeter meter = new FlowMeter(consumer.consumed);
    private final PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("flow-").build();

    @AfterEach
    void report() {
        runtime.close();
        System.out.println(getClass().getSimpleName() + ": " + meter);
    }

    private void assertBounded(Poll<?> end, long bound) {
        assertTrue(end.isDone(), "ended with " + end);
        assertEquals(ITEMS, consumer.consumed.get() + meter.dropped.get(), "items taken or dropped");
        assertTrue(meter.maxInFlight() <= bound + 1, "items in flight above the bound " + bound + ": " + meter);
        assertTrue(meter.maxOutstandingDemand() <= bound, "demand above the bound " + bound + ": " + meter);
        assertTrue(meter.maxAheadOfDemand() <= 0, "items sent without demand: " + meter);
    }

    @Test
    void reactiveStreamsToStream() {
        PollStream<Long> stream = ReactiveStreamsBridge.toPollStream(new DemandPublisher(ITEMS, meter), PREFETCH);
        assertBounded(consumer.drain(stream), PREFETCH);
    }

    @Test
    void flowToStream() {
        PollStream<Long> stream = FlowBridge.toPollStream(FlowAdapters.toFlowPublisher(new DemandPublisher(ITEMS, meter)),
                PREFETCH);
        assertBounded(consumer.drain(stream), PREFETCH);
    }

    @Test
    void reactorFluxToStream() {
        Flux<Long> flux = Flux.range(0, Math.toIntExact(ITEMS)).map(Integer::longValue)
                .subscribeOn(reactor.core.scheduler.Schedulers.single()) // RxJava's Schedulers is imported
                .doOnRequest(meter::onRequest)
                .doOnNext(item -> meter.onEmit());
        assertBounded(consumer.drain(FluxBridge.toPollStream(flux, PREFETCH)), PREFETCH);
    }

    @Test
    void rxJavaFlowableToStream() {
        Flowable<Long> flowable = Flowable.rangeLong(0, ITEMS)
                .subscribeOn(Schedulers.single())
                .doOnRequest(meter::onRequest)
                .doOnNext(item -> meter.onEmit());
        assertBounded(consumer.drain(FlowableBridge.toPollStream(flowable, PREFETCH)), PREFETCH);
    }

    /**
     * Queue fusion with a synchronous source: the stream takes each item from the source when it
     * is polled, so the source never runs ahead of the consumer (the one item in flight is the one
     * being handed over). Unfused, the same source would run up to the prefetch ahead.
     */
    private void assertPulledOnly(Poll<?> end) {
        assertTrue(end.isDone(), "ended with " + end);
        assertEquals(ITEMS, consumer.consumed.get());
        assertTrue(meter.maxInFlight() <= 1, "items produced ahead of the consumer: " + meter);
    }

    @Test
    void reactorFusedFluxToStream() {
        Flux<Long> flux = Flux.fromIterable(new PulledIterable(ITEMS, meter));
        assertPulledOnly(consumer.drain(FluxBridge.toPollStream(flux, PREFETCH)));
    }

    @Test
    void rxJavaFusedFlowableToStream() {
        Flowable<Long> flowable = Flowable.fromIterable(new PulledIterable(ITEMS, meter));
        assertPulledOnly(consumer.drain(FlowableBridge.toPollStream(flowable, PREFETCH)));
    }

    /**
     * An Observable has no backpressure: it pushes every item at once, and the overflow strategy
     * (here: drop the oldest) bounds what waits. The dropped items are closed by the bridge, which
     * is how they are counted; what waits never exceeds the capacity.
     */
    @Test
    void rxJavaObservableToStream() {
        Observable<Item> observable = Observable.rangeLong(0, ITEMS)
                .subscribeOn(Schedulers.single())
                .map(value -> {
                    meter.emitted.incrementAndGet();
                    return new Item(meter);
                })
                .lift(bridge -> new Observer<Item>() {
                    @Override
                    public void onSubscribe(Disposable d) {
                        bridge.onSubscribe(d);
                    }

                    @Override
                    public void onNext(Item item) {
                        bridge.onNext(item);
                        meter.measure(); // after the bridge queued it (and dropped the oldest)
                    }

                    @Override
                    public void onError(Throwable error) {
                        bridge.onError(error);
                    }

                    @Override
                    public void onComplete() {
                        bridge.onComplete();
                    }
                });
        PollStream<Item> stream = ObservableBridge.toPollStream(observable, ObservableOverflow.dropOldest(PREFETCH));
        Poll<?> end = consumer.drain(stream);
        assertTrue(end.isDone(), "ended with " + end);
        assertEquals(ITEMS, consumer.consumed.get() + meter.dropped.get(), "items taken or dropped");
        // At most capacity + 1 wait (the ring, and the item handed to a waiting poll), plus the one
        // item the consumer's poll is returning and has not counted yet.
        assertTrue(meter.maxInFlight() <= PREFETCH + 2, "items waiting above the capacity + 1: " + meter);
    }

    /** An item that counts itself dropped when the bridge discards (closes) it. */
    static final class Item implements AutoCloseable {
        private final FlowMeter meter;

        Item(FlowMeter meter) {
            this.meter = meter;
        }

        @Override
        public void close() {
            meter.onDrop();
        }
    }

    /**
     * The other way: a stream pulled by a bridge's task for a slow subscriber that requests a batch
     * at a time. The task polls the stream only while there is demand, so items pulled and not yet
     * received stay within the batch.
     */
    private void assertStreamToPublisherBounded(Function<Supplier<PollStream<Long>>, Publisher<Long>> bridge)
            throws InterruptedException {
        BatchSubscriber<Long> subscriber = new BatchSubscriber<>(consumer, meter, PREFETCH);
        bridge.apply(() -> new CountingStream(ITEMS, meter)).subscribe(subscriber);
        assertEquals(null, subscriber.awaitEnd());
        assertEquals(ITEMS, consumer.consumed.get());
        assertTrue(meter.maxAheadOfDemand() <= 0, "items pulled from the stream without demand: " + meter);
        assertTrue(meter.maxInFlight() <= PREFETCH, "items pulled and not received above the batch: " + meter);
        assertTrue(meter.maxOutstandingDemand() <= PREFETCH, "demand above the batch: " + meter);
    }

    @Test
    void reactiveStreamsStreamToPublisher() throws InterruptedException {
        assertStreamToPublisherBounded(factory -> ReactiveStreamsBridge.toPublisher(factory, runtime));
    }

    @Test
    void flowStreamToPublisher() throws InterruptedException {
        assertStreamToPublisherBounded(factory -> FlowAdapters.toPublisher(FlowBridge.toPublisher(factory, runtime)));
    }

    @Test
    void reactorStreamToFlux() throws InterruptedException {
        assertStreamToPublisherBounded(factory -> FluxBridge.toFlux(factory, runtime));
    }

    @Test
    void rxJavaStreamToFlowable() throws InterruptedException {
        assertStreamToPublisherBounded(factory -> FlowableBridge.toFlowable(factory, runtime));
    }

    /**
     * An Observable has no demand: the task pushes each item as soon as it pulled it, and the
     * observer's {@code onNext} runs on the task, so a slow observer holds the task back and at
     * most the one item being pushed is in flight.
     */
    @Test
    void rxJavaStreamToObservable() throws InterruptedException {
        CountDownLatch ended = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        ObservableBridge.toObservable(() -> new CountingStream(ITEMS, meter), runtime).subscribe(new Observer<Long>() {
            @Override
            public void onSubscribe(Disposable d) {}

            @Override
            public void onNext(Long item) {
                if (consumer.consumed.incrementAndGet() % SlowConsumer.PAUSE_EVERY == 0) {
                    LockSupport.parkNanos(200_000);
                }
            }

            @Override
            public void onError(Throwable error) {
                failure.set(error);
                ended.countDown();
            }

            @Override
            public void onComplete() {
                ended.countDown();
            }
        });
        assertTrue(ended.await(10, TimeUnit.MINUTES), "the Observable did not end; " + meter);
        assertEquals(null, failure.get());
        assertEquals(ITEMS, consumer.consumed.get());
        assertTrue(meter.maxInFlight() <= 1, "items pulled and not received: " + meter);
    }
}
