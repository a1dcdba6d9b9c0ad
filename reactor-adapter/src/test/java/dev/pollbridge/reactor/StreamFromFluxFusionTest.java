package dev.pollbridge.reactor;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.test.MockStreamTask;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Fuseable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * {@link FluxBridge#toPollStream} fuses with a fusable {@code Flux} as {@code publishOn} does:
 * {@code ANY | THREAD_BARRIER}; a synchronous source is pulled one item per poll and never
 * requested from, an asynchronous one is requested from as without fusion and drained from its
 * queue, and on close cancelled, then cleared, its items left to Reactor's discard hooks;
 * operators with thread-sensitive callbacks decline and run unfused.
 */
class StreamFromFluxFusionTest {

    private final Scheduler single = Schedulers.newSingle("fusion-test");

    @AfterEach
    void stop() {
        single.dispose();
    }

    private static List<Integer> numbers(int count) {
        return IntStream.range(0, count).boxed().collect(Collectors.toList());
    }

    @Test
    void aRangeIsFusedSynchronouslyAndNeverRequestedFrom() {
        FusionProbe<Integer> probe = new FusionProbe<>(Flux.range(0, 1_000));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FluxBridge.toPollStream(probe, 16))) {
            assertReady(task.pollNext(), 0);
            assertEquals(Fuseable.ANY | Fuseable.THREAD_BARRIER, probe.askedMode);
            assertEquals(Fuseable.SYNC, probe.grantedMode);
            assertEquals(1, probe.polls.get(), "nothing is pulled ahead of the poller");
            List<Integer> rest = task.drainToDone();
            assertEquals(numbers(1_000).subList(1, 1_000), rest);
            assertEquals(List.of(), probe.requests);
        }
        assertEquals(0, probe.cancels.get(), "a completed source is not cancelled");
    }

    @Test
    void aSynchronousIterableIsPulledOnlyAsFarAsItIsPolled() {
        AtomicInteger taken = new AtomicInteger();
        Iterable<Integer> counted = () -> new Iterator<>() {
            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public Integer next() {
                return taken.getAndIncrement();
            }
        };
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FluxBridge.toPollStream(Flux.fromIterable(counted)))) {
            for (int i = 0; i < 3; i++) {
                assertReady(task.pollNext(), i);
            }
            assertEquals(3, taken.get(), "an infinite iterable, and not one item taken ahead of the poller");
        }
    }

    @Test
    void aFailingSynchronousSourceFailsTheStreamAfterItsItemsAndIsCancelled() {
        IllegalStateException boom = new IllegalStateException("boom");
        Iterable<Integer> failing = () -> new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public Integer next() {
                if (next == 2) {
                    throw boom;
                }
                return next++;
            }
        };
        FusionProbe<Integer> probe = new FusionProbe<>(Flux.fromIterable(failing));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FluxBridge.toPollStream(probe))) {
            assertReady(task.pollNext(), 0);
            assertReady(task.pollNext(), 1);
            assertSame(boom, assertFailed(task.pollNext(), IllegalStateException.class));
            assertEquals(Fuseable.SYNC, probe.grantedMode);
            assertEquals(1, probe.cancels.get());
        }
        assertEquals(1, probe.cancels.get(), "cancelled once");
    }

    @Test
    void aUnicastSinkIsFusedAsynchronouslyRequestedFromAndDrainedFromItsQueue() {
        Sinks.Many<Integer> sink = Sinks.many().unicast().onBackpressureBuffer();
        FusionProbe<Integer> probe = new FusionProbe<>(sink.asFlux());
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FluxBridge.toPollStream(probe, 8))) {
            assertPending(task.pollNext());
            assertEquals(Fuseable.ASYNC, probe.grantedMode);
            assertEquals(List.of(8L), probe.requests);
            for (int i = 0; i < 5; i++) {
                sink.tryEmitNext(i).orThrow();
            }
            assertTrue(task.isWoken());
            sink.tryEmitComplete().orThrow();
            assertEquals(numbers(5), task.drainToDone());
        }
        assertEquals(0, probe.cancels.get());
    }

    @Test
    void anAsynchronousFailureFollowsTheQueuedItems() {
        Sinks.Many<String> sink = Sinks.many().unicast().onBackpressureBuffer();
        IllegalStateException boom = new IllegalStateException("boom");
        try (MockStreamTask<String> task = MockStreamTask.spawn(FluxBridge.toPollStream(sink.asFlux()))) {
            assertPending(task.pollNext());
            sink.tryEmitNext("a").orThrow();
            sink.tryEmitError(boom).orThrow();
            assertReady(task.pollNext(), "a");
            assertSame(boom, assertFailed(task.pollNext(), IllegalStateException.class));
        }
    }

    @Test
    void closingAFusedStreamCancelsTheSourceOnceThenClearsItsQueue() {
        Sinks.Many<Integer> sink = Sinks.many().unicast().onBackpressureBuffer();
        FusionProbe<Integer> probe = new FusionProbe<>(sink.asFlux());
        MockStreamTask<Integer> task = MockStreamTask.spawn(FluxBridge.toPollStream(probe, 8));
        assertPending(task.pollNext());
        sink.tryEmitNext(1).orThrow();
        sink.tryEmitNext(2).orThrow();
        assertReady(task.pollNext(), 1);
        int polls = probe.polls.get();
        task.close();
        task.close();
        assertEquals(1, probe.cancels.get());
        assertEquals(1, probe.clears.get(), "cleared once, after the cancel, as publishOn does");
        assertEquals(polls, probe.polls.get(), "the queue is the sink's after the close: never polled");
        assertEquals(0, sink.currentSubscriberCount());
    }

    /**
     * Reactor's discard hooks own what a fused sink still queues when the stream is closed, as for
     * {@code publishOn}: each unread item reaches the hook, and the stream closes none of them
     * (a close of its own would be one the hook cannot know about).
     */
    @Test
    void closingAFusedStreamHandsEachItemLeftInTheSinksQueueToTheDiscardHook() {
        Sinks.Many<Held> sink = Sinks.many().unicast().onBackpressureBuffer();
        Map<Held, Integer> discarded = new ConcurrentHashMap<>();
        Flux<Held> flux = sink.asFlux().doOnDiscard(Held.class, item -> discarded.merge(item, 1, Integer::sum));
        MockStreamTask<Held> task = MockStreamTask.spawn(FluxBridge.toPollStream(flux, 8));
        assertPending(task.pollNext());
        List<Held> items = IntStream.range(0, 4).mapToObj(i -> new Held()).collect(Collectors.toList());
        items.forEach(item -> sink.tryEmitNext(item).orThrow());
        assertSame(items.get(0), assertReady(task.pollNext()));
        task.close();
        assertEquals(null, discarded.get(items.get(0)), "the item the owner took is the owner's");
        for (Held unread : items.subList(1, 4)) {
            assertEquals(1, discarded.get(unread), "an item left in the sink's queue reaches the discard hook once");
        }
        items.forEach(item -> assertEquals(0, item.closes.get(), "the stream closes none of the sink's items"));
    }

    /**
     * Bounded stress (at most 500 rounds and about 3 seconds): the close races a producer. Every
     * item the sink accepted and the owner did not take reaches the discard hook (Reactor may hand
     * one over twice, which is why it requires its hooks to be idempotent), and the stream closes
     * none of the items.
     */
    @Test
    void aCloseRacingAnEmissionLeavesEveryUnreadItemToTheDiscardHook() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        int rounds = 0;
        for (; rounds < 500 && System.nanoTime() < deadline; rounds++) {
            Sinks.Many<Held> sink = Sinks.many().unicast().onBackpressureBuffer();
            Map<Held, Integer> discarded = new ConcurrentHashMap<>();
            Flux<Held> flux = sink.asFlux().doOnDiscard(Held.class, item -> discarded.merge(item, 1, Integer::sum));
            MockStreamTask<Held> task = MockStreamTask.spawn(FluxBridge.toPollStream(flux, 64));
            assertPending(task.pollNext());
            List<Held> accepted = new ArrayList<>(); // the producer's; read after join
            CountDownLatch go = new CountDownLatch(1);
            Thread producer = new Thread(() -> {
                awaitQuietly(go);
                for (int i = 0; i < 48; i++) {
                    Held item = new Held();
                    if (sink.tryEmitNext(item).isSuccess()) {
                        accepted.add(item);
                    }
                }
            });
            producer.start();
            go.countDown();
            Set<Held> taken = Collections.newSetFromMap(new IdentityHashMap<>());
            for (int wanted = rounds % 5; taken.size() < wanted && producer.isAlive(); ) {
                Poll<Held> poll = task.pollNext();
                if (poll.isReady()) {
                    taken.add(poll.value());
                }
            }
            task.close();
            producer.join(TimeUnit.SECONDS.toMillis(10));
            assertFalse(producer.isAlive());
            for (Held item : accepted) {
                assertEquals(0, item.closes.get(), "round " + rounds + ": the stream closes none of the sink's items");
                if (!taken.contains(item)) {
                    assertTrue(discarded.containsKey(item), "round " + rounds + ": an unread item was lost");
                }
            }
        }
        assertTrue(rounds > 0);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void theOutputOfPublishOnIsFusedAsynchronously() {
        FusionProbe<Integer> probe = new FusionProbe<>(Flux.range(0, 10_000).hide().publishOn(single, 32));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FluxBridge.toPollStream(probe, 64))) {
            List<Integer> items = new ArrayList<>();
            await().pollInterval(Duration.ofMillis(1)).atMost(Duration.ofSeconds(20)).until(() -> {
                for (Poll<Integer> poll = task.pollNext(); !poll.isPending(); poll = task.pollNext()) {
                    if (poll.isDone()) {
                        return true;
                    }
                    items.add(assertReady(poll));
                }
                return false;
            });
            assertEquals(numbers(10_000), items);
            assertEquals(Fuseable.ASYNC, probe.grantedMode);
            assertEquals(64L, probe.requests.get(0));
            assertTrue(probe.requests.stream().skip(1).allMatch(n -> n == 48L), "replenished by 3/4: " + probe.requests);
        }
    }

    /**
     * The generic bridge ({@code ReactiveStreamsBridge.toPollStream}) subscribes to a Reactor publisher
     * the adapter's way (the {@code LibrarySources} service): fused, so a synchronous source is
     * pulled one item per poll there too.
     */
    @Test
    void theGenericBridgeSubscribesToAFluxTheAdaptersWay() {
        FusionProbe<Integer> probe = new FusionProbe<>(Flux.range(0, 100));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(ReactiveStreamsBridge.toPollStream(probe, 16))) {
            assertReady(task.pollNext(), 0);
            assertEquals(Fuseable.SYNC, probe.grantedMode);
            assertEquals(1, probe.polls.get());
            assertEquals(numbers(100).subList(1, 100), task.drainToDone());
            assertEquals(List.of(), probe.requests);
        }
        Sinks.Many<String> sink = Sinks.many().unicast().onBackpressureBuffer();
        IllegalStateException boom = new IllegalStateException("boom");
        try (MockStreamTask<String> task = MockStreamTask.spawn(ReactiveStreamsBridge.toPollStream(sink.asFlux()))) {
            assertPending(task.pollNext());
            sink.tryEmitNext("a").orThrow();
            sink.tryEmitError(boom).orThrow();
            assertReady(task.pollNext(), "a");
            assertSame(boom, assertFailed(task.pollNext(), IllegalStateException.class));
        }
    }

    @Test
    void anOperatorWithThreadSensitiveCallbacksDeclinesAndRunsUnfused() {
        FusionProbe<Integer> probe = new FusionProbe<>(Flux.range(0, 100).map(i -> i * 2));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FluxBridge.toPollStream(probe, 16))) {
            assertEquals(numbers(100).stream().map(i -> i * 2).collect(Collectors.toList()), task.drainToDone());
            assertEquals(Fuseable.NONE, probe.grantedMode);
            assertEquals(0, probe.polls.get());
            assertEquals(16L, probe.requests.get(0));
        }
    }

    /** An item holding a resource: counts its closes. */
    static final class Held implements AutoCloseable {
        final AtomicInteger closes = new AtomicInteger();

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }
}
