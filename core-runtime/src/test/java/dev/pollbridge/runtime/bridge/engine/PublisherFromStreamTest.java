package dev.pollbridge.runtime.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.ProbeStream;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;

class PublisherFromStreamTest {

    private final ManualSpawner spawner = new ManualSpawner();

    private <T> Publisher<T> publisherOf(Supplier<? extends PollStream<? extends T>> factory) {
        return RsAdapter.publisher(new PublisherFromStream<T>(factory, spawner));
    }

    @Test
    void staysOneItemAheadOfDemandAndCompletesWithoutDemand() {
        ProbeStream<Integer> stream = ProbeStream.of(1, 2, 3);
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        publisherOf(() -> stream).subscribe(subscriber);
        assertEquals(1, subscriber.onSubscribes);
        spawner.only().run();
        assertEquals(1, stream.polls(), "no demand: one look-ahead poll, its item held");
        assertEquals(List.of(), subscriber.items, "nothing is emitted without demand (rule 1.1)");

        subscriber.request(2);
        assertTrue(spawner.only().isWoken());
        spawner.only().run();
        assertEquals(List.of(1, 2), subscriber.items);
        assertEquals(3, stream.polls(), "two items for the demand, then the next one held");

        subscriber.request(1);
        spawner.only().run();
        assertEquals(List.of(1, 2, 3), subscriber.items);
        assertEquals(1, subscriber.completions, "the end is found by the look-ahead: no request needed");
        assertEquals(4, stream.polls());
        assertEquals(1, stream.closes());
        assertTrue(spawner.only().result.isReady());
    }

    @Test
    void anEmptyStreamCompletesASubscriberThatNeverRequested() {
        ProbeStream<Integer> empty = ProbeStream.of();
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        publisherOf(() -> empty).subscribe(subscriber);
        spawner.only().run();
        assertEquals(1, subscriber.completions);
        assertEquals(1, empty.closes());

        ProbeStream<Integer> failing = new ProbeStream<>();
        IllegalStateException boom = new IllegalStateException("boom");
        failing.fail(boom);
        RecordingSubscriber<Integer> failed = new RecordingSubscriber<>();
        ManualSpawner other = new ManualSpawner();
        RsAdapter.publisher(new PublisherFromStream<Integer>(() -> failing, other)).subscribe(failed);
        other.only().run();
        assertSame(boom, failed.error, "a failure needs no demand either");
    }

    @Test
    void aHeldItemIsDroppedAndClosedWhenTheSubscriberCancels() {
        Held held = new Held();
        ProbeStream<Held> stream = ProbeStream.of(new Held(), held);
        RecordingSubscriber<Held> subscriber = new RecordingSubscriber<>();
        publisherOf(() -> stream).subscribe(subscriber);
        subscriber.request(1);
        spawner.only().run();
        assertEquals(1, subscriber.items.size());
        assertEquals(2, stream.polls(), "the second item was pulled ahead and is held");
        subscriber.subscription.cancel();
        spawner.only().run();
        assertEquals(1, held.closes, "the held item, never delivered, is closed");
        assertEquals(0, subscriber.items.get(0).closes, "a delivered item is the subscriber's");
        assertEquals(1, stream.closes());
        assertEquals(0, subscriber.terminals());
    }

    @Test
    void aStreamFailureAfterTheSubscriberCancelledIsReportedOnceAndACancellationIsNot() {
        IllegalStateException late = new IllegalStateException("failed as the subscriber cancelled");
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        // The subscriber cancels while the task is inside pollNext, which then fails.
        publisherOf(() -> failingAfter(() -> subscriber.subscription.cancel(), late)).subscribe(subscriber);
        subscriber.request(1);
        spawner.only().run();
        assertEquals(0, subscriber.terminals(), "nothing after cancel");
        assertEquals(List.of(late), spawner.reported, "reported, exactly once");

        ManualSpawner quiet = new ManualSpawner();
        RecordingSubscriber<Integer> second = new RecordingSubscriber<>();
        RsAdapter.publisher(new PublisherFromStream<Integer>(() -> failingAfter(() -> second.subscription.cancel(),
                new CancellationException("the cancellation itself")), quiet)).subscribe(second);
        second.request(1);
        quiet.only().run();
        assertEquals(List.of(), quiet.reported, "the cancellation itself stays silent");
    }

    /** A stream whose first poll runs {@code during} and then fails with {@code error}. */
    private static PollStream<Integer> failingAfter(Runnable during, Throwable error) {
        return cx -> {
            during.run();
            return Poll.failed(error);
        };
    }

    @Test
    void aStreamFailureAfterItemsDeliversTheItemsFirst() {
        ProbeStream<String> stream = new ProbeStream<>();
        stream.emit("a");
        stream.emit("b");
        IllegalStateException boom = new IllegalStateException("boom");
        stream.fail(boom);
        RecordingSubscriber<String> subscriber = new RecordingSubscriber<>();
        publisherOf(() -> stream).subscribe(subscriber);
        subscriber.request(Long.MAX_VALUE);
        spawner.only().run();
        assertEquals(List.of("a", "b"), subscriber.items);
        assertSame(boom, subscriber.error);
        assertEquals(1, subscriber.terminals());
        assertEquals(1, stream.closes());
    }

    @Test
    void nonPositiveRequestSignalsIllegalArgumentException() {
        for (long bad : new long[] {0, -1, Long.MIN_VALUE}) {
            ProbeStream<Integer> stream = ProbeStream.of(1);
            RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
            ManualSpawner spawner = new ManualSpawner();
            RsAdapter.publisher(new PublisherFromStream<Integer>(() -> stream, spawner)).subscribe(subscriber);
            subscriber.request(bad);
            spawner.only().run();
            assertInstanceOf(IllegalArgumentException.class, subscriber.error);
            assertTrue(subscriber.error.getMessage().contains("3.9"));
            assertEquals(1, stream.closes());
            assertEquals(0, stream.polls());
        }
    }

    @Test
    void cancelAbortsTheTaskWhichClosesTheStreamOnce() {
        ProbeStream<Integer> stream = new ProbeStream<>();
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        publisherOf(() -> stream).subscribe(subscriber);
        subscriber.request(5);
        spawner.only().run();
        assertEquals(1, stream.polls()); // pending on the stream
        subscriber.subscription.cancel();
        subscriber.subscription.cancel();
        subscriber.request(3); // rule 3.6: a no-op
        spawner.only().run();
        assertTrue(spawner.only().closed);
        assertEquals(1, stream.closes());
        assertTrue(stream.isCancelled());
        assertEquals(0, subscriber.terminals(), "no signal after cancel");
    }

    @Test
    void cancelInsideOnSubscribeSpawnsNothingAndClosesTheStream() {
        ProbeStream<Integer> stream = ProbeStream.of(1);
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>() {
            @Override
            public void onSubscribe(org.reactivestreams.Subscription s) {
                super.onSubscribe(s);
                s.cancel();
            }
        };
        publisherOf(() -> stream).subscribe(subscriber);
        assertEquals(0, spawner.tasks.size());
        assertEquals(1, stream.closes());
    }

    @Test
    void demandAccumulatesUpToLongMaxValue() {
        ProbeStream<Integer> stream = new ProbeStream<>();
        IntStream.range(0, 300).forEach(stream::emit);
        stream.complete();
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        publisherOf(() -> stream).subscribe(subscriber);
        subscriber.request(Long.MAX_VALUE - 1);
        subscriber.request(Long.MAX_VALUE - 1);
        spawner.only().run();
        assertEquals(300, subscriber.items.size());
        assertEquals(1, subscriber.completions);
        assertNull(subscriber.error);
    }

    @Test
    void requestFromOnNextDoesNotRecurseAndPollsYieldAfterABudget() {
        ProbeStream<Integer> stream = new ProbeStream<>();
        IntStream.range(0, 1_000).forEach(stream::emit);
        stream.complete();
        AtomicInteger depth = new AtomicInteger();
        AtomicInteger maxDepth = new AtomicInteger();
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        subscriber.onItem = (self, item) -> {
            maxDepth.accumulateAndGet(depth.incrementAndGet(), Math::max);
            self.request(1); // rule 3.3: only adds demand
            depth.decrementAndGet();
        };
        publisherOf(() -> stream).subscribe(subscriber);
        subscriber.request(1);
        ManualSpawner.Driven task = spawner.only().run();
        assertEquals(1_000, subscriber.items.size());
        assertEquals(1, maxDepth.get());
        assertEquals(1, subscriber.completions);
        assertTrue(task.polls >= 1_000 / StreamSubscription.ITEMS_PER_POLL,
                "the task yields every " + StreamSubscription.ITEMS_PER_POLL + " items: " + task.polls);
    }

    @Test
    void nullItemFailsWithNullPointerException() {
        PollStream<String> nullStream = cx -> dev.pollbridge.api.Poll.ready(null);
        RecordingSubscriber<String> subscriber = new RecordingSubscriber<>();
        publisherOf(() -> nullStream).subscribe(subscriber);
        subscriber.request(1);
        spawner.only().run();
        assertInstanceOf(NullPointerException.class, subscriber.error);
    }

    @Test
    void factoryFailureOrNullIsARejectedSubscription() {
        RecordingSubscriber<String> failed = new RecordingSubscriber<>();
        IllegalStateException boom = new IllegalStateException("no stream today");
        this.<String>publisherOf(() -> {
            throw boom;
        }).subscribe(failed);
        assertEquals(1, failed.onSubscribes);
        assertSame(boom, failed.error);

        RecordingSubscriber<String> nulled = new RecordingSubscriber<>();
        this.<String>publisherOf(() -> null).subscribe(nulled);
        assertEquals(1, nulled.onSubscribes);
        assertInstanceOf(NullPointerException.class, nulled.error);
        assertEquals(0, spawner.tasks.size());
    }

    @Test
    void throwingOnNextCancelsAndIsReported() {
        ProbeStream<Integer> stream = ProbeStream.of(1, 2, 3);
        RuntimeException broken = new RuntimeException("subscriber bug");
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        subscriber.onItem = (self, item) -> {
            throw broken;
        };
        publisherOf(() -> stream).subscribe(subscriber);
        subscriber.request(3);
        ManualSpawner.Driven task = spawner.only().run();
        assertEquals(List.of(1), subscriber.items);
        assertEquals(0, subscriber.terminals());
        assertEquals(1, stream.closes());
        assertEquals(List.of(broken), spawner.reported);
        assertTrue(task.result.isReady(), "the task itself ends normally");
    }

    @Test
    void rejectedSpawnSignalsOnErrorAndClosesTheStream() {
        spawner.rejecting = true;
        ProbeStream<Integer> stream = ProbeStream.of(1);
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        publisherOf(() -> stream).subscribe(subscriber);
        assertInstanceOf(RejectedExecutionException.class, subscriber.error);
        assertEquals(1, stream.closes());
    }

    @Test
    void runtimeShutdownEndsTheSubscriptionWithCancellationException() {
        ProbeStream<Integer> stream = new ProbeStream<>();
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        publisherOf(() -> stream).subscribe(subscriber);
        subscriber.request(1);
        spawner.only().run();
        spawner.only().shutdown();
        assertInstanceOf(CancellationException.class, subscriber.error);
        assertEquals(1, stream.closes());
    }

    @Test
    void eachSubscriptionGetsAFreshStream() {
        AtomicInteger created = new AtomicInteger();
        Publisher<Integer> publisher = publisherOf(() -> {
            created.incrementAndGet();
            return ProbeStream.of(7);
        });
        RecordingSubscriber<Integer> first = new RecordingSubscriber<>();
        RecordingSubscriber<Integer> second = new RecordingSubscriber<>();
        publisher.subscribe(first);
        publisher.subscribe(second);
        first.request(2);
        second.request(2);
        spawner.tasks.forEach(ManualSpawner.Driven::run);
        assertEquals(2, created.get());
        assertEquals(List.of(7), first.items);
        assertEquals(List.of(7), second.items);
    }

    @Test
    void futureAsPublisherOfAtMostOneItem() {
        ProbeFuture<String> value = new ProbeFuture<>();
        RecordingSubscriber<String> subscriber = new RecordingSubscriber<>();
        publisherOf(() -> new StreamFromFuture<>(value)).subscribe(subscriber);
        subscriber.request(1);
        ManualSpawner.Driven task = spawner.only().run();
        value.complete("v");
        assertTrue(task.isWoken());
        task.run();
        assertEquals(List.of("v"), subscriber.items);
        assertEquals(1, subscriber.completions);
        assertEquals(1, value.closes());

        ManualSpawner emptySpawner = new ManualSpawner();
        RecordingSubscriber<String> empty = new RecordingSubscriber<>();
        ProbeFuture<String> nothing = ProbeFuture.completed(null);
        RsAdapter.publisher(new PublisherFromStream<String>(() -> new StreamFromFuture<>(nothing), emptySpawner))
                .subscribe(empty);
        empty.request(1);
        emptySpawner.only().run();
        assertEquals(List.of(), empty.items);
        assertEquals(1, empty.completions);
        assertEquals(1, nothing.closes());
    }

    /** An item holding a resource. */
    private static final class Held implements AutoCloseable {
        int closes;

        @Override
        public void close() {
            closes++;
        }
    }
}
