package dev.pollbridge.reactor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.async.AsyncMode;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.ProbeStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.subscriber.TestSubscriber;

/** {@link FluxBridge#toFlux} and {@link FluxBridge#flux}: streams and Async bodies as Flux. */
class FluxFromStreamTest {

    private static final Duration WAIT = Duration.ofSeconds(5);

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;

    @BeforeEach
    void start() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("flux-test-").uncaughtFailureHandler(uncaught::add).build();
    }

    @AfterEach
    void stop() {
        runtime.close();
        assertEquals(List.of(), uncaught);
    }

    @Test
    void itemsEndAndErrorsPassThrough() {
        StepVerifier.create(FluxBridge.toFlux(() -> Streams.of(1, 2, 3), runtime)).expectNext(1, 2, 3).verifyComplete();
        StepVerifier.create(FluxBridge.toFlux(Streams::empty, runtime)).verifyComplete();
        IllegalStateException boom = new IllegalStateException("boom");
        StepVerifier.create(FluxBridge.toFlux(() -> Streams.concat(Streams.of("a"), Streams.<String>failed(boom)), runtime))
                .expectNext("a")
                .expectErrorSatisfies(error -> assertSame(boom, error))
                .verify(WAIT);
    }

    @Test
    void eachSubscriptionGetsAFreshStream() {
        AtomicInteger built = new AtomicInteger();
        Flux<Integer> flux = FluxBridge.toFlux(() -> Streams.of(built.incrementAndGet()), runtime);
        assertEquals(0, built.get());
        StepVerifier.create(flux.repeat(2)).expectNext(1, 2, 3).verifyComplete();
    }

    @Test
    void theStreamIsPolledAtMostOneItemAheadOfDemand() {
        ProbeStream<Integer> probe = new ProbeStream<>();
        for (int i = 0; i < 10; i++) {
            probe.emit(i);
        }
        StepVerifier.create(FluxBridge.toFlux(() -> probe, runtime), 0)
                .expectSubscription()
                .expectNoEvent(Duration.ofMillis(20))
                .then(() -> assertEquals(9, probe.queued(), "no demand: one item pulled ahead, not emitted"))
                .thenRequest(2)
                .expectNext(0, 1)
                .expectNoEvent(Duration.ofMillis(20))
                .then(() -> assertEquals(7, probe.queued(), "the demand and one item ahead"))
                .thenRequest(3)
                .expectNext(2, 3, 4)
                .then(() -> await().atMost(WAIT).until(() -> probe.queued() == 4)) // 5 is held ahead
                .thenCancel()
                .verify(WAIT);
        await().atMost(WAIT).until(probe::isClosed);
        assertEquals(4, probe.queued(), "the item held ahead was dropped with the subscription");
    }

    @Test
    void theEndGoesOutWithoutDemand() {
        // One item requested, one item in the stream: the completion needs no second request.
        StepVerifier.create(FluxBridge.toFlux(() -> Streams.of("x"), runtime), 1)
                .expectNext("x")
                .expectComplete()
                .verify(WAIT);
        StepVerifier.create(FluxBridge.flux(emitter -> emitter.emit("x"), runtime), 1)
                .expectNext("x")
                .expectComplete()
                .verify(WAIT);
        // An empty stream completes a subscriber that never requested; a failure needs no demand either.
        StepVerifier.create(FluxBridge.toFlux(Streams::empty, runtime), 0)
                .expectSubscription()
                .expectComplete()
                .verify(WAIT);
        StepVerifier.create(FluxBridge.<String>flux(emitter -> { }, runtime), 0)
                .expectSubscription()
                .expectComplete()
                .verify(WAIT);
        IllegalStateException boom = new IllegalStateException("boom");
        StepVerifier.create(FluxBridge.<String>flux(emitter -> {
            throw boom;
        }, runtime), 0)
                .expectSubscription()
                .expectErrorSatisfies(error -> assertSame(boom, error))
                .verify(WAIT);
        // The same with reactor-test's TestSubscriber, which requests nothing up front.
        TestSubscriber<String> neverRequests = TestSubscriber.<String>builder().initialRequest(0).build();
        FluxBridge.<String>toFlux(Streams::empty, runtime).subscribe(neverRequests);
        neverRequests.block(WAIT);
        assertTrue(neverRequests.isTerminatedComplete());
        TestSubscriber<String> requestsOne = TestSubscriber.<String>builder().initialRequest(1).build();
        FluxBridge.<String>flux(emitter -> emitter.emit("only"), runtime).subscribe(requestsOne);
        requestsOne.block(WAIT);
        assertEquals(List.of("only"), requestsOne.getReceivedOnNext());
        assertTrue(requestsOne.isTerminatedComplete());
        // A Reactor subscriber that asks for exactly the items there are, as take(n) does.
        StepVerifier.create(FluxBridge.toFlux(() -> Streams.of(1, 2, 3), runtime).limitRequest(3), 3)
                .expectNext(1, 2, 3)
                .expectComplete()
                .verify(WAIT);
    }

    @Test
    void takeCancelsAndTheStreamIsClosedExactlyOnce() {
        ProbeStream<Integer> probe = new ProbeStream<>();
        for (int i = 0; i < 5; i++) {
            probe.emit(i);
        }
        StepVerifier.create(FluxBridge.toFlux(() -> probe, runtime).take(3)).expectNext(0, 1, 2).verifyComplete();
        await().atMost(WAIT).until(probe::isClosed);
        assertTrue(probe.isCancelled());
        runtime.close();
        assertEquals(1, probe.closes());
    }

    @Test
    void downstreamTimeAndTimeoutOperators() {
        ProbeStream<String> silent = new ProbeStream<>();
        StepVerifier.create(FluxBridge.toFlux(() -> silent, runtime).timeout(Duration.ofMillis(40)))
                .expectError(TimeoutException.class)
                .verify(WAIT);
        await().atMost(WAIT).until(silent::isClosed);
        StepVerifier.create(FluxBridge.toFlux(() -> Streams.of(1, 2, 3), runtime).delayElements(Duration.ofMillis(10)))
                .expectNext(1, 2, 3).expectComplete().verify(WAIT);
    }

    @Test
    void aClosedRuntimeRejectsTheSubscription() {
        PollRuntime closed = PollRuntime.builder().workers(1).build();
        closed.close();
        StepVerifier.create(FluxBridge.toFlux(() -> Streams.of(1), closed))
                .expectError(RejectedExecutionException.class)
                .verify(WAIT);
    }

    @Test
    void aFactoryThatReturnsNullFailsTheSubscription() {
        StepVerifier.create(FluxBridge.<Integer>toFlux(() -> null, runtime))
                .expectError(NullPointerException.class)
                .verify(WAIT);
    }

    @Test
    void anAsyncStreamBodyIsAFluxAndTakeCancelsItsPendingEmit() {
        AtomicBoolean cleanedUp = new AtomicBoolean();
        AtomicBoolean afterEmitRan = new AtomicBoolean();
        Flux<Integer> counting = FluxBridge.flux(emitter -> {
            try {
                for (int i = 0; i < 1_000; i++) {
                    emitter.emit(i);
                }
                afterEmitRan.set(true);
            } finally {
                cleanedUp.set(true);
            }
        }, runtime);
        StepVerifier.create(counting.map(i -> i * 10).take(4)).expectNext(0, 10, 20, 30).verifyComplete();
        await().atMost(WAIT).untilTrue(cleanedUp);
        assertFalse(afterEmitRan.get());
    }

    @Test
    void anAsyncStreamBodySeesTheContextAndAwaitsMonos() {
        Flux<String> body = FluxBridge.flux(emitter -> {
            String user = ReactorBridge.currentContext().get("user");
            for (int i = 0; i < 3; i++) {
                emitter.emit(user + "-" + MonoBridge.await(Mono.just(i).delayElement(Duration.ofMillis(5))));
            }
        }, runtime);
        StepVerifier.create(body.contextWrite(reactor.util.context.Context.of("user", "ada")))
                .expectNext("ada-0", "ada-1", "ada-2")
                .verifyComplete();
    }

    @Test
    void cancellingAFluxCancelsTheMonoItsBodyAwaits() {
        AtomicInteger innerCancels = new AtomicInteger();
        AtomicBoolean awaiting = new AtomicBoolean();
        Flux<String> body = FluxBridge.flux(emitter -> {
            awaiting.set(true);
            emitter.emit(MonoBridge.await(Mono.<String>never().doOnCancel(innerCancels::incrementAndGet)));
        }, runtime);
        StepVerifier.create(body)
                .expectSubscription()
                .then(() -> await().atMost(WAIT).untilTrue(awaiting))
                .thenCancel()
                .verify(WAIT);
        await().atMost(WAIT).until(() -> innerCancels.get() == 1);
    }

    /**
     * A million items through both bridges (Flux -> stream -> Flux) with bounded memory: the
     * upstream never has more than {@code prefetch} items requested and not yet delivered, and
     * the stream is never pulled beyond what the downstream requested.
     */
    @Test
    void aMillionItemsRoundTripWithBoundedDemand() {
        int items = 1_000_000;
        int prefetch = 256;
        AtomicLong upstreamRequested = new AtomicLong();
        AtomicLong upstreamEmitted = new AtomicLong();
        AtomicLong maxUpstreamOutstanding = new AtomicLong();
        Flux<Integer> source = Flux.range(0, items)
                .doOnRequest(n -> maxUpstreamOutstanding.accumulateAndGet(
                        upstreamRequested.addAndGet(n) - upstreamEmitted.get(), Math::max))
                .doOnNext(item -> upstreamEmitted.incrementAndGet());

        AtomicLong downstreamRequested = new AtomicLong();
        AtomicLong pulled = new AtomicLong();
        AtomicLong maxPulledBeyondDemand = new AtomicLong(Long.MIN_VALUE);
        Flux<Integer> roundTrip = FluxBridge.toFlux(() -> counting(FluxBridge.toPollStream(source, prefetch),
                        () -> maxPulledBeyondDemand.accumulateAndGet(pulled.incrementAndGet() - downstreamRequested.get(), Math::max)),
                        runtime)
                .doOnRequest(downstreamRequested::addAndGet)
                .limitRate(128);

        AtomicLong expected = new AtomicLong();
        AtomicBoolean inOrder = new AtomicBoolean(true);
        StepVerifier.create(roundTrip.doOnNext(item -> {
                    if (item != expected.getAndIncrement()) {
                        inOrder.set(false);
                    }
                }))
                .expectNextCount(items)
                .expectComplete()
                .verify(Duration.ofSeconds(60));
        assertTrue(inOrder.get());
        assertEquals(items, upstreamEmitted.get());
        assertTrue(maxUpstreamOutstanding.get() <= prefetch, "upstream outstanding " + maxUpstreamOutstanding.get());
        assertTrue(maxPulledBeyondDemand.get() <= 0, "pulled beyond demand by " + maxPulledBeyondDemand.get());
    }

    /** {@code stream}, calling {@code onItem} on the polling thread for each item it hands out. */
    private static <T> PollStream<T> counting(PollStream<T> stream, Runnable onItem) {
        return new PollStream<>() {
            @Override
            public Poll<T> pollNext(Context cx) {
                Poll<T> poll = stream.pollNext(cx);
                if (poll.isReady()) {
                    onItem.run();
                }
                return poll;
            }

            @Override
            public void close() {
                stream.close();
            }
        };
    }

    @Test
    void theBodyRunsOnAWorkerInContinuationModeOnlyAndSignalsAlwaysDo() {
        AtomicBoolean bodyOnWorker = new AtomicBoolean(true);
        Flux<String> flux = FluxBridge.flux(emitter -> {
            bodyOnWorker.set(Thread.currentThread().getName().startsWith("flux-test-"));
            emitter.emit(String.valueOf(Async.inBody()));
        }, runtime);
        StepVerifier.create(flux.map(inBody -> inBody + "@" + Thread.currentThread().getName().startsWith("flux-test-")))
                .expectNext("true@true")
                .verifyComplete();
        // Continuation mode: the body runs inside its owner's poll, on the worker; thread mode: on a thread of its own.
        assertEquals(Async.mode() == AsyncMode.CONTINUATION, bodyOnWorker.get());
    }
}
