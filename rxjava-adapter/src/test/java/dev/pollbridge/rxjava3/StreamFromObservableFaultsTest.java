package dev.pollbridge.rxjava3;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.test.MockStreamTask;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Observer;
import io.reactivex.rxjava3.exceptions.ProtocolViolationException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The fault catalogue of {@code ObservableBridge.toPollStream(Observable, overflow)}: an Observable that breaks the
 * observer protocol (nulls, signals after its end, two onSubscribes, signals from two threads at
 * once), a {@code dispose()} that throws, a waker that throws.
 */
class StreamFromObservableFaultsTest {

    @RegisterExtension
    final RxErrors rxErrors = new RxErrors();

    /** A raw Observable whose subscribeActual runs {@code body} with the stream's observer. */
    private static Observable<Integer> raw(Consumer<Observer<? super Integer>> body) {
        return new Observable<>() {
            @Override
            protected void subscribeActual(Observer<? super Integer> observer) {
                body.accept(observer);
            }
        };
    }

    private static PollStream<Integer> streamOf(Consumer<Observer<? super Integer>> body) {
        return ObservableBridge.toPollStream(raw(body), ObservableOverflow.error(8));
    }

    @Test
    void nullSignalsFailTheStreamAndDisposeTheObservableOnce() {
        for (int which = 0; which < 3; which++) {
            CountingDisposable upstream = new CountingDisposable();
            int fault = which;
            try (MockStreamTask<Integer> task = MockStreamTask.spawn(streamOf(observer -> {
                if (fault == 0) {
                    observer.onSubscribe(null);
                    return;
                }
                observer.onSubscribe(upstream);
                observer.onNext(1);
                if (fault == 1) {
                    observer.onNext(null);
                } else {
                    observer.onError(null);
                }
            }))) {
                if (fault != 0) {
                    assertReady(task.pollNext(), 1);
                }
                assertFailed(task.pollNext(), NullPointerException.class);
            }
            assertEquals(fault == 0 ? 0 : 1, upstream.disposals.get());
        }
        rxErrors.assertNone();
    }

    @Test
    void signalsAfterTheEndGoToRxJavaPluginsAndTheStreamEndsNormally() {
        IllegalStateException late = new IllegalStateException("error after complete");
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(streamOf(observer -> {
            observer.onSubscribe(new CountingDisposable());
            observer.onNext(1);
            observer.onComplete();
            observer.onNext(2);
            observer.onComplete();
            observer.onError(late);
        }))) {
            assertEquals(List.of(1), task.drainToDone());
        }
        List<Throwable> errors = rxErrors.awaitCount(3);
        assertInstanceOf(ProtocolViolationException.class, errors.get(0));
        assertInstanceOf(ProtocolViolationException.class, errors.get(1));
        assertSame(late, errors.get(2));
    }

    @Test
    void aSecondOnSubscribeIsReportedAndOnlyADifferentDisposableIsDisposed() {
        CountingDisposable first = new CountingDisposable();
        CountingDisposable second = new CountingDisposable();
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(streamOf(observer -> {
            observer.onSubscribe(first);
            observer.onSubscribe(first);
            observer.onSubscribe(second);
            observer.onNext(1);
            observer.onComplete();
        }))) {
            assertEquals(List.of(1), task.drainToDone());
        }
        assertEquals(0, first.disposals.get(), "the live Disposable passed again is left alone");
        assertEquals(1, second.disposals.get());
        List<Throwable> errors = rxErrors.awaitCount(2);
        assertTrue(errors.stream().allMatch(ProtocolViolationException.class::isInstance), errors.toString());
    }

    @Test
    void anObservableThatNeverCallsOnSubscribeIsStillHeard() {
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(streamOf(observer -> {
            observer.onNext(1);
            observer.onComplete();
        }))) {
            assertEquals(List.of(1), task.drainToDone());
        }
        rxErrors.assertNone();
    }

    @Test
    void aSubscribeThatThrowsFailsTheStreamAndRxJavaReportsTheOriginalOnce() {
        IllegalStateException thrown = new IllegalStateException("subscribeActual threw");
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(streamOf(observer -> {
            throw thrown;
        }))) {
            NullPointerException wrapper = assertFailed(task.pollNext(), NullPointerException.class);
            assertSame(thrown, wrapper.getCause());
        }
        assertSame(thrown, rxErrors.awaitOne());
    }

    @Test
    void aDisposeThatThrowsIsReportedAndCloseDoesNotThrow() {
        IllegalStateException thrown = new IllegalStateException("dispose threw");
        CountingDisposable upstream = new CountingDisposable(thrown);
        PollStream<Integer> stream = streamOf(observer -> observer.onSubscribe(upstream));
        assertPending(stream.pollNext(Context.of(() -> {})));
        stream.close();
        stream.close();
        assertEquals(1, upstream.disposals.get());
        assertSame(thrown, rxErrors.awaitOne());
    }

    @Test
    void aWakerThatThrowsIsReportedNotThrownIntoTheObservable() {
        AtomicReference<Observer<? super Integer>> captured = new AtomicReference<>();
        PollStream<Integer> stream = streamOf(observer -> {
            captured.set(observer);
            observer.onSubscribe(new CountingDisposable());
        });
        IllegalStateException thrown = new IllegalStateException("waker threw");
        assertPending(stream.pollNext(Context.of(() -> {
            throw thrown;
        })));
        captured.get().onNext(1);
        assertSame(thrown, rxErrors.awaitOne());
        assertReady(stream.pollNext(Context.of(() -> {})), 1);
        stream.close();
    }

    /**
     * Two threads call onNext at once (the observer contract forbids it): the ownership check
     * catches it, the stream fails with a ProtocolViolationException and the Observable is
     * disposed; the single-producer buffer is never corrupted. Bounded in attempts and time.
     */
    @Test
    void signalsFromTwoThreadsAtOnceFailTheStreamWithAProtocolViolation() throws InterruptedException {
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(10).toNanos();
        boolean caught = false;
        for (int attempt = 0; attempt < 200 && !caught && System.nanoTime() < deadline; attempt++) {
            CountingDisposable upstream = new CountingDisposable();
            AtomicReference<Observer<? super Integer>> captured = new AtomicReference<>();
            PollStream<Integer> stream = ObservableBridge.toPollStream(raw(observer -> {
                captured.set(observer);
                observer.onSubscribe(upstream);
            }), ObservableOverflow.dropOldest(4));
            assertPending(stream.pollNext(Context.of(() -> {})));
            CountDownLatch start = new CountDownLatch(1);
            Runnable flood = () -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < 20_000; i++) {
                    captured.get().onNext(i);
                }
            };
            Thread one = new Thread(flood);
            Thread two = new Thread(flood);
            one.start();
            two.start();
            start.countDown();
            one.join();
            two.join();
            Poll<Integer> end;
            do {
                end = stream.pollNext(Context.of(() -> {}));
            } while (end.isReady());
            if (end.isFailed()) {
                assertInstanceOf(ProtocolViolationException.class, end.error());
                assertEquals(1, upstream.disposals.get());
                caught = true;
            } else {
                assertPending(end); // the two floods never overlapped this time
            }
            stream.close();
        }
        assertTrue(caught, "two overlapping floods were never caught");
        rxErrors.errors().forEach(error -> assertInstanceOf(ProtocolViolationException.class, error));
    }
}
