package dev.pollbridge.runtime.bridge.engine;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Poll;
import dev.pollbridge.test.MockStreamTask;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;

class StreamFromPublisherTest {

    private static <T> StreamFromPublisher<T> streamOf(ManualPublisher<T> publisher, int prefetch) {
        return new StreamFromPublisher<>(RsAdapter.source(publisher), prefetch);
    }

    @Test
    void subscribesOnFirstPollNotBefore() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        try (MockStreamTask<String> task = MockStreamTask.spawn(streamOf(publisher, 4))) {
            assertEquals(0, publisher.subscribes());
            assertPending(task.pollNext());
            assertEquals(1, publisher.subscribes());
            assertEquals(List.of(4L), publisher.requests);
        }
    }

    @Test
    void deliversItemsThenCompletionInOrder() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        try (MockStreamTask<String> task = MockStreamTask.spawn(streamOf(publisher, 4))) {
            assertPending(task.pollNext());
            publisher.emit("a");
            assertTrue(task.isWoken());
            publisher.emit("b");
            publisher.complete();
            assertReady(task.pollNext(), "a");
            assertReady(task.pollNext(), "b");
            assertDone(task.pollNext());
            assertThrows(IllegalStateException.class, task::pollNext);
            task.close();
            assertEquals(0, publisher.cancels(), "no cancel after the publisher completed");
        }
    }

    @Test
    void failureAfterItemsDeliversTheItemsFirst() {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        RuntimeException boom = new RuntimeException("boom");
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(streamOf(publisher, 8))) {
            assertPending(task.pollNext());
            publisher.emit(1);
            publisher.emit(2);
            publisher.emit(3);
            publisher.fail(boom);
            assertReady(task.pollNext(), 1);
            assertReady(task.pollNext(), 2);
            assertReady(task.pollNext(), 3);
            assertEquals(boom, assertFailed(task.pollNext(), RuntimeException.class));
        }
    }

    @Test
    void replenishesInBatchesNotPerItem() {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        int prefetch = 8; // batch = 8 - 8 / 4 = 6
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(streamOf(publisher, prefetch))) {
            assertPending(task.pollNext());
            assertEquals(List.of(8L), publisher.requests);
            publisher.emitWhileDemand(i -> i);
            for (int i = 0; i < 5; i++) {
                assertReady(task.pollNext(), i);
            }
            assertEquals(List.of(8L), publisher.requests, "no request before a batch is consumed");
            assertReady(task.pollNext(), 5);
            assertEquals(List.of(8L), publisher.requests, "the batch is requested at the next poll");
            assertReady(task.pollNext(), 6);
            assertEquals(List.of(8L, 6L), publisher.requests);
            assertEquals(6, publisher.emitWhileDemand(i -> 100 + i));
        }
    }

    @Test
    void moreItemsThanRequestedFailsAfterQueuedItemsAndCancelsOnce() {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(streamOf(publisher, 2))) {
            assertPending(task.pollNext());
            publisher.emit(1);
            publisher.emit(2);
            publisher.emit(3); // rule 1.1 broken: only 2 requested
            publisher.emit(4); // dropped: the stream already failed
            assertEquals(1, publisher.cancels());
            assertReady(task.pollNext(), 1);
            assertReady(task.pollNext(), 2);
            IllegalStateException error = assertFailed(task.pollNext(), IllegalStateException.class);
            assertTrue(error.getMessage().contains("rule 1.1"), error.getMessage());
            task.close();
            assertEquals(1, publisher.cancels(), "close after the overflow does not cancel again");
        }
    }

    @Test
    void closeCancelsExactlyOnceAndDropsQueuedItems() {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        StreamFromPublisher<Integer> stream = streamOf(publisher, 4);
        MockStreamTask<Integer> task = MockStreamTask.spawn(stream);
        assertPending(task.pollNext());
        publisher.emit(1);
        publisher.emit(2);
        assertEquals(2, stream.queued());
        stream.close();
        stream.close();
        assertEquals(1, publisher.cancels());
        assertEquals(0, stream.queued());
        publisher.emit(3); // rule 2.8: late items after cancel are dropped, not queued
        assertEquals(0, stream.queued());
        assertThrows(IllegalStateException.class,
                () -> stream.pollNext(dev.pollbridge.api.Context.of(dev.pollbridge.api.Waker.noop())));
    }

    @Test
    void closeBeforeOnSubscribeCancelsTheLateSubscription() {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        publisher.signalOnSubscribe = false;
        StreamFromPublisher<Integer> stream = streamOf(publisher, 4);
        MockStreamTask<Integer> task = MockStreamTask.spawn(stream);
        assertPending(task.pollNext());
        task.close();
        publisher.subscriber().onSubscribe(publisher.subscription);
        assertEquals(1, publisher.cancels());
        assertEquals(List.of(), publisher.requests, "a closed stream requests nothing");
    }

    @Test
    void secondOnSubscribeIsCancelled() {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(streamOf(publisher, 4))) {
            assertPending(task.pollNext());
            AtomicInteger secondCancels = new AtomicInteger();
            AtomicInteger secondRequests = new AtomicInteger();
            publisher.subscriber().onSubscribe(new Subscription() {
                @Override
                public void request(long n) {
                    secondRequests.incrementAndGet();
                }

                @Override
                public void cancel() {
                    secondCancels.incrementAndGet();
                }
            });
            assertEquals(1, secondCancels.get());
            assertEquals(0, secondRequests.get());
            assertEquals(0, publisher.cancels(), "the first subscription stays");
        }
    }

    @Test
    void nullSignalsThrowNullPointerExceptionAndFailTheStream() {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(streamOf(publisher, 4))) {
            assertPending(task.pollNext());
            assertThrows(NullPointerException.class, () -> publisher.subscriber().onSubscribe(null));
            assertThrows(NullPointerException.class, () -> publisher.subscriber().onNext(null));
            assertThrows(NullPointerException.class, () -> publisher.subscriber().onError(null));
            assertEquals(1, publisher.cancels());
            assertFailed(task.pollNext(), NullPointerException.class);
        }
    }

    @Test
    void publisherThatThrowsFromSubscribeFailsTheStream() {
        IllegalStateException broken = new IllegalStateException("broken publisher");
        StreamFromPublisher<Integer> stream = new StreamFromPublisher<>(
                RsAdapter.<Integer>source(subscriber -> {
                    throw broken;
                }), 4);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertEquals(broken, assertFailed(task.pollNext(), IllegalStateException.class));
        }
    }

    @Test
    void synchronousPublisherInsideRequestIsServedWithoutNestedCalls() {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        AtomicInteger next = new AtomicInteger();
        // Emits everything requested, synchronously, from inside request(n); completes at 20.
        publisher.onRequest = n -> {
            for (long i = 0; i < n && next.get() < 20; i++) {
                publisher.emit(next.getAndIncrement());
            }
            if (next.get() == 20) {
                publisher.complete();
            }
        };
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(streamOf(publisher, 4))) {
            List<Integer> items = new ArrayList<>();
            for (Poll<Integer> poll = task.pollNext(); !poll.isDone(); poll = task.pollNext()) {
                items.add(assertReady(poll));
            }
            assertEquals(20, items.size());
            assertEquals(19, items.get(19));
            assertFalse(publisher.sawOverlappingCalls());
        }
    }

    @Test
    void onSubscribeOnAnotherThreadAfterPendingWakesThePoller() throws Exception {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        publisher.signalOnSubscribe = false;
        try (MockStreamTask<String> task = MockStreamTask.spawn(streamOf(publisher, 4))) {
            assertPending(task.pollNext());
            Thread producer = new Thread(() -> {
                publisher.subscriber().onSubscribe(publisher.subscription);
                publisher.emit("late");
            });
            producer.start();
            producer.join();
            assertTrue(task.isWoken());
            assertReady(task.pollNext(), "late");
        }
    }

    @Test
    void rejectsBadPrefetch() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        assertThrows(IllegalArgumentException.class, () -> streamOf(publisher, 0));
        assertThrows(IllegalArgumentException.class,
                () -> streamOf(publisher, StreamFromPublisher.MAX_PREFETCH + 1));
    }

    @Test
    void fastPublisherSlowConsumerNeverBuffersBeyondPrefetch() {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        int prefetch = 16;
        AtomicInteger next = new AtomicInteger();
        // As fast as allowed: every request is answered in full at once.
        publisher.onRequest = n -> {
            for (long i = 0; i < n; i++) {
                publisher.emit(next.getAndIncrement());
            }
        };
        StreamFromPublisher<Integer> stream = streamOf(publisher, prefetch);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            for (int i = 0; i < 1_000; i++) {
                assertReady(task.pollNext(), i);
                assertTrue(stream.queued() <= prefetch, "queued " + stream.queued());
                assertTrue(publisher.outstanding() + stream.queued() <= prefetch,
                        "outstanding " + publisher.outstanding() + " + queued " + stream.queued());
            }
            assertTrue(publisher.totalRequested() <= 1_000 + prefetch);
        }
        assertEquals(1, publisher.cancels());
    }

    @Test
    void wakesAreNotLostWhenItemsArriveFromAnotherThread() throws Exception {
        // Bounded: 2,000 items, one producer thread, poller re-polls only when woken.
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        int total = 2_000;
        StreamFromPublisher<Integer> stream = streamOf(publisher, 8);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertPending(task.pollNext());
            Thread producer = new Thread(() -> {
                int sent = 0;
                while (sent < total) {
                    if (publisher.outstanding() > 0) {
                        publisher.emit(sent++);
                    } else {
                        Thread.onSpinWait();
                    }
                }
                publisher.complete();
            });
            producer.start();
            int expected = 0;
            while (true) {
                await().pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1))
                        .atMost(Duration.ofSeconds(10)).until(task::isWoken);
                Poll<Integer> poll;
                while ((poll = task.pollNext()).isReady()) {
                    assertEquals(expected++, poll.value());
                }
                if (poll.isDone()) {
                    break;
                }
                assertPending(poll);
            }
            producer.join();
            assertEquals(total, expected);
        }
    }

    @Test
    void closeRacingOnSubscribeAndOnNextCancelsExactlyOnceWithSerialCalls() throws Exception {
        // Bounded stress: at most 300 rounds and about 3 seconds.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        int rounds = 0;
        for (; rounds < 300 && System.nanoTime() < deadline; rounds++) {
            ManualPublisher<Integer> publisher = new ManualPublisher<>();
            publisher.signalOnSubscribe = false;
            StreamFromPublisher<Integer> stream = streamOf(publisher, 4);
            MockStreamTask<Integer> task = MockStreamTask.spawn(stream);
            assertPending(task.pollNext());
            CountDownLatch go = new CountDownLatch(1);
            Thread producer = new Thread(() -> {
                awaitQuietly(go);
                publisher.subscriber().onSubscribe(publisher.subscription);
                int sent = 0;
                while (publisher.cancels() == 0) {
                    if (publisher.outstanding() > 0) {
                        publisher.emit(sent++); // may race close(): rule 2.8
                    } else {
                        Thread.onSpinWait();
                    }
                }
            });
            producer.start();
            go.countDown();
            int wanted = rounds % 7;
            for (int got = 0; got < wanted; ) {
                if (task.pollNext().isReady()) {
                    got++;
                } else {
                    Thread.onSpinWait();
                }
            }
            task.close();
            producer.join(TimeUnit.SECONDS.toMillis(10));
            assertFalse(producer.isAlive());
            assertEquals(1, publisher.cancels(), "round " + rounds);
            assertFalse(publisher.sawOverlappingCalls(), "rule 2.7, round " + rounds);
            assertEquals(0, stream.queued());
        }
        assertTrue(rounds > 0);
    }

    @Test
    void closeNeverThrowsWhenCancelThrowsAndStillDropsTheQueue() {
        ManualPublisher<String> publisher = new ManualPublisher<>();
        publisher.cancelThrows = new IllegalStateException("cancel threw");
        StreamFromPublisher<String> stream = streamOf(publisher, 4);
        MockStreamTask<String> task = MockStreamTask.spawn(stream);
        assertPending(task.pollNext());
        publisher.emit("a");
        publisher.emit("b");
        stream.close(); // rule 11: never throws
        assertEquals(1, publisher.cancels());
        assertEquals(0, stream.queued(), "the queued items were dropped");
        stream.close();
        assertEquals(1, publisher.cancels());
    }

    @Test
    void anOnErrorAfterCloseIsReportedOnceUnlessItIsTheCancellation() {
        List<Throwable> reported = new java.util.concurrent.CopyOnWriteArrayList<>();
        FailureSink sink = (what, failure) -> reported.add(failure);
        ManualPublisher<String> publisher = new ManualPublisher<>();
        MockStreamTask<String> task = MockStreamTask.spawn(
                new StreamFromPublisher<>(RsAdapter.source(publisher), 4, sink));
        assertPending(task.pollNext());
        task.close();
        IllegalStateException late = new IllegalStateException("the publisher failed as it was cancelled");
        publisher.fail(late);
        assertEquals(List.of(late), reported, "an error after cancellation is reported, once");

        ManualPublisher<String> quiet = new ManualPublisher<>();
        MockStreamTask<String> quietTask = MockStreamTask.spawn(
                new StreamFromPublisher<>(RsAdapter.source(quiet), 4, sink));
        assertPending(quietTask.pollNext());
        quietTask.close();
        quiet.fail(new java.util.concurrent.CancellationException("cancelled"));
        assertEquals(List.of(late), reported, "the cancellation itself stays silent");
    }

    @Test
    void aRequestThatThrowsFailsThePollAndALaterCloseStillCancels() {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        StreamFromPublisher<Integer> stream = streamOf(publisher, 4); // replenishes 3 after 3 polled
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertPending(task.pollNext());
            publisher.emitWhileDemand(i -> i);
            assertReady(task.pollNext(), 0);
            assertReady(task.pollNext(), 1);
            assertReady(task.pollNext(), 2);
            IllegalStateException broken = new IllegalStateException("request threw");
            publisher.requestThrows = broken;
            assertReady(task.pollNext(), 3); // this poll issues the replenishing request, which throws
            assertEquals(broken, assertFailed(task.pollNext(), IllegalStateException.class));
            assertEquals(1, publisher.cancels(), "the failure cancels: the serializer is not stuck");
        }
        assertEquals(1, publisher.cancels());
    }

    @Test
    void anOnNextWhileAnotherSignalRunsFailsTheStreamNamingRule13() throws Exception {
        ManualPublisher<Integer> publisher = new ManualPublisher<>();
        StreamFromPublisher<Integer> stream = streamOf(publisher, 8);
        java.util.concurrent.atomic.AtomicReference<Thread> racer = new java.util.concurrent.atomic.AtomicReference<>();
        // The first onNext wakes this waker from inside the signal; meanwhile a second thread
        // calls onNext: two signals at once, against rule 1.3.
        dev.pollbridge.api.Context cx = dev.pollbridge.api.Context.of(() -> {
            if (racer.get() == null) {
                Thread second = new Thread(() -> publisher.emit(2));
                racer.set(second);
                second.start();
                try {
                    second.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        assertTrue(stream.pollNext(cx).isPending());
        publisher.emit(1);
        assertEquals(1, publisher.cancels());
        assertEquals(1, stream.pollNext(cx).value());
        IllegalStateException error = assertFailed(stream.pollNext(cx), IllegalStateException.class);
        assertTrue(error.getMessage().contains("rule 1.3"), error.getMessage());
        stream.close();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
