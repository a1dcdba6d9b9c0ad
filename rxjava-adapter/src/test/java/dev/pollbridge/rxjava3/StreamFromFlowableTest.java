package dev.pollbridge.rxjava3;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockStreamTask;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.FlowableSubscriber;
import io.reactivex.rxjava3.processors.PublishProcessor;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.reactivestreams.Subscriber;

/** {@link FlowableBridge#toPollStream(Flowable, int)}: the generic bridge under a Flowable. */
class StreamFromFlowableTest {

    @RegisterExtension
    final RxErrors rxErrors = new RxErrors();

    @Test
    void itemsEndAndErrorsPassThroughAndTheFirstPollSubscribes() {
        AtomicInteger subscriptions = new AtomicInteger();
        PollStream<Integer> stream = FlowableBridge.toPollStream(Flowable.range(1, 5).doOnSubscribe(s -> subscriptions.incrementAndGet()));
        assertEquals(0, subscriptions.get());
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertEquals(List.of(1, 2, 3, 4, 5), task.drainToDone());
        }
        assertEquals(1, subscriptions.get());
        try (MockStreamTask<Object> task = MockStreamTask.spawn(FlowableBridge.toPollStream(Flowable.empty()))) {
            assertDone(task.pollNext());
        }
        Exception checked = new Exception("checked");
        try (MockStreamTask<String> task = MockStreamTask.spawn(FlowableBridge.toPollStream(
                Flowable.just("a").concatWith(Flowable.error(checked))))) {
            assertReady(task.pollNext(), "a");
            assertSame(checked, assertFailed(task.pollNext(), Exception.class));
        }
        rxErrors.assertNone();
    }

    @Test
    void requestsThePrefetchAndReplenishesInBatchesAsItemsArePolled() {
        List<Long> requests = new CopyOnWriteArrayList<>();
        PollStream<Integer> stream = FlowableBridge.toPollStream(Flowable.range(0, 100).doOnRequest(requests::add), 8);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertReady(task.pollNext(), 0);
            assertEquals(List.of(8L), requests, "the prefetch, once");
            for (int i = 1; i < 6; i++) {
                assertReady(task.pollNext(), i);
            }
            assertEquals(List.of(8L), requests);
            assertReady(task.pollNext(), 6); // a batch of 6 was consumed: asked for again at this poll
            assertEquals(List.of(8L, 6L), requests);
            assertEquals(IntStream.range(7, 100).boxed().toList(), task.drainToDone());
        }
    }

    @Test
    void theBridgeSubscribesAsAFlowableSubscriberSoRxJavaDoesNotWrapIt() {
        AtomicReference<Subscriber<?>> seen = new AtomicReference<>();
        Flowable<Integer> recording = new Flowable<>() {
            @Override
            protected void subscribeActual(Subscriber<? super Integer> subscriber) {
                seen.set(subscriber);
                Flowable.just(1).subscribe(subscriber);
            }
        };
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(recording))) {
            assertEquals(List.of(1), task.drainToDone());
        }
        assertTrue(seen.get() instanceof FlowableSubscriber, seen.get().getClass().getName());
    }

    @Test
    void closeCancelsExactlyOnceAndNeverAfterTheEnd() {
        AtomicInteger cancels = new AtomicInteger();
        PollStream<Object> never = FlowableBridge.toPollStream(Flowable.never().doOnCancel(cancels::incrementAndGet));
        MockStreamTask<Object> task = MockStreamTask.spawn(never);
        assertPending(task.pollNext());
        assertPending(task.pollNext());
        task.close();
        never.close();
        assertEquals(1, cancels.get());

        AtomicInteger cancelsAfterEnd = new AtomicInteger();
        try (MockStreamTask<Integer> done = MockStreamTask.spawn(FlowableBridge.toPollStream(
                Flowable.just(1).doOnCancel(cancelsAfterEnd::incrementAndGet)))) {
            assertEquals(List.of(1), done.drainToDone());
        }
        assertEquals(0, cancelsAfterEnd.get());

        AtomicBoolean subscribed = new AtomicBoolean();
        PollStream<Integer> unpolled = FlowableBridge.toPollStream(Flowable.just(1).doOnSubscribe(s -> subscribed.set(true)));
        unpolled.close();
        assertTrue(!subscribed.get(), "closed before the first poll: nothing subscribed");
    }

    @Test
    void theLatestWakerIsWokenAndItemsOnATestSchedulerArriveWhenItAdvances() {
        TestScheduler scheduler = new TestScheduler();
        PollStream<Long> stream = FlowableBridge.toPollStream(Flowable.interval(1, TimeUnit.SECONDS, scheduler).take(2));
        CountingWaker first = new CountingWaker();
        CountingWaker second = new CountingWaker();
        assertPending(stream.pollNext(Context.of(first)));
        assertPending(stream.pollNext(Context.of(second)));
        scheduler.advanceTimeBy(1, TimeUnit.SECONDS);
        assertEquals(0, first.count());
        assertEquals(1, second.count());
        assertReady(stream.pollNext(Context.of(second)), 0L);
        assertPending(stream.pollNext(Context.of(second)));
        scheduler.advanceTimeBy(1, TimeUnit.SECONDS);
        assertReady(stream.pollNext(Context.of(second)), 1L);
        assertDone(stream.pollNext(Context.of(second)));
        stream.close();
    }

    @Test
    void anOverProducingFlowableFailsTheStreamAfterTheQueuedItemsAndIsCancelled() {
        AtomicInteger cancels = new AtomicInteger();
        Flowable<Integer> flooding = new Flowable<>() {
            @Override
            protected void subscribeActual(Subscriber<? super Integer> subscriber) {
                subscriber.onSubscribe(new org.reactivestreams.Subscription() {
                    @Override
                    public void request(long n) {}

                    @Override
                    public void cancel() {
                        cancels.incrementAndGet();
                    }
                });
                for (int i = 0; i < 5; i++) {
                    subscriber.onNext(i); // 5 items against a prefetch of 2
                }
            }
        };
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(FlowableBridge.toPollStream(flooding, 2))) {
            assertReady(task.pollNext(), 0);
            assertReady(task.pollNext(), 1);
            assertFailed(task.pollNext(), IllegalStateException.class);
        }
        assertEquals(1, cancels.get());
    }

    @Test
    void aProcessorFedFromAnotherThreadArrivesInOrder() throws InterruptedException {
        PublishProcessor<Integer> processor = PublishProcessor.create();
        PollStream<Integer> stream = FlowableBridge.toPollStream(processor.onBackpressureBuffer(), 16);
        CountingWaker waker = new CountingWaker();
        assertPending(stream.pollNext(Context.of(waker)));
        Thread producer = new Thread(() -> {
            for (int i = 0; i < 1_000; i++) {
                processor.onNext(i);
            }
            processor.onComplete();
        });
        producer.start();
        int expected = 0;
        while (true) {
            Poll<Integer> next = stream.pollNext(Context.of(waker));
            if (next.isPending()) {
                Thread.onSpinWait();
            } else if (next.isReady()) {
                assertEquals(expected++, next.value());
            } else {
                assertDone(next);
                break;
            }
        }
        producer.join();
        assertEquals(1_000, expected);
        stream.close();
    }

    @Test
    void closeRacingCompletionCancelsAtMostOnceStress() {
        try (Race race = new Race()) {
            race.repeat(index -> {
                PublishProcessor<Integer> processor = PublishProcessor.create();
                AtomicInteger cancels = new AtomicInteger();
                PollStream<Integer> stream = FlowableBridge.toPollStream(processor.doOnCancel(cancels::incrementAndGet), 4);
                assertPending(stream.pollNext(Context.of(() -> {})));
                return new Race.Round(stream::close, processor::onComplete, () -> assertTrue(cancels.get() <= 1));
            });
        }
        rxErrors.assertNone();
    }

    @Test
    void badArgumentsAreRejectedAtOnce() {
        assertThrows(NullPointerException.class, () -> FlowableBridge.toPollStream((Flowable<String>) null));
        assertThrows(IllegalArgumentException.class, () -> FlowableBridge.toPollStream(Flowable.just(1), 0));
    }
}
