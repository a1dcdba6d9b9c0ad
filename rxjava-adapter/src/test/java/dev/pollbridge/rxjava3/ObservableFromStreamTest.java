package dev.pollbridge.rxjava3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.engine.BatchStream;
import dev.pollbridge.test.ProbeStream;
import dev.pollbridge.test.runtime.TestRuntime;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** {@link ObservableBridge#toObservable}: streams as Observables, checked with RxJava's {@link TestObserver}. */
class ObservableFromStreamTest extends OnRuntime {

    ObservableFromStreamTest() {
        super(2, "observable-test-");
    }

    @Test
    void theFormThatTakesTheStreamReadsLeftToRightIsSingleUseAndDisposeClosesIt() throws InterruptedException {
        Observable<Integer> doubled = Streams.fromIterable(List.of(1, 2, 3)).map(i -> i * 2)
                .to(stream -> ObservableBridge.toObservable(stream, runtime));
        TestObserver<Integer> first = doubled.test();
        first.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        first.assertResult(2, 4, 6);
        TestObserver<Integer> second = doubled.test();
        second.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        second.assertError(error -> error instanceof IllegalStateException
                && error.getMessage().contains("ObservableBridge.toObservable(() -> buildTheStream())"));

        ProbeStream<Integer> probe = new ProbeStream<>();
        TestObserver<Integer> observer = ObservableBridge.toObservable(probe, runtime).test();
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        observer.dispose();
        await().atMost(WAIT).until(probe::isClosed);
        assertTrue(probe.isCancelled());
        assertEquals(1, probe.closes());
    }

    @Test
    void itemsEndAndErrorsPassThroughOnARuntimeWorker() throws InterruptedException {
        AtomicReference<String> thread = new AtomicReference<>();
        TestObserver<Integer> items = ObservableBridge.toObservable(() -> Streams.of(1, 2, 3), runtime)
                .doOnNext(item -> thread.set(Thread.currentThread().getName()))
                .test();
        items.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        items.assertResult(1, 2, 3);
        assertTrue(thread.get().startsWith("observable-test-"), thread.get());

        TestObserver<Object> empty = ObservableBridge.toObservable(Streams::empty, runtime).test();
        empty.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        empty.assertResult();

        Exception checked = new Exception("checked");
        TestObserver<String> failing = ObservableBridge.toObservable(
                () -> Streams.concat(Streams.of("a"), Streams.<String>failed(checked)), runtime).test();
        failing.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        failing.assertValues("a").assertError(error -> error == checked);
        rxErrors.assertNone();
    }

    @Test
    void itemsArePushedAsSoonAsTheyArePolledWithoutDemand() {
        ProbeStream<Integer> probe = new ProbeStream<>();
        TestObserver<Integer> observer = ObservableBridge.toObservable(() -> probe, runtime).test();
        for (int i = 0; i < 5; i++) {
            probe.emit(i);
            int expected = i + 1;
            await().atMost(WAIT).until(() -> observer.values().size() == expected);
            assertEquals(0, probe.queued());
        }
        probe.complete();
        observer.awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertComplete();
    }

    @Test
    void aLongStreamIsPushedInSlicesSoTheTaskYieldsItsWorker() {
        TestRuntime deterministic = TestRuntime.create();
        TestObserver<Integer> observer = ObservableBridge.toObservable(
                () -> Streams.fromIterable(IntStream.range(0, 1_000).boxed().toList()), deterministic.runtime()).test();
        long polls = deterministic.runUntilIdle();
        observer.assertValueCount(1_000).assertComplete();
        assertTrue(polls >= 1_000 / StreamDriver.ITEMS_PER_POLL, "polls: " + polls);
        deterministic.close();
    }

    @Test
    void aBatchStreamIsDrainedWithTakeReadyAndPolledOnlyWhenItRunsDry() {
        TestRuntime deterministic = TestRuntime.create();
        CountingBatchStream stream = new CountingBatchStream(300);
        TestObserver<Integer> observer = ObservableBridge.toObservable(() -> stream, deterministic.runtime()).test();
        long polls = deterministic.runUntilIdle();
        observer.assertValueSequence(IntStream.range(0, 300).boxed().toList()).assertComplete();
        // The first poll starts the lazy stream, the last finds its end: 301 polls without the batch path.
        assertEquals(2, stream.pollNextCalls);
        assertTrue(polls >= 300 / StreamDriver.ITEMS_PER_POLL, "the budget counts taken items too; polls: " + polls);
        assertEquals(1, stream.closes);
        deterministic.close();
    }

    @Test
    void anObservableThroughAStreamAndBackKeepsEveryItemInOrder() {
        List<Integer> items = IntStream.range(0, 10_000).boxed().toList();
        ObservableBridge.toObservable(() -> ObservableBridge.toPollStream(Observable.fromIterable(items),
                        ObservableOverflow.error(items.size())), runtime)
                .test()
                .awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS)
                .assertValueSequence(items)
                .assertComplete();
    }

    /** Hands out {@code 0..n-1} by {@code takeReady}, and counts the polls that were still needed. */
    private static final class CountingBatchStream implements BatchStream<Integer> {
        private final int n;
        private int next;
        private boolean polled;
        int pollNextCalls;
        int closes;

        CountingBatchStream(int n) {
            this.n = n;
        }

        @Override
        public Integer takeReady() {
            return polled && next < n ? next++ : null; // lazy: nothing before the first pollNext
        }

        @Override
        public Poll<Integer> pollNext(Context cx) {
            polled = true;
            pollNextCalls++;
            return next < n ? Poll.ready(next++) : Poll.done();
        }

        @Override
        public void close() {
            closes++;
        }
    }

    @Test
    void disposeAbortsTheTaskAndClosesTheStreamExactlyOnce() {
        ProbeStream<Integer> probe = new ProbeStream<>();
        TestObserver<Integer> observer = ObservableBridge.toObservable(() -> probe, runtime).test();
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        observer.dispose();
        await().atMost(WAIT).until(probe::isClosed);
        assertTrue(probe.isCancelled());
        probe.emit(1);
        runtime.close();
        assertEquals(1, probe.closes());
        observer.assertEmpty();
    }

    @Test
    void aDownstreamTimeoutOnATestSchedulerDisposesTheStream() {
        TestScheduler scheduler = new TestScheduler();
        ProbeStream<Integer> probe = new ProbeStream<>();
        TestObserver<Integer> observer = ObservableBridge.toObservable(() -> probe, runtime)
                .timeout(1, TimeUnit.SECONDS, scheduler)
                .test();
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        scheduler.advanceTimeBy(1, TimeUnit.SECONDS);
        observer.assertError(TimeoutException.class);
        await().atMost(WAIT).until(probe::isClosed);
        assertEquals(1, probe.closes());
    }

    @Test
    void factoryFailuresAndAClosedRuntimeFailThatSubscription() {
        IllegalArgumentException bad = new IllegalArgumentException("bad factory");
        ObservableBridge.<Integer>toObservable(() -> {
            throw bad;
        }, runtime).test().assertError(error -> error == bad);
        ObservableBridge.<Integer>toObservable(() -> null, runtime).test().assertError(NullPointerException.class);
        PollRuntime closed = PollRuntime.builder().workers(1).build();
        closed.close();
        ProbeStream<Integer> unpolled = new ProbeStream<>();
        ObservableBridge.toObservable(() -> unpolled, closed).test().assertError(RejectedExecutionException.class);
        assertEquals(0, unpolled.polls());
        assertEquals(1, unpolled.closes());
    }

    @Test
    void runtimeShutdownEndsALiveSubscriptionWithCancellation() throws InterruptedException {
        PollRuntime doomed = PollRuntime.builder().workers(1).build();
        ProbeStream<Integer> probe = new ProbeStream<>();
        TestObserver<Integer> observer = ObservableBridge.toObservable(() -> probe, doomed).test();
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        doomed.close();
        observer.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        observer.assertError(CancellationException.class);
        assertEquals(1, probe.closes());
    }

    @Test
    void anObservableFromAStreamRoundTripsThroughAStreamWithAnOverflowStrategy() {
        Observable<Integer> observable = ObservableBridge.toObservable(() -> Streams.of(1, 2, 3), runtime);
        PollStream<Integer> stream = ObservableBridge.toPollStream(observable, ObservableOverflow.error(8));
        List<Integer> items = runtime.blockOn(Streams.collect(stream, java.util.stream.Collectors.toList()));
        assertEquals(List.of(1, 2, 3), items);
    }

    /**
     * Dispose races completion, 10,000 times: the stream is closed exactly once, and the observer
     * gets its items in order and at most one terminal signal, never after the dispose took effect.
     */
    @Test
    void disposeRacingCompletionClosesTheStreamExactlyOnceStress() {
        List<ProbeStream<Integer>> probes = new ArrayList<>();
        List<TestObserver<Integer>> observers = new ArrayList<>();
        try (Race race = new Race()) {
            race.repeat(index -> {
                ProbeStream<Integer> probe = new ProbeStream<>();
                probe.emit(index);
                TestObserver<Integer> observer = ObservableBridge.toObservable(() -> probe, runtime).test();
                probes.add(probe);
                observers.add(observer);
                return new Race.Round(observer::dispose, probe::complete, () -> {});
            });
        }
        await().atMost(WAIT).until(() -> probes.stream().allMatch(ProbeStream::isClosed));
        for (int i = 0; i < probes.size(); i++) {
            assertEquals(1, probes.get(i).closes());
            TestObserver<Integer> observer = observers.get(i);
            observer.assertNoErrors();
            assertTrue(observer.values().isEmpty() || observer.values().equals(List.of(i)));
        }
        rxErrors.assertNone();
    }

    @Test
    void aFailurePolledAfterTheObserverDisposedGoesToRxJavaPlugins() {
        IllegalStateException late = new IllegalStateException("failed while disposed");
        AtomicReference<TestObserver<Integer>> observer = new AtomicReference<>();
        PollStream<Integer> disposesWhilePolled = new PollStream<>() {
            @Override
            public Poll<Integer> pollNext(Context cx) {
                observer.get().dispose();
                return Poll.failed(late);
            }
        };
        TestRuntime deterministic = TestRuntime.create();
        observer.set(ObservableBridge.toObservable(() -> disposesWhilePolled, deterministic.runtime()).test());
        deterministic.runUntilIdle();
        observer.get().assertEmpty();
        assertSame(late, rxErrors.awaitOne());
        deterministic.close();
    }

    @Test
    void slowObserverGetsOneItemAtATimeInOrder() throws InterruptedException {
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        TestObserver<Integer> observer = ObservableBridge.toObservable(
                () -> Streams.fromIterable(IntStream.range(0, 300).boxed().toList()), runtime)
                .doOnNext(item -> {
                    if (inside.incrementAndGet() != 1) {
                        overlaps.incrementAndGet();
                    }
                    inside.decrementAndGet();
                })
                .test();
        observer.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        observer.assertValueCount(300).assertComplete();
        assertEquals(IntStream.range(0, 300).boxed().toList(), observer.values());
        assertEquals(0, overlaps.get(), "signals are serial");
    }
}
