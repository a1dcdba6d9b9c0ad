package dev.pollbridge.rxjava3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.test.ProbeStream;
import io.reactivex.rxjava3.core.FlowableSubscriber;
import io.reactivex.rxjava3.subscribers.TestSubscriber;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;

/**
 * The fault catalogue of {@code toFlowable}: a subscriber that throws from each method, bad
 * requests, a stream whose {@code pollNext} or {@code close} throws or that yields {@code null}.
 * Each test runs on a one-worker runtime and ends by checking that it still runs tasks and that
 * nothing reached its uncaught-failure handler.
 */
class FlowableFromStreamFaultsTest extends OnRuntime {

    FlowableFromStreamFaultsTest() {
        super(1, "flowable-faults-");
    }

    /** A subscriber that requests everything and throws {@code failure} from {@code method}. */
    private static FlowableSubscriber<Integer> throwingFrom(String method, RuntimeException failure, List<String> seen) {
        return new FlowableSubscriber<>() {
            @Override
            public void onSubscribe(Subscription subscription) {
                seen.add("onSubscribe");
                if (method.equals("onSubscribe")) {
                    throw failure;
                }
                subscription.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(Integer item) {
                seen.add("onNext " + item);
                if (method.equals("onNext")) {
                    throw failure;
                }
            }

            @Override
            public void onError(Throwable error) {
                seen.add("onError");
                if (method.equals("onError")) {
                    throw failure;
                }
            }

            @Override
            public void onComplete() {
                seen.add("onComplete");
                if (method.equals("onComplete")) {
                    throw failure;
                }
            }
        };
    }

    @Test
    void aSubscriberThatThrowsFromOnSubscribeIsCancelledAndTheStreamClosedUnpolled() {
        IllegalStateException thrown = new IllegalStateException("onSubscribe threw");
        ProbeStream<Integer> probe = ProbeStream.of(1, 2);
        List<String> seen = new CopyOnWriteArrayList<>();
        FlowableBridge.toFlowable(() -> probe, runtime).subscribe(throwingFrom("onSubscribe", thrown, seen));
        assertSame(thrown, rxErrors.awaitOne());
        await().atMost(WAIT).until(probe::isClosed);
        assertEquals(0, probe.polls());
        assertEquals(List.of("onSubscribe"), seen);
    }

    @Test
    void aSubscriberThatThrowsFromOnNextIsCancelledAndTheStreamClosedOnce() {
        IllegalStateException thrown = new IllegalStateException("onNext threw");
        ProbeStream<Integer> probe = ProbeStream.of(1, 2, 3);
        List<String> seen = new CopyOnWriteArrayList<>();
        FlowableBridge.toFlowable(() -> probe, runtime).subscribe(throwingFrom("onNext", thrown, seen));
        assertSame(thrown, rxErrors.awaitOne());
        await().atMost(WAIT).until(probe::isClosed);
        assertEquals(1, probe.closes());
        assertEquals(List.of("onSubscribe", "onNext 1"), seen, "nothing after the throw");
    }

    @Test
    void aSubscriberThatThrowsFromOnErrorOrOnCompleteIsReported() {
        IllegalStateException fromError = new IllegalStateException("onError threw");
        List<String> seenError = new CopyOnWriteArrayList<>();
        FlowableBridge.<Integer>toFlowable(() -> Streams.failed(new IllegalArgumentException("stream failed")), runtime)
                .subscribe(throwingFrom("onError", fromError, seenError));
        assertSame(fromError, rxErrors.awaitOne());

        IllegalStateException fromComplete = new IllegalStateException("onComplete threw");
        List<String> seenComplete = new CopyOnWriteArrayList<>();
        FlowableBridge.toFlowable(() -> Streams.of(1), runtime).subscribe(throwingFrom("onComplete", fromComplete, seenComplete));
        assertEquals(List.of(fromError, fromComplete), rxErrors.awaitCount(2));
        assertEquals(List.of("onSubscribe", "onError"), seenError);
        assertEquals(List.of("onSubscribe", "onNext 1", "onComplete"), seenComplete);
    }

    @Test
    void requestZeroOrNegativeEndsTheSubscriptionWithIllegalArgumentExceptionAndClosesTheStream() {
        for (long bad : new long[] {0, -1}) {
            ProbeStream<Integer> probe = new ProbeStream<>();
            TestSubscriber<Integer> subscriber = FlowableBridge.toFlowable(() -> probe, runtime).test(0);
            subscriber.request(bad);
            subscriber.awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertError(IllegalArgumentException.class);
            await().atMost(WAIT).until(probe::isClosed);
            assertEquals(1, probe.closes());
        }
    }

    @Test
    void requestingLongMaxValueTwiceIsUnboundedNotAnOverflow() {
        TestSubscriber<Integer> subscriber = FlowableBridge.toFlowable(() -> Streams.of(1, 2, 3), runtime).test(0);
        subscriber.request(Long.MAX_VALUE);
        subscriber.request(Long.MAX_VALUE);
        subscriber.awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertResult(1, 2, 3);
    }

    @Test
    void cancellingTwiceClosesTheStreamOnce() {
        ProbeStream<Integer> probe = new ProbeStream<>();
        TestSubscriber<Integer> subscriber = FlowableBridge.toFlowable(() -> probe, runtime).test();
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        subscriber.cancel();
        subscriber.cancel();
        await().atMost(WAIT).until(probe::isClosed);
        assertEquals(1, probe.closes());
    }

    @Test
    void aStreamWhosePollThrowsOrYieldsNullFailsTheSubscriber() {
        IllegalStateException thrown = new IllegalStateException("pollNext threw");
        TestSubscriber<Integer> throwing = FlowableBridge.<Integer>toFlowable(() -> (PollStream<Integer>) cx -> {
            throw thrown;
        }, runtime).test();
        throwing.awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertError(error -> error == thrown);

        TestSubscriber<Integer> yieldsNull = FlowableBridge.<Integer>toFlowable(
                () -> (PollStream<Integer>) cx -> Poll.ready(null), runtime).test();
        yieldsNull.awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertError(NullPointerException.class);
        rxErrors.assertNone();
    }

    @Test
    void aStreamWhoseCloseThrowsAtItsEndStillCompletesAndTheCloseFailureIsReported() {
        IllegalStateException thrown = new IllegalStateException("close threw");
        PollStream<Integer> closeThrows = new PollStream<>() {
            private int next;

            @Override
            public Poll<Integer> pollNext(Context cx) {
                return next < 2 ? Poll.ready(next++) : Poll.done();
            }

            @Override
            public void close() {
                throw thrown;
            }
        };
        TestSubscriber<Integer> subscriber = FlowableBridge.toFlowable(() -> closeThrows, runtime).test();
        subscriber.awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertResult(0, 1);
        assertSame(thrown, rxErrors.awaitOne());
    }

    @Test
    void aStreamWhoseCloseThrowsOnCancelIsReported() {
        IllegalStateException thrown = new IllegalStateException("close threw");
        AtomicInteger closes = new AtomicInteger();
        TestSubscriber<Integer> subscriber = FlowableBridge.toFlowable(() -> new PollStream<Integer>() {
            @Override
            public Poll<Integer> pollNext(Context cx) {
                return Poll.pending();
            }

            @Override
            public void close() {
                closes.incrementAndGet();
                throw thrown;
            }
        }, runtime).test();
        subscriber.cancel();
        assertSame(thrown, rxErrors.awaitOne());
        assertEquals(1, closes.get());
        assertTrue(subscriber.values().isEmpty());
    }
}
