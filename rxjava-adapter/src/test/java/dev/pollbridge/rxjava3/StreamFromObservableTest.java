package dev.pollbridge.rxjava3;

import static dev.pollbridge.test.PollAssertions.assertDone;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.bridge.engine.BatchStream;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockStreamTask;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Observer;
import io.reactivex.rxjava3.exceptions.MissingBackpressureException;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import io.reactivex.rxjava3.subjects.PublishSubject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link ObservableBridge#toPollStream(Observable, ObservableOverflow)}: items, end, overflow, disposal. */
class StreamFromObservableTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @RegisterExtension
    final RxErrors rxErrors = new RxErrors();

    @Test
    void itemsEndAndErrorsPassThroughAndTheFirstPollSubscribes() {
        AtomicInteger subscriptions = new AtomicInteger();
        PollStream<Integer> stream = ObservableBridge.toPollStream(
                Observable.range(1, 3).doOnSubscribe(d -> subscriptions.incrementAndGet()), ObservableOverflow.error(8));
        assertEquals(0, subscriptions.get());
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertEquals(List.of(1, 2, 3), task.drainToDone());
        }
        assertEquals(1, subscriptions.get());
        try (MockStreamTask<Object> task = MockStreamTask.spawn(ObservableBridge.toPollStream(Observable.empty(), ObservableOverflow.latest()))) {
            assertDone(task.pollNext());
        }
        IllegalStateException boom = new IllegalStateException("boom");
        try (MockStreamTask<String> task = MockStreamTask.spawn(ObservableBridge.toPollStream(
                Observable.just("a").concatWith(Observable.error(boom)), ObservableOverflow.error(8)))) {
            assertReady(task.pollNext(), "a");
            assertSame(boom, assertFailed(task.pollNext(), IllegalStateException.class));
        }
        rxErrors.assertNone();
    }

    @Test
    void aBurstIsHandedOverByTakeReadyInOrderAfterOneWake() {
        PublishSubject<Integer> subject = PublishSubject.create();
        BatchStream<Integer> stream = (BatchStream<Integer>) ObservableBridge.toPollStream(subject, ObservableOverflow.error(8));
        assertEquals(null, stream.takeReady(), "nothing before the first poll subscribes");
        assertFalse(subject.hasObservers());
        CountingWaker waker = new CountingWaker();
        assertPending(stream.pollNext(Context.of(waker)));
        for (int i = 1; i <= 4; i++) {
            subject.onNext(i); // the first is handed to the waiting poller, the rest wait in the ring
        }
        assertEquals(1, waker.count(), "one wake for the burst");
        List<Integer> taken = new ArrayList<>();
        for (Integer item = stream.takeReady(); item != null; item = stream.takeReady()) {
            taken.add(item);
        }
        assertEquals(List.of(1, 2, 3, 4), taken);
        assertPending(stream.pollNext(Context.of(waker))); // takeReady's null: poll to learn why
        subject.onNext(5);
        subject.onComplete();
        assertEquals(5, stream.takeReady());
        assertEquals(null, stream.takeReady(), "takeReady never ends the stream");
        assertDone(stream.pollNext(Context.of(waker)));
        assertThrows(IllegalStateException.class, stream::takeReady);
        BatchStream<Integer> closed = (BatchStream<Integer>) ObservableBridge.toPollStream(subject, ObservableOverflow.latest());
        closed.close();
        assertThrows(IllegalStateException.class, closed::takeReady);
        rxErrors.assertNone();
    }

    @Test
    void takeReadyKeepsTheOverflowStrategy() {
        PublishSubject<Integer> subject = PublishSubject.create();
        BatchStream<Integer> stream = (BatchStream<Integer>) ObservableBridge.toPollStream(subject, ObservableOverflow.latest());
        assertPending(stream.pollNext(Context.of(new CountingWaker())));
        subject.onNext(1); // handed to the waiting poller
        assertEquals(1, stream.takeReady());
        subject.onNext(2); // nobody waits: buffered, then replaced
        subject.onNext(3);
        assertEquals(3, stream.takeReady());
        assertEquals(null, stream.takeReady());
        stream.close();
        assertFalse(subject.hasObservers());
        rxErrors.assertNone();
    }

    @Test
    void closeBeforeTheFirstPollSubscribesNothing() {
        AtomicInteger subscriptions = new AtomicInteger();
        PollStream<Integer> stream = ObservableBridge.toPollStream(
                Observable.just(1).doOnSubscribe(d -> subscriptions.incrementAndGet()), ObservableOverflow.error());
        stream.close();
        assertEquals(0, subscriptions.get());
        assertThrows(IllegalStateException.class, () -> stream.pollNext(Context.of(() -> {})));
    }

    @Test
    void theLatestWakerIsWokenByAnItemFromAnotherThread() throws InterruptedException {
        PublishSubject<String> subject = PublishSubject.create();
        PollStream<String> stream = ObservableBridge.toPollStream(subject, ObservableOverflow.error(4));
        CountingWaker first = new CountingWaker();
        CountingWaker second = new CountingWaker();
        assertPending(stream.pollNext(Context.of(first)));
        assertPending(stream.pollNext(Context.of(second)));
        Thread producer = new Thread(() -> subject.onNext("x"));
        producer.start();
        producer.join();
        assertEquals(0, first.count());
        assertEquals(1, second.count());
        assertReady(stream.pollNext(Context.of(second)), "x");
        stream.close();
    }

    @Test
    void aNeverEndingObservableStaysPendingAndCloseDisposesItExactlyOnce() {
        AtomicInteger disposals = new AtomicInteger();
        PollStream<Object> stream = ObservableBridge.toPollStream(
                Observable.never().doOnDispose(disposals::incrementAndGet), ObservableOverflow.error());
        MockStreamTask<Object> task = MockStreamTask.spawn(stream);
        assertPending(task.pollNext());
        assertPending(task.pollNext());
        task.close();
        stream.close();
        assertEquals(1, disposals.get());
    }

    @Test
    void closeAfterTheEndDisposesNothing() {
        AtomicInteger disposals = new AtomicInteger();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(ObservableBridge.toPollStream(
                Observable.just(1).doOnDispose(disposals::incrementAndGet), ObservableOverflow.error()))) {
            assertEquals(List.of(1), task.drainToDone());
        }
        assertEquals(0, disposals.get());
    }

    @Test
    void itemsTimedOnATestSchedulerArriveWhenTheSchedulerAdvances() {
        TestScheduler scheduler = new TestScheduler();
        try (MockStreamTask<Long> task = MockStreamTask.spawn(ObservableBridge.toPollStream(
                Observable.interval(1, TimeUnit.SECONDS, scheduler).take(3), ObservableOverflow.error(4)))) {
            assertPending(task.pollNext());
            scheduler.advanceTimeBy(3, TimeUnit.SECONDS); // three items at once, no poll in between
            assertEquals(List.of(0L, 1L, 2L), task.drainToDone());
        }
    }

    // ---- the strategies, with a producer that runs ahead of a consumer that polled once ----

    /**
     * Emits 0..9 after one poll found nothing (so the first item is handed to that waiting
     * poller, outside the buffer), then completes; returns what the stream yields.
     */
    private List<Integer> emitTenThenDrain(ObservableOverflow overflow, AtomicInteger disposals, List<Integer> waitingAfterEach) {
        PublishSubject<Integer> subject = PublishSubject.create();
        StreamFromObservable<Integer> stream = new StreamFromObservable<>(subject.doOnDispose(disposals::incrementAndGet), overflow);
        List<Integer> received = new ArrayList<>();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
            assertPending(task.pollNext());
            for (int i = 0; i < 10; i++) {
                subject.onNext(i);
                waitingAfterEach.add(stream.waiting());
            }
            subject.onComplete();
            for (Poll<Integer> next = task.pollNext(); ; next = task.pollNext()) {
                if (next.isReady()) {
                    received.add(next.value());
                } else if (next.isDone()) {
                    return received;
                } else {
                    throw new AssertionError(next.error()); // the caller checks failures itself
                }
            }
        }
    }

    @Test
    void errorFailsAfterTheBufferedItemsWithMissingBackpressureAndDisposesOnce() {
        for (int capacity : new int[] {0, 4}) {
            PublishSubject<Integer> subject = PublishSubject.create();
            AtomicInteger disposals = new AtomicInteger();
            ObservableOverflow overflow = capacity == 0 ? ObservableOverflow.error() : ObservableOverflow.error(capacity);
            StreamFromObservable<Integer> stream = new StreamFromObservable<>(subject.doOnDispose(disposals::incrementAndGet), overflow);
            try (MockStreamTask<Integer> task = MockStreamTask.spawn(stream)) {
                assertPending(task.pollNext());
                for (int i = 0; i < 10; i++) {
                    subject.onNext(i);
                    assertTrue(stream.waiting() <= capacity + 1);
                }
                assertFalse(subject.hasObservers(), "disposed at the first overflow");
                for (int i = 0; i <= capacity; i++) { // the item handed to the waiting poll, then the buffer
                    assertReady(task.pollNext(), i);
                }
                MissingBackpressureException error = assertFailed(task.pollNext(), MissingBackpressureException.class);
                String expected = capacity == 0 ? "an item arrived while the poller was not waiting for one"
                        : capacity + " item(s) were waiting";
                assertTrue(error.getMessage().contains(expected), error.getMessage());
            }
            assertEquals(1, disposals.get());
        }
        rxErrors.assertNone();
    }

    @Test
    void dropNewestKeepsTheOldestItems() {
        List<Integer> waiting = new ArrayList<>();
        AtomicInteger disposals = new AtomicInteger();
        assertEquals(List.of(0, 1, 2, 3, 4), emitTenThenDrain(ObservableOverflow.dropNewest(4), disposals, waiting));
        assertEquals(List.of(1, 2, 3, 4, 5, 5, 5, 5, 5, 5), waiting, "the handed item and up to 4 buffered");
        assertEquals(0, disposals.get());
    }

    @Test
    void dropOldestKeepsTheNewestItems() {
        List<Integer> waiting = new ArrayList<>();
        assertEquals(List.of(0, 6, 7, 8, 9), emitTenThenDrain(ObservableOverflow.dropOldest(4), new AtomicInteger(), waiting));
        assertEquals(List.of(1, 2, 3, 4, 5, 5, 5, 5, 5, 5), waiting, "the handed item and up to 4 buffered");
    }

    @Test
    void latestKeepsOnlyTheLastItem() {
        List<Integer> waiting = new ArrayList<>();
        assertEquals(List.of(0, 9), emitTenThenDrain(ObservableOverflow.latest(), new AtomicInteger(), waiting),
                "the waiting poll gets the first item, then the latest (toFlowable(LATEST))");
        assertEquals(IntStream.range(0, 10).mapToObj(i -> i == 0 ? 1 : 2).toList(), waiting);
    }

    @Test
    void droppedAndAbandonedItemsThatOwnResourcesAreClosed() {
        PublishSubject<Resource> subject = PublishSubject.create();
        List<Resource> resources = IntStream.range(0, 5).mapToObj(Resource::new).toList();
        PollStream<Resource> stream = ObservableBridge.toPollStream(subject, ObservableOverflow.dropNewest(2));
        assertPending(stream.pollNext(Context.of(() -> {})));
        resources.forEach(subject::onNext);
        assertEquals(List.of(false, false, false, true, true), resources.stream().map(Resource::isClosed).toList(),
                "the handed item and two buffered are kept; the two dropped items are closed");
        assertSame(resources.get(0), stream.pollNext(Context.of(() -> {})).value());
        stream.close();
        assertEquals(List.of(false, true, true, true, true), resources.stream().map(Resource::isClosed).toList(),
                "the items still waiting at close are closed; the returned one is the poller's");
    }

    @Test
    void aStalledConsumerNeverBlocksTheProducer() throws InterruptedException {
        for (ObservableOverflow overflow : List.of(ObservableOverflow.dropNewest(16), ObservableOverflow.dropOldest(16),
                ObservableOverflow.latest(), ObservableOverflow.error(16))) {
            PublishSubject<Integer> subject = PublishSubject.create();
            StreamFromObservable<Integer> stream = new StreamFromObservable<>(subject, overflow);
            assertPending(stream.pollNext(Context.of(() -> {})));
            int[] maxWaiting = new int[1];
            Thread producer = new Thread(() -> {
                for (int i = 0; i < 1_000_000; i++) {
                    subject.onNext(i);
                    maxWaiting[0] = Math.max(maxWaiting[0], stream.waiting());
                }
                subject.onComplete();
            });
            producer.start();
            producer.join(WAIT.toMillis());
            assertFalse(producer.isAlive(), overflow + ": the producer waited for the consumer");
            assertTrue(maxWaiting[0] <= overflow.capacity() + 1, overflow + ": " + maxWaiting[0] + " waiting");
            stream.close();
        }
    }

    /**
     * A fast producer thread against a slow consumer task: for every strategy the buffer stays
     * within its capacity, plus the item handed to a waiting poller (sampled by the producer after
     * every item, where it can only have grown), the consumer sees a rising sequence, and each
     * strategy keeps what it promises.
     */
    @Test
    void everyStrategyStaysWithinItsBoundUnderAFastProducerAndASlowConsumer() throws InterruptedException {
        int items = 200_000;
        for (ObservableOverflow overflow : List.of(ObservableOverflow.error(64), ObservableOverflow.dropNewest(64),
                ObservableOverflow.dropOldest(64), ObservableOverflow.latest())) {
            PublishSubject<Integer> subject = PublishSubject.create();
            AtomicInteger disposals = new AtomicInteger();
            StreamFromObservable<Integer> stream = new StreamFromObservable<>(subject.doOnDispose(disposals::incrementAndGet), overflow);
            SlowConsumer consumer = new SlowConsumer(stream);
            await().atMost(WAIT).until(subject::hasObservers);
            int maxWaiting = 0;
            for (int i = 0; i < items; i++) {
                subject.onNext(i);
                maxWaiting = Math.max(maxWaiting, stream.waiting());
            }
            subject.onComplete();
            consumer.thread.join(WAIT.toMillis());
            assertFalse(consumer.thread.isAlive());
            assertTrue(maxWaiting <= overflow.capacity() + 1, overflow + ": " + maxWaiting + " waiting");
            List<Integer> received = consumer.received;
            for (int i = 1; i < received.size(); i++) {
                assertTrue(received.get(i) > received.get(i - 1), overflow + ": out of order at " + i);
            }
            switch (overflow.policy()) {
                case FAIL -> {
                    // The slow consumer falls behind: the stream fails, after a gap-free prefix.
                    assertTrue(consumer.end.isFailed(), overflow + " ended " + consumer.end);
                    assertTrue(consumer.end.error() instanceof MissingBackpressureException);
                    assertEquals(IntStream.range(0, received.size()).boxed().toList(), received);
                    assertEquals(1, disposals.get());
                }
                case DROP_NEWEST -> {
                    assertTrue(consumer.end.isDone());
                    assertEquals(0, (int) received.get(0));
                    assertTrue(received.size() < items, "the slow consumer must have missed some");
                }
                case DROP_OLDEST -> {
                    assertTrue(consumer.end.isDone());
                    assertEquals(items - 1, (int) received.get(received.size() - 1), "the newest item always arrives");
                }
                default -> throw new AssertionError(overflow);
            }
        }
        rxErrors.assertNone();
    }

    /** Polls a stream on its own thread, parking between wakes, and works slowly on some items. */
    private static final class SlowConsumer {
        final List<Integer> received = new ArrayList<>();
        final Thread thread;
        volatile Poll<Integer> end;

        SlowConsumer(PollStream<Integer> stream) {
            thread = new Thread(() -> {
                Thread self = Thread.currentThread();
                Context cx = Context.of(() -> LockSupport.unpark(self));
                try (stream) {
                    while (true) {
                        Poll<Integer> next = stream.pollNext(cx);
                        if (next.isPending()) {
                            LockSupport.parkNanos(1_000_000);
                        } else if (next.isReady()) {
                            received.add(next.value());
                            if (received.size() % 64 == 0) {
                                sleepQuietly(); // simulates slow work on the item
                            }
                        } else {
                            end = next;
                            return;
                        }
                    }
                }
            }, "slow-consumer");
            thread.start();
        }

        private static void sleepQuietly() {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Close racing items from a source that ignores dispose (so every item does reach the
     * stream): each one is released exactly once, whether it was waiting at the close, dropped by
     * the strategy, or arrived after the close; the source is disposed once.
     */
    @Test
    void closeRacingItemsReleasesEveryItemThatArrivedStress() {
        try (Race race = new Race()) {
            race.repeat(index -> {
                CountingDisposable upstream = new CountingDisposable();
                AtomicReference<Observer<? super Resource>> observer =
                        new AtomicReference<>();
                Observable<Resource> deaf = new Observable<>() {
                    @Override
                    protected void subscribeActual(Observer<? super Resource> actual) {
                        actual.onSubscribe(upstream);
                        observer.set(actual);
                    }
                };
                PollStream<Resource> stream = ObservableBridge.toPollStream(deaf, ObservableOverflow.dropOldest(2));
                assertPending(stream.pollNext(Context.of(() -> {})));
                List<Resource> resources = IntStream.range(0, 3).mapToObj(Resource::new).toList();
                return new Race.Round(stream::close, () -> resources.forEach(observer.get()::onNext), () -> {
                    for (Resource resource : resources) {
                        assertEquals(1, resource.closes.get(), resource + " closed " + resource.closes.get() + " times");
                    }
                    assertEquals(1, upstream.disposals.get());
                });
            });
        }
        rxErrors.assertNone();
    }

    /**
     * The hand-off to a waiting poller races the poller's own re-check: two items and the end
     * arrive on another thread while the poller polls. The first item is handed to the waiting
     * poller and the second is buffered (or handed, if the poller was waiting again), and the
     * poller must get them in order whatever the interleaving; {@code error()} may fail instead
     * of taking the second item, but only after the first. Up to 10,000 rounds within 10 s
     * ({@link Race}); on an idle machine all 10,000 run.
     */
    @Test
    void theHandOffToAWaitingPollerKeepsTheOrderAgainstItsReCheckStress() {
        List<ObservableOverflow> strategies = List.of(ObservableOverflow.latest(), ObservableOverflow.error(),
                ObservableOverflow.error(1), ObservableOverflow.dropNewest(1), ObservableOverflow.dropOldest(2));
        int[] rounds = new int[1];
        try (Race race = new Race()) {
            rounds[0] = race.repeat(index -> {
                ObservableOverflow overflow = strategies.get(index % strategies.size());
                PublishSubject<Integer> subject = PublishSubject.create();
                PollStream<Integer> stream = ObservableBridge.toPollStream(subject, overflow);
                Context cx = Context.of(() -> {});
                assertPending(stream.pollNext(cx)); // waits for one item
                List<Object> seen = new ArrayList<>();
                return new Race.Round(() -> {
                    for (int polls = 0; polls < 10_000 && !ended(seen); polls++) {
                        record(stream.pollNext(cx), seen); // racing the producer
                    }
                }, () -> {
                    subject.onNext(0);
                    subject.onNext(1);
                    subject.onComplete();
                }, () -> {
                    while (!ended(seen)) { // the producer is done: whatever is left is there now
                        record(stream.pollNext(cx), seen);
                    }
                    stream.close();
                    boolean failedAfterTheFirst = overflow.capacity() == 0
                            && seen.equals(List.of(0, "MissingBackpressureException"));
                    assertTrue(seen.equals(List.of(0, 1, "done")) || failedAfterTheFirst, overflow + " gave " + seen);
                });
            });
        }
        assertTrue(rounds[0] >= 100, "too few rounds to mean anything: " + rounds[0]);
        rxErrors.assertNone();
    }

    private static void record(Poll<Integer> next, List<Object> seen) {
        if (next.isReady()) {
            seen.add(next.value());
        } else if (next.isDone()) {
            seen.add("done");
        } else if (next.isFailed()) {
            seen.add(next.error().getClass().getSimpleName());
        }
    }

    private static boolean ended(List<Object> seen) {
        return !seen.isEmpty() && seen.get(seen.size() - 1) instanceof String;
    }

    @Test
    void anErrorAfterCloseGoesToRxJavaPlugins() {
        PublishSubject<String> subject = PublishSubject.create();
        AtomicReference<Observer<? super String>> observer =
                new AtomicReference<>();
        Observable<String> raw = new Observable<>() {
            @Override
            protected void subscribeActual(Observer<? super String> actual) {
                actual.onSubscribe(new CountingDisposable());
                observer.set(actual);
            }
        };
        PollStream<String> stream = ObservableBridge.toPollStream(raw, ObservableOverflow.error());
        assertPending(stream.pollNext(Context.of(() -> {})));
        stream.close();
        IllegalStateException late = new IllegalStateException("late");
        observer.get().onError(late);
        assertSame(late, rxErrors.awaitOne());
        subject.onComplete();
    }

    @Test
    void badArgumentsAreRejectedAtOnce() {
        assertThrows(NullPointerException.class, () -> ObservableBridge.toPollStream((Observable<String>) null, ObservableOverflow.error()));
        assertThrows(NullPointerException.class, () -> ObservableBridge.toPollStream(Observable.just(1), null));
        assertThrows(IllegalArgumentException.class, () -> ObservableOverflow.error(0));
        assertThrows(IllegalArgumentException.class, () -> ObservableOverflow.dropNewest(-1));
        assertThrows(IllegalArgumentException.class, () -> ObservableOverflow.dropOldest((1 << 24) + 1));
        assertEquals("ObservableOverflow.latest()", ObservableOverflow.latest().toString());
        assertEquals(0, ObservableOverflow.error().capacity(), "no buffer: only a waiting poller takes an item");
        assertEquals("ObservableOverflow.error()", ObservableOverflow.error().toString());
    }
}
