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
import dev.pollbridge.test.ProbeStream;
import dev.pollbridge.test.runtime.TestRuntime;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import io.reactivex.rxjava3.subscribers.TestSubscriber;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link FlowableBridge#toFlowable}: streams as Flowables, checked with RxJava's {@link TestSubscriber}. */
class FlowableFromStreamTest extends OnRuntime {

    FlowableFromStreamTest() {
        super(2, "flowable-test-");
    }

    @Test
    void itemsEndAndErrorsPassThroughOnARuntimeWorker() throws InterruptedException {
        AtomicReference<String> thread = new AtomicReference<>();
        TestSubscriber<Integer> items = FlowableBridge.toFlowable(() -> Streams.of(1, 2, 3), runtime)
                .doOnNext(item -> thread.set(Thread.currentThread().getName()))
                .test();
        items.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        items.assertResult(1, 2, 3);
        assertTrue(thread.get().startsWith("flowable-test-"), thread.get());

        TestSubscriber<Object> empty = FlowableBridge.toFlowable(Streams::empty, runtime).test();
        empty.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        empty.assertResult();

        IllegalStateException boom = new IllegalStateException("boom");
        TestSubscriber<String> failing = FlowableBridge.toFlowable(
                () -> Streams.concat(Streams.of("a"), Streams.<String>failed(boom)), runtime).test();
        failing.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        failing.assertValues("a").assertError(error -> error == boom);
        rxErrors.assertNone();
    }

    @Test
    void theStreamIsPolledAtMostOneItemAheadOfDemand() {
        ProbeStream<Integer> probe = new ProbeStream<>();
        for (int i = 0; i < 10; i++) {
            probe.emit(i);
        }
        TestSubscriber<Integer> subscriber = FlowableBridge.toFlowable(() -> probe, runtime).test(0);
        await().atMost(WAIT).until(() -> probe.queued() == 9);
        subscriber.assertNoValues().assertNoErrors().assertNotComplete();
        assertEquals(1, probe.polls(), "no demand: one item pulled ahead and held");
        subscriber.request(2);
        await().atMost(WAIT).until(() -> subscriber.values().size() == 2);
        assertEquals(List.of(0, 1), subscriber.values());
        await().atMost(WAIT).until(() -> probe.queued() == 7); // the demand, and one item ahead
        assertEquals(3, probe.polls(), "never more than one item ahead of demand");
        subscriber.request(Long.MAX_VALUE);
        probe.complete();
        await().atMost(WAIT).until(() -> subscriber.values().size() == 10);
        subscriber.awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertComplete();
    }

    @Test
    void theEndGoesOutWithoutDemand() {
        FlowableBridge.toFlowable(Streams::empty, runtime).test(0)
                .awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS)
                .assertResult();
        FlowableBridge.toFlowable(() -> Streams.of("x"), runtime).test(1)
                .awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS)
                .assertResult("x");
        FlowableBridge.<String>rxFlowable(emitter -> emitter.emit("only"), runtime).test(1)
                .awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS)
                .assertResult("only");
        IllegalStateException boom = new IllegalStateException("boom");
        FlowableBridge.<String>rxFlowable(emitter -> {
            throw boom;
        }, runtime).test(0)
                .awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS)
                .assertError(error -> error == boom);
        rxErrors.assertNone();
    }

    @Test
    void theFormThatTakesTheStreamReadsLeftToRightIsSingleUseAndCancelClosesIt() throws InterruptedException {
        Flowable<Integer> doubled = Streams.fromIterable(List.of(1, 2, 3)).map(i -> i * 2)
                .to(stream -> FlowableBridge.toFlowable(stream, runtime));
        TestSubscriber<Integer> first = doubled.test();
        first.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        first.assertResult(2, 4, 6);
        TestSubscriber<Integer> second = doubled.test();
        second.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        second.assertError(error -> error instanceof IllegalStateException
                && error.getMessage().contains("FlowableBridge.toFlowable(() -> buildTheStream())"));

        ProbeStream<Integer> probe = new ProbeStream<>();
        TestSubscriber<Integer> subscriber = FlowableBridge.toFlowable(probe, runtime).test();
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        subscriber.cancel();
        await().atMost(WAIT).until(probe::isClosed);
        assertTrue(probe.isCancelled());
        assertEquals(1, probe.closes());
    }

    @Test
    void cancelAbortsTheTaskAndClosesTheStreamExactlyOnce() {
        ProbeStream<Integer> probe = new ProbeStream<>();
        TestSubscriber<Integer> subscriber = FlowableBridge.toFlowable(() -> probe, runtime).test();
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        subscriber.cancel();
        await().atMost(WAIT).until(probe::isClosed);
        assertTrue(probe.isCancelled());
        probe.emit(1);
        runtime.close();
        assertEquals(1, probe.closes());
        subscriber.assertEmpty();
    }

    @Test
    void aDownstreamTimeoutOnATestSchedulerCancelsTheStream() {
        TestScheduler scheduler = new TestScheduler();
        ProbeStream<Integer> probe = new ProbeStream<>();
        TestSubscriber<Integer> subscriber = FlowableBridge.toFlowable(() -> probe, runtime)
                .timeout(1, TimeUnit.SECONDS, scheduler)
                .test();
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        scheduler.advanceTimeBy(1, TimeUnit.SECONDS);
        subscriber.assertError(TimeoutException.class);
        await().atMost(WAIT).until(probe::isClosed);
        assertEquals(1, probe.closes());
    }

    @Test
    void eachSubscriptionGetsAFreshStreamAndFactoryFailuresFailThatSubscription() throws InterruptedException {
        AtomicInteger built = new AtomicInteger();
        Flowable<Integer> flowable = FlowableBridge.toFlowable(() -> Streams.of(built.incrementAndGet()), runtime);
        TestSubscriber<Integer> repeated = flowable.repeat(3).test();
        repeated.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        repeated.assertResult(1, 2, 3);

        IllegalArgumentException bad = new IllegalArgumentException("bad factory");
        FlowableBridge.<Integer>toFlowable(() -> {
            throw bad;
        }, runtime).test().assertError(error -> error == bad);
        FlowableBridge.<Integer>toFlowable(() -> null, runtime).test().assertError(NullPointerException.class);

        PollRuntime closed = PollRuntime.builder().workers(1).build();
        closed.close();
        ProbeStream<Integer> unpolled = new ProbeStream<>();
        FlowableBridge.toFlowable(() -> unpolled, closed).test().assertError(RejectedExecutionException.class);
        assertEquals(0, unpolled.polls());
        assertEquals(1, unpolled.closes());
    }

    @Test
    void runtimeShutdownEndsALiveSubscriptionWithCancellation() throws InterruptedException {
        PollRuntime doomed = PollRuntime.builder().workers(1).build();
        ProbeStream<Integer> probe = new ProbeStream<>();
        TestSubscriber<Integer> subscriber = FlowableBridge.toFlowable(() -> probe, doomed).test();
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        doomed.close();
        subscriber.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        subscriber.assertError(CancellationException.class);
        assertEquals(1, probe.closes());
    }

    @Test
    void badRequestsEndTheSubscriptionWithIllegalArgumentException() {
        for (long bad : new long[] {0, -1}) {
            ProbeStream<Integer> probe = new ProbeStream<>();
            TestSubscriber<Integer> subscriber = FlowableBridge.toFlowable(() -> probe, runtime).test(0);
            subscriber.request(bad);
            subscriber.awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertError(IllegalArgumentException.class);
            await().atMost(WAIT).until(probe::isClosed);
        }
    }

    /**
     * The stream fails while the subscriber cancels, 10,000 times: the failure reaches exactly one
     * place, the subscriber's onError or RxJavaPlugins.onError, never both and never none, and
     * the stream is closed exactly once. Up to five rounds of 10,000, until at least one failure
     * was polled before the cancel (on a loaded machine the cancel can win every race of a round).
     */
    @Test
    void aFailureRacingCancelIsDeliveredOrReportedExactlyOnceStress() {
        int polledFailures = 0;
        for (int round = 0; round < 5 && polledFailures == 0; round++) {
            polledFailures += raceFailureAgainstCancel();
        }
        assertTrue(polledFailures > 0, "in 50,000 races the cancel always came before the failure was polled");
    }

    /** One round of 10,000 races; checks each and returns how many failures were polled. */
    private int raceFailureAgainstCancel() {
        List<ProbeStream<Integer>> probes = new ArrayList<>();
        List<Recording<Integer>> subscribers = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        try (Race race = new Race()) {
            race.repeat(index -> {
                ProbeStream<Integer> probe = new ProbeStream<>();
                IllegalStateException failure = new IllegalStateException("failure " + index);
                Recording<Integer> subscriber = new Recording<>();
                FlowableBridge.toFlowable(() -> probe, runtime).subscribe(subscriber);
                probes.add(probe);
                subscribers.add(subscriber);
                failures.add(failure);
                return new Race.Round(subscriber::cancel, () -> probe.fail(failure), () -> {});
            });
        }
        await().atMost(WAIT).until(() -> probes.stream().allMatch(ProbeStream::isClosed));
        // A failure the bridge polled (the probe handed out its end) reaches exactly one place; one
        // it never polled (the cancel came first) stays in the closed stream, like any unread item.
        List<Throwable> reported = rxErrors.errors();
        int polledFailures = 0;
        for (int i = 0; i < probes.size(); i++) {
            assertEquals(1, probes.get(i).closes());
            List<Throwable> errors = subscribers.get(i).errors();
            assertTrue(errors.isEmpty() || errors.size() == 1 && errors.get(0) == failures.get(i));
            int places = errors.size() + (reported.contains(failures.get(i)) ? 1 : 0);
            if (probes.get(i).isCancelled()) {
                assertEquals(0, places, "a failure never polled is neither delivered nor reported");
            } else {
                polledFailures++;
                assertEquals(1, places, () -> "delivered or reported exactly once: " + errors + " / " + reported);
            }
        }
        assertEquals(reported.size(), reported.stream().distinct().count(), "nothing reported twice");
        return polledFailures;
    }

    /**
     * The subscriber cancels after the stream's failure was polled but before it was signalled
     * (deterministically: from the stream's own close, which the bridge calls in between today).
     * Whatever the order, the failure reaches exactly one place: onError or RxJavaPlugins.onError.
     */
    @Test
    void aCancelBetweenTheFailureAndItsSignalReportsTheFailureExactlyOnce() {
        IllegalStateException failure = new IllegalStateException("failed, then cancelled");
        Recording<Integer> subscriber = new Recording<>();
        PollStream<Integer> cancelsOnClose = new PollStream<>() {
            @Override
            public Poll<Integer> pollNext(Context cx) {
                return Poll.failed(failure);
            }

            @Override
            public void close() {
                subscriber.cancel();
            }
        };
        TestRuntime deterministic = TestRuntime.create();
        FlowableBridge.toFlowable(() -> cancelsOnClose, deterministic.runtime()).subscribe(subscriber);
        deterministic.runUntilIdle();
        int places = subscriber.errors().size() + (int) rxErrors.errors().stream().filter(error -> error == failure).count();
        assertEquals(1, places, () -> "delivered " + subscriber.errors() + ", reported " + rxErrors.errors());
        deterministic.close();
    }

    /** A TestSubscriber whose errors can be read. */
    private static final class Recording<T> extends TestSubscriber<T> {
        List<Throwable> errors() {
            return errors;
        }
    }

    @Test
    void aFailurePolledAfterTheSubscriberCancelledGoesToRxJavaPlugins() {
        IllegalStateException late = new IllegalStateException("failed while cancelled");
        AtomicReference<TestSubscriber<Integer>> subscriber = new AtomicReference<>();
        PollStream<Integer> cancelsWhilePolled = new PollStream<>() {
            @Override
            public Poll<Integer> pollNext(Context cx) {
                subscriber.get().cancel(); // the subscriber cancels while the stream is failing
                return Poll.failed(late);
            }
        };
        TestRuntime deterministic = TestRuntime.create();
        subscriber.set(FlowableBridge.toFlowable(() -> cancelsWhilePolled, deterministic.runtime()).test());
        deterministic.runUntilIdle();
        subscriber.get().assertEmpty();
        assertSame(late, rxErrors.awaitOne());
        deterministic.close();
        assertEquals(List.of(), deterministic.uncaughtFailures());
    }
}
