package dev.pollbridge.rxjava3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.test.MockTask;
import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.CompletableObserver;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.MaybeObserver;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Observer;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.core.SingleObserver;
import io.reactivex.rxjava3.exceptions.UndeliverableException;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.subscribers.TestSubscriber;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * JVM-fatal errors (RxJava's {@code Exceptions.throwIfFatal} set: {@code VirtualMachineError},
 * {@code LinkageError}, {@code ThreadDeath}), in every direction, by the rule of
 * {@code docs/reliability.md}: on the caller's own stack they propagate, as RxJava's
 * {@code subscribe} throws them; in the adapter's task they go to {@code RxJavaPlugins.onError}
 * (which wraps them in an {@code UndeliverableException}), once, the observer gets
 * {@code onError} with the same instance so it does not wait forever, and they never reach a
 * runtime worker or the runtime's uncaught-failure handler (checked after every test by
 * {@link OnRuntime}, with a one-worker runtime that must still run a task).
 *
 * <p>Issue 24, item 12: a {@code LinkageError} from a {@code Single}, {@code Maybe},
 * {@code Completable} or {@code Observable} subscribe, bridged back into RxJava, was rethrown into
 * the worker by {@code FutureDriver}/{@code StreamDriver} and reached the runtime's handler, and
 * the observer got a misleading {@code CancellationException}.
 */
class FatalErrorsTest extends OnRuntime {

    FatalErrorsTest() {
        super(1, "rx-fatal-");
    }

    private static LinkageError linkageError() {
        return new NoClassDefFoundError("com/example/Missing (a LinkageError, as a broken class path gives)");
    }

    /** A Single whose subscribe throws {@code fatal}, as a broken class path makes it. */
    private static <T> Single<T> singleThatThrows(Error fatal) {
        return new Single<T>() {
            @Override
            protected void subscribeActual(SingleObserver<? super T> observer) {
                throw fatal;
            }
        };
    }

    private static <T> Maybe<T> maybeThatThrows(Error fatal) {
        return new Maybe<T>() {
            @Override
            protected void subscribeActual(MaybeObserver<? super T> observer) {
                throw fatal;
            }
        };
    }

    private static Completable completableThatThrows(Error fatal) {
        return new Completable() {
            @Override
            protected void subscribeActual(CompletableObserver observer) {
                throw fatal;
            }
        };
    }

    private static <T> Observable<T> observableThatThrows(Error fatal) {
        return new Observable<T>() {
            @Override
            protected void subscribeActual(Observer<? super T> observer) {
                throw fatal;
            }
        };
    }

    /** What RxJavaPlugins got, exactly once: {@code fatal}, wrapped as RxJava wraps it. */
    private void assertReportedOnceToRxJavaPlugins(Throwable fatal) {
        List<Throwable> raw = rxErrors.awaitCount(1);
        UndeliverableException wrapped = assertInstanceOf(UndeliverableException.class, rxErrors.raw().get(0));
        assertSame(fatal, wrapped.getCause());
        assertEquals(List.of(fatal), raw);
    }

    private void assertFailsObserverAndReportsOnce(TestObserver<?> observer, Throwable fatal) throws InterruptedException {
        observer.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        observer.assertError(error -> error == fatal);
        assertReportedOnceToRxJavaPlugins(fatal);
    }

    // ---- RxJava -> future, on the poller's stack: the error propagates, as RxJava's subscribe throws it ----

    @Test
    void aSubscribeThatThrowsALinkageErrorPropagatesToTheThreadThatPolls() {
        LinkageError fatal = linkageError();
        for (Supplier<PollFuture<?>> future : List.<Supplier<PollFuture<?>>>of(
                () -> SingleBridge.toPollFuture(singleThatThrows(fatal)), () -> MaybeBridge.toPollFuture(maybeThatThrows(fatal)),
                () -> CompletableBridge.toPollFuture(completableThatThrows(fatal)))) {
            try (MockTask<?> task = MockTask.spawn(future.get())) {
                assertSame(fatal, assertThrows(LinkageError.class, task::poll));
            }
        }
        try (PollStream<Object> stream = ObservableBridge.toPollStream(observableThatThrows(fatal), ObservableOverflow.error(4))) {
            assertSame(fatal, assertThrows(LinkageError.class, () -> stream.pollNext(Context.of(() -> {}))));
        }
    }

    // ---- ... and the same sources bridged back into RxJava: the adapter's task catches it ----

    @Test
    void aLinkageErrorFromASingleMaybeOrCompletableSubscribeBridgedBackGoesToRxJavaPlugins() throws InterruptedException {
        LinkageError single = linkageError();
        assertFailsObserverAndReportsOnce(SingleBridge.toSingle(() -> SingleBridge.toPollFuture(
                singleThatThrows(single)), runtime).test(), single);
        rxErrors.clear();

        LinkageError maybe = linkageError();
        assertFailsObserverAndReportsOnce(MaybeBridge.toMaybe(() -> MaybeBridge.toPollFuture(
                maybeThatThrows(maybe)), runtime).test(), maybe);
        rxErrors.clear();

        LinkageError completable = linkageError();
        assertFailsObserverAndReportsOnce(CompletableBridge.toCompletable(() -> CompletableBridge.toPollFuture(
                completableThatThrows(completable)), runtime).test(), completable);
    }

    @Test
    void aLinkageErrorFromAnObservableSubscribeBridgedBackGoesToRxJavaPlugins() throws InterruptedException {
        LinkageError fatal = linkageError();
        assertFailsObserverAndReportsOnce(ObservableBridge.toObservable(() -> ObservableBridge.toPollStream(
                observableThatThrows(fatal), ObservableOverflow.error(4)), runtime).test(), fatal);
    }

    @Test
    void aStackOverflowFromAFutureOrAStreamGoesToRxJavaPluginsInEveryDirection() throws InterruptedException {
        StackOverflowError toSingle = new StackOverflowError("deep");
        PollFuture<String> overflowing = cx -> {
            throw toSingle;
        };
        assertFailsObserverAndReportsOnce(SingleBridge.toSingle(() -> overflowing, runtime).test(), toSingle);
        rxErrors.clear();

        StackOverflowError toObservable = new StackOverflowError("deep stream");
        PollStream<String> overflowingStream = cx -> {
            throw toObservable;
        };
        assertFailsObserverAndReportsOnce(ObservableBridge.toObservable(() -> overflowingStream, runtime).test(), toObservable);
        rxErrors.clear();

        StackOverflowError toFlowable = new StackOverflowError("deep flowable");
        PollStream<String> overflowingFlowable = cx -> {
            throw toFlowable;
        };
        TestSubscriber<String> subscriber = FlowableBridge.toFlowable(() -> overflowingFlowable, runtime).test();
        subscriber.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        subscriber.assertError(error -> error == toFlowable);
        assertReportedOnceToRxJavaPlugins(toFlowable);
    }

    @Test
    void aFatalErrorAfterTheObserverDisposedIsReportedOnceAndSignalledToNobody() {
        LinkageError fatal = linkageError();
        CountDownLatch polled = new CountDownLatch(1);
        TestObserver<String> observer = new TestObserver<>();
        PollFuture<String> failingAsDisposed = cx -> {
            observer.dispose();
            polled.countDown();
            throw fatal;
        };
        SingleBridge.toSingle(() -> failingAsDisposed, runtime).subscribe(observer);
        assertReportedOnceToRxJavaPlugins(fatal);
        observer.assertNoErrors();
    }

    @Test
    void anObserverOrAScheduledRunnableThatThrowsAFatalErrorIsReportedToRxJavaPlugins() {
        LinkageError fromObserver = linkageError();
        SingleBridge.toSingle(() -> Futures.ready("v"), runtime).subscribe(value -> {
            throw fromObserver;
        }, error -> { });
        await().atMost(WAIT).until(() -> rxErrors.errors().size() == 1);
        assertSame(fromObserver, rxErrors.errors().get(0));
        rxErrors.clear();

        LinkageError fromRunnable = linkageError();
        RxJavaBridge.scheduler(runtime).scheduleDirect(() -> {
            throw fromRunnable;
        });
        assertReportedOnceToRxJavaPlugins(fromRunnable);
    }
}
