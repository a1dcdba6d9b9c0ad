package dev.pollbridge.runtime.bridge.engine;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.MockStreamTask;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The batch path of {@link StreamFromPublisher} ({@link BatchStream#takeReady()}): the same items,
 * in the same order, with the same requests, as {@code pollNext} would hand over, and a burst
 * from another thread wakes the poller once.
 */
class StreamFromPublisherBatchTest {

    private static <T> StreamFromPublisher<T> streamOf(ManualPublisher<T> publisher, int prefetch) {
        return new StreamFromPublisher<>(RsAdapter.source(publisher), prefetch);
    }

    @Test
    void takeReadyHandsOverQueuedItemsAndLeavesPendingAndTheEndToPollNext() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        StreamFromPublisher<String> stream = streamOf(publisher, 8);
        try (MockStreamTask<String> task = MockStreamTask.spawn(stream)) {
            assertNull(stream.takeReady(), "lazy: nothing before the first poll");
            assertEquals(0, publisher.subscribes());

            assertPending(task.pollNext());
            publisher.emit("a");
            publisher.emit("b");
            assertEquals("a", stream.takeReady());
            assertEquals("b", stream.takeReady());
            assertNull(stream.takeReady(), "dry: poll instead");
            assertPending(task.pollNext());

            publisher.emit("c");
            assertTrue(task.isWoken());
            publisher.complete();
            assertEquals("c", stream.takeReady());
            assertNull(stream.takeReady(), "the end is pollNext's to return");
            assertDone(task.pollNext());
            assertThrows(IllegalStateException.class, stream::takeReady);
        }
    }

    @Test
    void takeReadyAfterCloseThrows() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        StreamFromPublisher<String> stream = streamOf(publisher, 8);
        MockStreamTask<String> task = MockStreamTask.spawn(stream);
        assertPending(task.pollNext());
        task.close();
        assertThrows(IllegalStateException.class, stream::takeReady);
        assertEquals(1, publisher.cancels());
    }

    @Test
    void takeReadyReplenishesInTheSameBatchesAsPollNext() {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        StreamFromPublisher<Integer> stream = streamOf(publisher, 8); // batch = 8 - 8 / 4 = 6
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertPending(task.pollNext());
            publisher.emitWhileDemand(i -> i);
            for (int i = 0; i < 6; i++) {
                assertEquals(i, stream.takeReady());
            }
            assertEquals(List.of(8L), publisher.requests, "requested when the owner comes back, not before");
            assertEquals(6, stream.takeReady());
            assertEquals(List.of(8L, 6L), publisher.requests);
            assertEquals(7, stream.takeReady());
            assertNull(stream.takeReady());
            assertEquals(6, publisher.outstanding());
        }
    }

    @Test
    void aFailureAfterTheItemsComesFromPollNextOnceTakeReadyRanDry() {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        StreamFromPublisher<Integer> stream = streamOf(publisher, 8);
        RuntimeException boom = new RuntimeException("boom");
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertPending(task.pollNext());
            publisher.emit(1);
            publisher.emit(2);
            publisher.fail(boom);
            assertEquals(1, stream.takeReady());
            assertEquals(2, stream.takeReady());
            assertNull(stream.takeReady());
            assertEquals(boom, assertFailed(task.pollNext(), RuntimeException.class));
        }
    }

    /**
     * A synchronous publisher emits inside the request the owner issues, on the owner's thread:
     * those items skip the fence and the wake. They are all there when the call returns, in
     * order, the demand is respected and nothing wakes the owner, which never waited.
     */
    @Test
    void itemsSignalledInsideTheOwnersOwnRequestAreThereWhenItReturns() {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        AtomicInteger next = new AtomicInteger();
        publisher.onRequest = n -> {
            for (long i = 0; i < n && next.get() < 100; i++) {
                publisher.emit(next.getAndIncrement());
            }
            if (next.get() == 100) {
                publisher.complete();
            }
        };
        StreamFromPublisher<Integer> stream = streamOf(publisher, 8);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            List<Integer> items = new ArrayList<>();
            items.add(assertReady(task.pollNext())); // subscribes: 8 items inside onSubscribe's request
            for (Integer item = stream.takeReady(); item != null; item = stream.takeReady()) {
                items.add(item);
            }
            assertDone(task.pollNext());
            assertEquals(100, items.size());
            for (int i = 0; i < 100; i++) {
                assertEquals(i, items.get(i));
            }
            assertEquals(0, task.wakeCount(), "the owner never waited, so nothing woke it");
            assertTrue(publisher.outstanding() >= 0, "never more items than requested");
            assertFalse(publisher.sawOverlappingCalls());
        }
    }

    /** Items from another thread: the first one after the poller registered wakes it, the rest do not. */
    @Test
    void aBurstFromAnotherThreadWakesThePollerOnce() throws Exception {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        StreamFromPublisher<Integer> stream = streamOf(publisher, 64);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertPending(task.pollNext());
            Thread producer = new Thread(() -> publisher.emitWhileDemand(i -> i));
            producer.start();
            producer.join();
            assertEquals(1, task.wakeCount());
            for (int i = 0; i < 64; i++) {
                assertEquals(i, stream.takeReady());
            }
            assertPending(task.pollNext()); // registers again; requests the next batch
            Thread second = new Thread(() -> publisher.emitWhileDemand(i -> 64 + i));
            second.start();
            second.join();
            assertEquals(2, task.wakeCount());
        }
    }
}
