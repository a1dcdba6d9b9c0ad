package dev.pollbridge.rxjava3;

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
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.operators.QueueFuseable;
import io.reactivex.rxjava3.processors.UnicastProcessor;
import io.reactivex.rxjava3.schedulers.Schedulers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link FlowableBridge#toPollStream(Flowable, int)} fuses with a fusable {@code Flowable} as
 * {@code observeOn} does ({@code ANY | BOUNDARY}): a synchronous source is pulled one item per poll
 * and never requested from, an asynchronous one is requested from as without fusion and drained
 * from its queue; operators with thread-sensitive callbacks decline and run unfused.
 */
class StreamFromFlowableFusionTest {

    @RegisterExtension
    final RxErrors rxErrors = new RxErrors();

    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private final Scheduler single = Schedulers.from(pool);

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    private static List<Integer> numbers(int count) {
        return IntStream.range(0, count).boxed().collect(Collectors.toList());
    }

    @Test
    void aRangeIsFusedSynchronouslyAndNeverRequestedFrom() {
        FusionProbe<Integer> probe = new FusionProbe<>(Flowable.range(0, 1_000));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(probe, 16))) {
            assertReady(task.pollNext(), 0);
            assertEquals(QueueFuseable.ANY | QueueFuseable.BOUNDARY, probe.askedMode);
            assertEquals(QueueFuseable.SYNC, probe.grantedMode);
            assertEquals(1, probe.polls.get(), "nothing is pulled ahead of the poller");
            assertEquals(numbers(1_000).subList(1, 1_000), task.drainToDone());
            assertEquals(List.of(), probe.requests);
        }
        assertEquals(0, probe.cancels.get(), "a completed source is not cancelled");
    }

    @Test
    void aSynchronousIterableIsPulledOnlyAsFarAsItIsPolled() {
        AtomicInteger taken = new AtomicInteger();
        Iterable<Integer> endless = () -> new Iterator<>() {
            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public Integer next() {
                return taken.getAndIncrement();
            }
        };
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(Flowable.fromIterable(endless)))) {
            for (int i = 0; i < 3; i++) {
                assertReady(task.pollNext(), i);
            }
            assertEquals(3, taken.get(), "an endless iterable, and not one item taken ahead of the poller");
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
        FusionProbe<Integer> sync = new FusionProbe<>(Flowable.fromIterable(failing));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(sync))) {
            assertReady(task.pollNext(), 0);
            assertReady(task.pollNext(), 1);
            assertSame(boom, assertFailed(task.pollNext(), IllegalStateException.class));
            assertEquals(QueueFuseable.SYNC, sync.grantedMode);
            assertEquals(1, sync.cancels.get());
        }
        assertEquals(1, sync.cancels.get(), "cancelled once");
    }

    @Test
    void aUnicastProcessorIsFusedAsynchronouslyRequestedFromAndDrainedFromItsQueue() {
        UnicastProcessor<Integer> processor = UnicastProcessor.create();
        FusionProbe<Integer> probe = new FusionProbe<>(processor);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(probe, 8))) {
            assertPending(task.pollNext());
            assertEquals(QueueFuseable.ASYNC, probe.grantedMode);
            assertEquals(List.of(8L), probe.requests);
            for (int i = 0; i < 5; i++) {
                processor.onNext(i);
            }
            assertTrue(task.isWoken());
            processor.onComplete();
            assertEquals(numbers(5), task.drainToDone());
        }
        assertEquals(0, probe.cancels.get());
    }

    @Test
    void anAsynchronousFailureFollowsTheQueuedItems() {
        UnicastProcessor<String> processor = UnicastProcessor.create();
        IllegalStateException boom = new IllegalStateException("boom");
        try (MockStreamTask<String> task = MockStreamTask.spawn(FlowableBridge.toPollStream(processor))) {
            assertPending(task.pollNext());
            processor.onNext("a");
            processor.onError(boom);
            assertReady(task.pollNext(), "a");
            assertSame(boom, assertFailed(task.pollNext(), IllegalStateException.class));
        }
    }

    @Test
    void closingAFusedStreamCancelsTheSourceOnceAndDrainsItsQueue() {
        UnicastProcessor<Integer> processor = UnicastProcessor.create();
        FusionProbe<Integer> probe = new FusionProbe<>(processor);
        MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(probe, 8));
        assertPending(task.pollNext());
        processor.onNext(1);
        processor.onNext(2);
        assertReady(task.pollNext(), 1);
        task.close();
        task.close();
        assertEquals(1, probe.cancels.get());
        assertEquals(0, probe.clears.get(), "the stream drains an ASYNC queue itself");
        assertFalse(processor.hasSubscribers(), "the processor saw the cancel");
    }

    @Test
    void closingAFusedStreamClosesEachItemLeftInTheProcessorsQueueExactlyOnce() {
        UnicastProcessor<Held> processor = UnicastProcessor.create();
        FusionProbe<Held> probe = new FusionProbe<>(processor);
        MockStreamTask<Held> task = MockStreamTask.spawn(FlowableBridge.toPollStream(probe, 8));
        assertPending(task.pollNext());
        List<Held> items = IntStream.range(0, 4).mapToObj(i -> new Held()).collect(Collectors.toList());
        items.forEach(processor::onNext);
        assertSame(items.get(0), assertReady(task.pollNext()));
        task.close();
        assertEquals(0, items.get(0).closes.get(), "the item the owner took is the owner's");
        for (Held unread : items.subList(1, 4)) {
            assertEquals(1, unread.closes.get(), "an item sent to the stream and never read is closed once");
        }
        assertEquals(0, probe.clears.get(), "the stream drains an ASYNC queue itself");
    }

    @Test
    void theOutputOfObserveOnIsFusedAsynchronously() {
        FusionProbe<Integer> probe = new FusionProbe<>(Flowable.range(0, 10_000).hide().observeOn(single, false, 32));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(probe, 64))) {
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
            assertEquals(QueueFuseable.ASYNC, probe.grantedMode);
            assertEquals(64L, probe.requests.get(0));
            assertTrue(probe.requests.stream().skip(1).allMatch(n -> n == 48L), "replenished by 3/4: " + probe.requests);
        }
    }

    /**
     * The generic bridge ({@code ReactiveStreamsBridge.toPollStream}) subscribes to a {@code Flowable}
     * the adapter's way (the {@code LibrarySources} service): fused, so a synchronous source is
     * pulled one item per poll there too.
     */
    @Test
    void theGenericBridgeSubscribesToAFlowableTheAdaptersWay() {
        FusionProbe<Integer> probe = new FusionProbe<>(Flowable.range(0, 100));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(ReactiveStreamsBridge.toPollStream(probe, 16))) {
            assertReady(task.pollNext(), 0);
            assertEquals(QueueFuseable.SYNC, probe.grantedMode);
            assertEquals(1, probe.polls.get());
            assertEquals(numbers(100).subList(1, 100), task.drainToDone());
            assertEquals(List.of(), probe.requests);
        }
        UnicastProcessor<String> processor = UnicastProcessor.create();
        IllegalStateException boom = new IllegalStateException("boom");
        try (MockStreamTask<String> task = MockStreamTask.spawn(ReactiveStreamsBridge.toPollStream(processor))) {
            assertPending(task.pollNext());
            processor.onNext("a");
            processor.onError(boom);
            assertReady(task.pollNext(), "a");
            assertSame(boom, assertFailed(task.pollNext(), IllegalStateException.class));
        }
    }

    @Test
    void anOperatorWithThreadSensitiveCallbacksDeclinesAndRunsUnfused() {
        FusionProbe<Integer> probe = new FusionProbe<>(Flowable.range(0, 100).map(i -> i * 2));
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(probe, 16))) {
            assertEquals(numbers(100).stream().map(i -> i * 2).collect(Collectors.toList()), task.drainToDone());
            assertEquals(QueueFuseable.NONE, probe.grantedMode);
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
