package dev.pollbridge.spring;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.springframework.core.ReactiveAdapter;
import org.springframework.core.ReactiveAdapterRegistry;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * The registered {@link ReactiveAdapter}s themselves, both directions, checked with StepVerifier
 * and counting probes: values, empty, errors, one subscription per instance, cancellation.
 */
class PollbridgeReactiveAdaptersTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    private PollRuntime runtime;
    private ReactiveAdapterRegistry registry;

    @BeforeEach
    void setUp() {
        runtime = PollRuntime.builder().workers(2).threadNamePrefix("adapter-test-").uncaughtFailureHandler(uncaught::add).build();
        registry = new ReactiveAdapterRegistry();
        assertTrue(PollbridgeReactiveAdapters.registerAdapters(registry, runtime));
    }

    @AfterEach
    void tearDown() {
        runtime.close();
        assertEquals(List.of(), uncaught);
    }

    private ReactiveAdapter adapterFor(Class<?> type) {
        ReactiveAdapter adapter = registry.getAdapter(type);
        assertTrue(adapter != null, "no adapter for " + type);
        return adapter;
    }

    // ---- registration ----------------------------------------------------------------------------

    @Test
    void implementationsFindTheAdapterOfTheirPollbridgeType() {
        assertSame(PollFuture.class, adapterFor(ProbeFuture.class).getReactiveType());
        assertSame(PollStream.class, adapterFor(ProbeStream.class).getReactiveType());
        JoinHandle<String> handle = runtime.spawn(Futures.ready("x"));
        assertSame(JoinHandle.class, registry.getAdapter(null, handle).getReactiveType(),
                "a JoinHandle is a PollFuture too, but must get the JoinHandle adapter");
        assertSame(PollFuture.class, registry.getAdapter(null, Futures.ready("x")).getReactiveType());
        handle.close();
    }

    @Test
    void descriptorsSaySingleOrMultiAndDeferredOrNot() {
        ReactiveAdapter future = adapterFor(PollFuture.class);
        assertFalse(future.isMultiValue());
        assertTrue(future.supportsEmpty());
        assertTrue(future.getDescriptor().isDeferred());

        ReactiveAdapter stream = adapterFor(PollStream.class);
        assertTrue(stream.isMultiValue());
        assertTrue(stream.supportsEmpty());
        assertTrue(stream.getDescriptor().isDeferred());

        ReactiveAdapter handle = adapterFor(JoinHandle.class);
        assertFalse(handle.isMultiValue());
        assertTrue(handle.supportsEmpty());
        assertFalse(handle.getDescriptor().isDeferred(), "a JoinHandle's task already runs");
    }

    @Test
    void registeringAgainChangesNothing() {
        ReactiveAdapter first = adapterFor(PollFuture.class);
        assertFalse(PollbridgeReactiveAdapters.registerAdapters(registry, PollRuntime.shared()));
        assertSame(first, adapterFor(PollFuture.class));
    }

    @Test
    void nullArgumentsFailEarly() {
        assertThrows(NullPointerException.class, () -> PollbridgeReactiveAdapters.registerAdapters(null));
        assertThrows(NullPointerException.class, () -> PollbridgeReactiveAdapters.registerAdapters(new ReactiveAdapterRegistry(), null));
    }

    // ---- PollFuture -> Publisher --------------------------------------------------------------------

    @Test
    void futureValueEmptyAndErrorAreSignalledAsTheyAre() {
        ReactiveAdapter adapter = adapterFor(PollFuture.class);
        StepVerifier.create(adapter.<String>toPublisher(Futures.ready("v"))).expectNext("v").expectComplete().verify(WAIT);
        StepVerifier.create(adapter.<String>toPublisher(Futures.ready(null))).expectComplete().verify(WAIT);
        StepVerifier.create(adapter.<String>toPublisher(null)).expectComplete().verify(WAIT);
        IllegalStateException boom = new IllegalStateException("boom");
        StepVerifier.create(adapter.<String>toPublisher(Futures.failed(boom)))
                .expectErrorSatisfies(error -> assertSame(boom, error))
                .verify(WAIT);
    }

    @Test
    void futureIsPolledOnlyOnceSubscribedAndOnAWorkerOfTheRuntime() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        AtomicReference<PollRuntime> pollingRuntime = new AtomicReference<>();
        PollFuture<String> future = Futures.defer(() -> {
            pollingRuntime.set(PollRuntime.current().orElse(null));
            return probe;
        });
        Publisher<String> publisher = adapterFor(PollFuture.class).toPublisher(future);
        assertEquals(0, probe.polls(), "adapting must not start the future");

        StepVerifier.create(publisher)
                .then(() -> await().atMost(WAIT).until(() -> probe.polls() > 0))
                .then(() -> probe.complete("late"))
                .expectNext("late")
                .expectComplete()
                .verify(WAIT);
        assertSame(runtime, pollingRuntime.get());
        await().atMost(WAIT).until(probe::isClosed);
        assertEquals(1, probe.closes());
        assertFalse(probe.isCancelled());
    }

    @Test
    void aSecondSubscriptionToTheSameFutureFailsAndLeavesTheFirstAlone() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        Publisher<String> publisher = adapterFor(PollFuture.class).toPublisher(probe);
        StepVerifier.create(publisher)
                .then(() -> await().atMost(WAIT).until(() -> probe.polls() > 0))
                .then(() -> StepVerifier.create(publisher)
                        .expectErrorSatisfies(error -> {
                            assertInstanceOf(IllegalStateException.class, error);
                            assertTrue(error.getMessage().contains("only once"), error.getMessage());
                        })
                        .verify(WAIT))
                .then(() -> probe.complete("first"))
                .expectNext("first")
                .expectComplete()
                .verify(WAIT);
        await().atMost(WAIT).until(probe::isClosed);
        assertEquals(1, probe.closes());
    }

    @Test
    void cancellingAFutureSubscriptionClosesTheFutureExactlyOnce() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        StepVerifier.create(adapterFor(PollFuture.class).<String>toPublisher(probe))
                .then(() -> await().atMost(WAIT).until(() -> probe.polls() > 0))
                .thenCancel()
                .verify(WAIT);
        await().atMost(WAIT).until(probe::isClosed);
        assertTrue(probe.isCancelled());
        runtime.close();
        assertEquals(1, probe.closes());
    }

    // ---- PollStream -> Publisher --------------------------------------------------------------------

    @Test
    void streamItemsFollowDemandAndEndAsTheStreamEnds() {
        ProbeStream<Integer> probe = ProbeStream.of(1, 2, 3);
        StepVerifier.create(adapterFor(PollStream.class).<Integer>toPublisher(probe), 1)
                .expectNext(1)
                .then(() -> await().atMost(WAIT).until(() -> probe.queued() == 1)) // 2 is held ahead
                .expectNoEvent(Duration.ofMillis(20))                                // and not emitted
                .thenRequest(2) // exactly the items left: the end needs no more demand
                .expectNext(2, 3)
                .expectComplete()
                .verify(WAIT);
        await().atMost(WAIT).until(probe::isClosed);
        assertEquals(1, probe.closes());
        StepVerifier.create(adapterFor(PollStream.class).toPublisher(null)).expectComplete().verify(WAIT);
        StepVerifier.create(adapterFor(PollStream.class).toPublisher(Streams.empty())).expectComplete().verify(WAIT);
    }

    @Test
    void streamFailureArrivesAfterTheItemsBeforeIt() {
        IllegalArgumentException boom = new IllegalArgumentException("boom");
        ProbeStream<String> probe = new ProbeStream<>();
        probe.emit("a");
        probe.fail(boom);
        StepVerifier.create(adapterFor(PollStream.class).<String>toPublisher(probe))
                .expectNext("a")
                .expectErrorSatisfies(error -> assertSame(boom, error))
                .verify(WAIT);
    }

    @Test
    void aSecondSubscriptionToTheSameStreamFails() {
        ProbeStream<String> probe = ProbeStream.of("only");
        Publisher<String> publisher = adapterFor(PollStream.class).toPublisher(probe);
        StepVerifier.create(publisher).expectNext("only").expectComplete().verify(WAIT);
        StepVerifier.create(publisher).expectError(IllegalStateException.class).verify(WAIT);
        await().atMost(WAIT).until(probe::isClosed);
        assertEquals(1, probe.closes());
    }

    @Test
    void cancellingAStreamSubscriptionClosesTheStreamExactlyOnce() {
        ProbeStream<String> probe = new ProbeStream<>();
        StepVerifier.create(adapterFor(PollStream.class).<String>toPublisher(probe))
                .then(() -> probe.emit("a"))
                .expectNext("a")
                .thenCancel()
                .verify(WAIT);
        await().atMost(WAIT).until(probe::isClosed);
        assertTrue(probe.isCancelled());
        runtime.close();
        assertEquals(1, probe.closes());
    }

    // ---- JoinHandle -> Publisher --------------------------------------------------------------------

    @Test
    void handleRelaysItsTasksResult() {
        ReactiveAdapter adapter = adapterFor(JoinHandle.class);
        StepVerifier.create(adapter.<String>toPublisher(runtime.spawn(Futures.ready("done")))).expectNext("done").expectComplete().verify(WAIT);
        StepVerifier.create(adapter.<String>toPublisher(runtime.spawn(Futures.ready(null)))).expectComplete().verify(WAIT);
        StepVerifier.create(adapter.<String>toPublisher(null)).expectComplete().verify(WAIT);
        IllegalStateException boom = new IllegalStateException("boom");
        StepVerifier.create(adapter.<String>toPublisher(runtime.spawn(Futures.failed(boom))))
                .expectErrorSatisfies(error -> assertSame(boom, error))
                .verify(WAIT);
        JoinHandle<String> aborted = runtime.spawn(Futures.pending());
        aborted.abort();
        StepVerifier.create(adapter.<String>toPublisher(aborted)).expectError(CancellationException.class).verify(WAIT);
    }

    @Test
    void aSecondSubscriptionToTheSameHandleFails() {
        Publisher<String> publisher = adapterFor(JoinHandle.class).toPublisher(runtime.spawn(Futures.ready("once")));
        StepVerifier.create(publisher).expectNext("once").expectComplete().verify(WAIT);
        StepVerifier.create(publisher).expectError(IllegalStateException.class).verify(WAIT);
    }

    @Test
    void cancellingAHandleSubscriptionDetachesTheTaskWhichRunsOn() {
        ProbeFuture<String> work = new ProbeFuture<>();
        JoinHandle<String> handle = runtime.spawn(work);
        StepVerifier.create(adapterFor(JoinHandle.class).<String>toPublisher(handle))
                .then(() -> await().atMost(WAIT).until(() -> work.polls() > 0))
                .thenCancel()
                .verify(WAIT);
        assertFalse(work.isClosed(), "cancel must detach, not abort (rule 13)");
        work.complete("finished anyway");
        await().atMost(WAIT).until(handle::isFinished);
        await().atMost(WAIT).until(work::isClosed);
        assertFalse(work.isCancelled());
        assertEquals(1, work.closes());
    }

    // ---- Publisher -> Pollbridge ------------------------------------------------------------------

    @Test
    void publisherToFutureSubscribesOnFirstPollAndYieldsTheFirstValue() {
        ReactiveAdapter adapter = adapterFor(PollFuture.class);
        AtomicBoolean subscribed = new AtomicBoolean();
        PollFuture<?> future = (PollFuture<?>) adapter.fromPublisher(Flux.just("a", "b").doOnSubscribe(s -> subscribed.set(true)));
        assertFalse(subscribed.get(), "a PollFuture is lazy");
        assertEquals("a", runtime.blockOn(future));
        assertNull(runtime.blockOn((PollFuture<?>) adapter.fromPublisher(Mono.empty())));
        IllegalStateException boom = new IllegalStateException("boom");
        PollFuture<?> failing = (PollFuture<?>) adapter.fromPublisher(Mono.error(boom));
        assertSame(boom, assertThrows(IllegalStateException.class, () -> runtime.blockOn(failing)));
    }

    @Test
    void closingAFutureFromAPublisherCancelsTheSubscriptionOnce() {
        AtomicInteger cancels = new AtomicInteger();
        AtomicBoolean subscribed = new AtomicBoolean();
        PollFuture<?> future = (PollFuture<?>) adapterFor(PollFuture.class)
                .fromPublisher(Mono.never().doOnSubscribe(s -> subscribed.set(true)).doOnCancel(cancels::incrementAndGet));
        JoinHandle<?> task = runtime.spawn(future);
        await().atMost(WAIT).untilTrue(subscribed);
        task.abort();
        await().atMost(WAIT).until(() -> cancels.get() == 1);
        runtime.close();
        assertEquals(1, cancels.get());
    }

    @Test
    void publisherToStreamYieldsEveryItemAndCancelsOnClose() {
        ReactiveAdapter adapter = adapterFor(PollStream.class);
        PollStream<?> stream = (PollStream<?>) adapter.fromPublisher(Flux.range(1, 5));
        assertEquals(List.of(1, 2, 3, 4, 5), runtime.blockOn(Streams.collect(stream, Collectors.toList())));

        AtomicInteger cancels = new AtomicInteger();
        PollStream<?> endless = (PollStream<?>) adapter.fromPublisher(Flux.interval(Duration.ofMillis(1)).doOnCancel(cancels::incrementAndGet));
        assertEquals(0L, runtime.blockOn(Streams.next(endless))); // next() closes the stream after one item
        assertEquals(1, cancels.get());
        endless.close();
        assertEquals(1, cancels.get());
    }

    @Test
    void publisherToHandleStartsATaskAtOnce() {
        ReactiveAdapter adapter = adapterFor(JoinHandle.class);
        AtomicBoolean subscribed = new AtomicBoolean();
        JoinHandle<?> handle = (JoinHandle<?>) adapter.fromPublisher(Mono.just("ran").doOnSubscribe(s -> subscribed.set(true)));
        await().atMost(WAIT).untilTrue(subscribed);
        assertEquals("ran", runtime.blockOn(handle));

        AtomicInteger cancels = new AtomicInteger();
        AtomicBoolean neverSubscribed = new AtomicBoolean();
        JoinHandle<?> endless = (JoinHandle<?>) adapter.fromPublisher(
                Mono.never().doOnSubscribe(s -> neverSubscribed.set(true)).doOnCancel(cancels::incrementAndGet));
        await().atMost(WAIT).untilTrue(neverSubscribed);
        endless.abort();
        await().atMost(WAIT).until(() -> cancels.get() == 1);
        assertThrows(CancellationException.class, () -> runtime.blockOn(endless));
        runtime.close();
        assertEquals(1, cancels.get());
    }
}
