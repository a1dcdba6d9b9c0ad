package dev.pollbridge.runtime.bridge.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;

/**
 * The batch path of {@link StreamSubscription}: items the stream has ready go out without a poll
 * each, exactly as many as requested, within the task's budget, and the demand is right after
 * every batch, whatever the subscriber does inside {@code onNext}.
 */
class StreamSubscriptionBatchTest {

    private final ManualSpawner spawner = new ManualSpawner();

    private <T> Publisher<T> publisherOf(ReadyStream<T> stream) {
        return RsAdapter.publisher(new PublisherFromStream<T>(() -> stream, spawner));
    }

    private StreamSubscription<?> subscription() {
        return (StreamSubscription<?>) spawner.only().future;
    }

    private static ReadyStream<Integer> numbers(int count) {
        return new ReadyStream<>(IntStream.range(0, count).boxed().toArray(Integer[]::new));
    }

    @Test
    void emitsExactlyTheDemandFromTheBatchPath() {
        ReadyStream<Integer> stream = numbers(10);
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        publisherOf(stream).subscribe(subscriber);
        subscriber.request(5);
        spawner.only().run();
        assertEquals(List.of(0, 1, 2, 3, 4), subscriber.items);
        assertEquals(5, stream.takes, "no poll for an item the stream had ready");
        assertEquals(1, stream.polls, "the look-ahead once the demand is met");
        assertEquals(0, subscription().outstandingDemand());

        subscriber.request(Long.MAX_VALUE);
        spawner.only().run();
        assertEquals(10, subscriber.items.size());
        assertEquals(1, subscriber.completions);
        assertEquals(1, stream.closes);
    }

    @Test
    void aTaskPollEmitsAtMostItsBudgetThenYields() {
        ReadyStream<Integer> stream = numbers(1000);
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        publisherOf(stream).subscribe(subscriber);
        subscriber.request(Long.MAX_VALUE);
        ManualSpawner.Driven task = spawner.only();
        assertTrue(task.task.poll().isPending());
        assertEquals(StreamSubscription.ITEMS_PER_POLL, subscriber.items.size());
        assertTrue(task.isWoken(), "it yields by waking itself (rule 16)");
        task.run();
        assertEquals(1000, subscriber.items.size());
        assertEquals(IntStream.range(0, 1000).boxed().collect(Collectors.toList()), subscriber.items);
        assertEquals(1, subscriber.completions);
    }

    @Test
    void aSubscriberThatRequestsOneAtATimeInsideOnNextGetsExactlyWhatItAskedFor() {
        ReadyStream<Integer> stream = numbers(50);
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        subscriber.onItem = (self, item) -> {
            if (self.items.size() < 20) {
                self.request(1);
            }
        };
        publisherOf(stream).subscribe(subscriber);
        subscriber.request(1);
        spawner.only().run();
        assertEquals(IntStream.range(0, 20).boxed().collect(Collectors.toList()), subscriber.items);
        assertEquals(20, stream.takes);
        assertEquals(1, stream.polls, "the 21st item is held as the look-ahead, not emitted");
        assertEquals(0, subscription().outstandingDemand());
    }

    @Test
    void aCancelInsideOnNextStopsTheBatch() {
        ReadyStream<Integer> stream = numbers(100);
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        subscriber.onItem = (self, item) -> {
            if (item == 2) {
                self.subscription.cancel();
            }
        };
        publisherOf(stream).subscribe(subscriber);
        subscriber.request(Long.MAX_VALUE);
        spawner.only().run();
        assertEquals(List.of(0, 1, 2), subscriber.items);
        assertEquals(0, subscriber.terminals());
        assertEquals(1, stream.closes);
    }

    @Test
    void anUnboundedRequestDuringABatchStaysUnbounded() {
        ReadyStream<Integer> stream = numbers(10);
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        subscriber.onItem = (self, item) -> {
            if (item == 0) {
                self.request(Long.MAX_VALUE); // rule 3.17: the demand is now unbounded
            }
        };
        publisherOf(stream).subscribe(subscriber);
        subscriber.request(3);
        ManualSpawner.Driven task = spawner.only();
        task.run();
        assertEquals(10, subscriber.items.size());
        assertEquals(1, subscriber.completions);
        assertNull(subscriber.error);
    }

    @Test
    void aSubscriberThatThrowsMidBatchIsCancelledAndReported() {
        ReadyStream<Integer> stream = numbers(10);
        IllegalStateException broken = new IllegalStateException("subscriber bug");
        RecordingSubscriber<Integer> subscriber = new RecordingSubscriber<>();
        subscriber.onItem = (self, item) -> {
            if (item == 3) {
                throw broken;
            }
        };
        publisherOf(stream).subscribe(subscriber);
        subscriber.request(Long.MAX_VALUE);
        spawner.only().run();
        assertEquals(List.of(0, 1, 2, 3), subscriber.items);
        assertEquals(List.of(broken), spawner.reported);
        assertEquals(0, subscriber.terminals());
        assertEquals(1, stream.closes);
    }
}
