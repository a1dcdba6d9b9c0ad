package dev.pollbridge.rxjava3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.test.ProbeStream;
import io.reactivex.rxjava3.core.Observer;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.observers.TestObserver;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The fault catalogue of {@code toObservable}: an observer that throws from each method, a stream
 * whose {@code pollNext} or {@code close} throws or that yields {@code null}, a double dispose. On
 * a one-worker runtime that must still run tasks afterwards.
 */
class ObservableFromStreamFaultsTest extends OnRuntime {

    ObservableFromStreamFaultsTest() {
        super(1, "observable-faults-");
    }

    private static Observer<Integer> throwingFrom(String method, RuntimeException failure, List<String> seen,
            AtomicReference<Disposable> disposable) {
        return new Observer<>() {
            @Override
            public void onSubscribe(Disposable d) {
                disposable.set(d);
                seen.add("onSubscribe");
                if (method.equals("onSubscribe")) {
                    throw failure;
                }
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
    void anObserverThatThrowsFromOnSubscribeGetsNothingAndTheStreamIsClosedUnpolled() {
        IllegalStateException thrown = new IllegalStateException("onSubscribe threw");
        ProbeStream<Integer> probe = ProbeStream.of(1);
        List<String> seen = new CopyOnWriteArrayList<>();
        ObservableBridge.toObservable(() -> probe, runtime).subscribe(throwingFrom("onSubscribe", thrown, seen, new AtomicReference<>()));
        assertSame(thrown, rxErrors.awaitOne());
        assertEquals(0, probe.polls());
        assertEquals(1, probe.closes());
        assertEquals(List.of("onSubscribe"), seen);
    }

    @Test
    void anObserverThatThrowsFromOnNextIsDisposedAndTheStreamClosedOnce() {
        IllegalStateException thrown = new IllegalStateException("onNext threw");
        ProbeStream<Integer> probe = ProbeStream.of(1, 2, 3);
        List<String> seen = new CopyOnWriteArrayList<>();
        AtomicReference<Disposable> disposable = new AtomicReference<>();
        ObservableBridge.toObservable(() -> probe, runtime).subscribe(throwingFrom("onNext", thrown, seen, disposable));
        assertSame(thrown, rxErrors.awaitOne());
        await().atMost(WAIT).until(probe::isClosed);
        assertEquals(1, probe.closes());
        assertEquals(List.of("onSubscribe", "onNext 1"), seen);
        assertEquals(true, disposable.get().isDisposed());
    }

    @Test
    void anObserverThatThrowsFromOnErrorOrOnCompleteIsReported() {
        IllegalStateException fromError = new IllegalStateException("onError threw");
        ObservableBridge.<Integer>toObservable(() -> Streams.failed(new IllegalArgumentException("failed")), runtime)
                .subscribe(throwingFrom("onError", fromError, new CopyOnWriteArrayList<>(), new AtomicReference<>()));
        assertSame(fromError, rxErrors.awaitOne());
        IllegalStateException fromComplete = new IllegalStateException("onComplete threw");
        ObservableBridge.toObservable(() -> Streams.of(1), runtime)
                .subscribe(throwingFrom("onComplete", fromComplete, new CopyOnWriteArrayList<>(), new AtomicReference<>()));
        assertEquals(List.of(fromError, fromComplete), rxErrors.awaitCount(2));
    }

    @Test
    void aStreamWhosePollThrowsOrYieldsNullFailsTheObserver() {
        IllegalStateException thrown = new IllegalStateException("pollNext threw");
        TestObserver<Integer> throwing = ObservableBridge.<Integer>toObservable(() -> (PollStream<Integer>) cx -> {
            throw thrown;
        }, runtime).test();
        throwing.awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertError(error -> error == thrown);
        TestObserver<Integer> yieldsNull = ObservableBridge.<Integer>toObservable(
                () -> (PollStream<Integer>) cx -> Poll.ready(null), runtime).test();
        yieldsNull.awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertError(NullPointerException.class);
        rxErrors.assertNone();
    }

    @Test
    void aStreamWhoseCloseThrowsAtItsEndStillCompletesAndTheCloseFailureIsReported() {
        IllegalStateException thrown = new IllegalStateException("close threw");
        PollStream<Integer> closeThrows = new PollStream<>() {
            private boolean emitted;

            @Override
            public Poll<Integer> pollNext(Context cx) {
                if (emitted) {
                    return Poll.done();
                }
                emitted = true;
                return Poll.ready(7);
            }

            @Override
            public void close() {
                throw thrown;
            }
        };
        TestObserver<Integer> observer = ObservableBridge.toObservable(() -> closeThrows, runtime).test();
        observer.awaitDone(WAIT.toSeconds(), TimeUnit.SECONDS).assertResult(7);
        assertSame(thrown, rxErrors.awaitOne());
    }

    @Test
    void disposingTwiceClosesTheStreamOnce() {
        ProbeStream<Integer> probe = new ProbeStream<>();
        TestObserver<Integer> observer = ObservableBridge.toObservable(() -> probe, runtime).test();
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        observer.dispose();
        observer.dispose();
        await().atMost(WAIT).until(probe::isClosed);
        assertEquals(1, probe.closes());
        rxErrors.assertNone();
    }
}
