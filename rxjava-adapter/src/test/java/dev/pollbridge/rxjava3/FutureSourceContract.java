package dev.pollbridge.rxjava3;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.runtime.TestRuntime;
import io.reactivex.rxjava3.disposables.Disposable;
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
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * What every future-to-RxJava direction ({@code toSingle}, {@code toMaybe}, {@code toCompletable})
 * must do, checked with RxJava's {@link TestObserver}. Subclasses say how to convert and what a
 * successful future's value {@code "v"} looks like to the observer.
 */
abstract class FutureSourceContract extends OnRuntime {

    FutureSourceContract() {
        super(2, "rx-test-");
    }

    /** Converts and subscribes; the returned observer has requested nothing special. */
    abstract <T> TestObserver<?> subscribe(Supplier<? extends PollFuture<? extends T>> factory, PollRuntime runtime);

    /** Adopts {@code handle}: each call of the result subscribes the same RxJava source once more. */
    abstract <T> Supplier<TestObserver<?>> adopt(JoinHandle<T> handle, PollRuntime runtime);

    /**
     * The form that takes the future itself, through the fluent {@code future.to(...)}
     * ({@code future.to(f -> SingleBridge.toSingle(f, runtime))}): each call of the result
     * subscribes the same RxJava source once more.
     */
    abstract <T> Supplier<TestObserver<?>> direct(PollFuture<T> future, PollRuntime runtime);

    /** Checks the observer saw what a future of {@code value} (non-null) turns into, and completed. */
    abstract void assertSucceeded(TestObserver<?> observer, Object value);

    @Test
    void aValueAndAnErrorArriveAsTheyAreOnARuntimeWorker() throws InterruptedException {
        AtomicReference<String> thread = new AtomicReference<>();
        TestObserver<?> ok = subscribe(() -> Futures.lazy(() -> {
            thread.set(Thread.currentThread().getName());
            return "v";
        }), runtime);
        ok.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertSucceeded(ok, "v");
        assertTrue(thread.get().startsWith("rx-test-"), thread.get());

        Exception checked = new Exception("checked");
        TestObserver<?> failed = subscribe(() -> Futures.failed(checked), runtime);
        failed.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        failed.assertError(error -> error == checked);
        rxErrors.assertNone();
    }

    @Test
    void eachSubscriptionSpawnsAFreshFuture() throws InterruptedException {
        AtomicInteger built = new AtomicInteger();
        Supplier<PollFuture<String>> factory = () -> {
            built.incrementAndGet();
            return Futures.ready("v");
        };
        assertEquals(0, built.get());
        for (int i = 1; i <= 3; i++) {
            TestObserver<?> observer = subscribe(factory, runtime);
            observer.await(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertSucceeded(observer, "v");
            assertEquals(i, built.get());
        }
    }

    /**
     * Reliability item 6: a factory that returns the same future again hands the second
     * subscription a future the first owned; that subscription fails with the rule and the fix.
     */
    @Test
    void aFactoryThatReturnsTheSameFutureAgainFailsTheSecondSubscriptionWithTheFix() throws InterruptedException {
        PollFuture<String> fetched = Futures.ready("v");
        TestObserver<?> first = subscribe(() -> fetched, runtime);
        first.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertSucceeded(first, "v");
        TestObserver<?> second = subscribe(() -> fetched, runtime);
        second.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        second.assertError(error -> error instanceof IllegalStateException
                && error.getMessage().contains("rule 11") && error.getMessage().contains("Supplier"));
        rxErrors.assertNone();
    }

    @Test
    void disposeAbortsTheTaskAndClosesTheFutureExactlyOnceWithNoSignalAfter() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        TestObserver<?> observer = subscribe(() -> probe, runtime);
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        observer.dispose();
        await().atMost(WAIT).until(probe::isClosed);
        assertTrue(probe.isCancelled());
        probe.complete("too late");
        runtime.close();
        assertEquals(1, probe.closes());
        observer.assertEmpty();
        rxErrors.assertNone();
    }

    @Test
    void aNeverCompletingFutureIsCancelledByADownstreamTimeoutOnATestScheduler() {
        TestScheduler scheduler = new TestScheduler();
        ProbeFuture<String> probe = new ProbeFuture<>();
        AtomicReference<TestObserver<?>> holder = new AtomicReference<>();
        holder.set(subscribeWithTimeout(() -> probe, runtime, scheduler));
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        holder.get().assertNotComplete();
        scheduler.advanceTimeBy(1, TimeUnit.SECONDS);
        holder.get().assertError(TimeoutException.class);
        await().atMost(WAIT).until(probe::isClosed);
        assertTrue(probe.isCancelled());
        assertEquals(1, probe.closes());
    }

    /** {@link #subscribe} with {@code timeout(1 s, scheduler)} after the conversion. */
    abstract <T> TestObserver<?> subscribeWithTimeout(Supplier<? extends PollFuture<? extends T>> factory, PollRuntime runtime,
            TestScheduler scheduler);

    @Test
    void aFactoryThatThrowsOrReturnsNullFailsTheSubscription() {
        IllegalArgumentException bad = new IllegalArgumentException("bad factory");
        subscribe(() -> {
            throw bad;
        }, runtime).assertError(error -> error == bad);
        subscribe(() -> null, runtime).assertError(NullPointerException.class);
    }

    @Test
    void aClosedRuntimeRejectsTheSubscriptionAndTheFutureIsClosedUnpolled() {
        PollRuntime closed = PollRuntime.builder().workers(1).build();
        closed.close();
        ProbeFuture<String> probe = new ProbeFuture<>();
        subscribe(() -> probe, closed).assertError(RejectedExecutionException.class);
        assertEquals(0, probe.polls());
        assertEquals(1, probe.closes());
    }

    @Test
    void runtimeShutdownFailsAPendingObserverWithCancellation() throws InterruptedException {
        PollRuntime doomed = PollRuntime.builder().workers(1).build();
        ProbeFuture<String> probe = new ProbeFuture<>();
        TestObserver<?> observer = subscribe(() -> probe, doomed);
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        doomed.close();
        observer.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        observer.assertError(CancellationException.class);
        assertEquals(1, probe.closes());
    }

    @Test
    void disposingInsideOnSubscribeNeverSpawnsAndClosesTheFuture() {
        TestRuntime deterministic = TestRuntime.create();
        ProbeFuture<String> probe = new ProbeFuture<>();
        TestObserver<?> observer = subscribeDisposingInOnSubscribe(() -> probe, deterministic.runtime());
        assertEquals(0, deterministic.runUntilIdle(), "no task was spawned");
        assertEquals(0, probe.polls());
        assertEquals(1, probe.closes());
        observer.assertEmpty();
        deterministic.close();
    }

    /** Subscribes an observer that disposes inside {@code onSubscribe}. */
    abstract <T> TestObserver<?> subscribeDisposingInOnSubscribe(Supplier<? extends PollFuture<? extends T>> factory,
            PollRuntime runtime);

    /**
     * The future fails while the observer disposes (deterministically: the dispose happens inside
     * the future's own poll): the error cannot be signalled, so it goes to RxJavaPlugins.onError.
     */
    @Test
    void anErrorProducedWhileTheObserverDisposesGoesToRxJavaPlugins() {
        TestRuntime deterministic = TestRuntime.create();
        IllegalStateException late = new IllegalStateException("failed as it was disposed");
        AtomicReference<Disposable> subscription = new AtomicReference<>();
        TestObserver<?> observer = subscribe(() -> (PollFuture<String>) cx -> {
            subscription.get().dispose();
            return Poll.failed(late);
        }, deterministic.runtime());
        subscription.set(observer);
        deterministic.runUntilIdle();
        observer.assertEmpty();
        assertSame(late, rxErrors.awaitOne());
        deterministic.close();
    }

    @Test
    void adoptingAJoinHandleRelaysItsResultOnceAndDisposeDetaches() throws InterruptedException {
        JoinHandle<String> handle = runtime.spawn(Futures.lazy(() -> "v"));
        Supplier<TestObserver<?>> adopted = adopt(handle, runtime);
        TestObserver<?> first = adopted.get();
        first.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertSucceeded(first, "v");
        adopted.get().assertError(IllegalStateException.class); // at once: a handle has one owner

        ProbeFuture<String> probe = new ProbeFuture<>();
        JoinHandle<String> running = runtime.spawn(probe);
        TestObserver<?> relay = adopt(running, runtime).get();
        await().atMost(WAIT).until(() -> probe.polls() > 0);
        relay.dispose();
        probe.complete("finished anyway");
        await().atMost(WAIT).until(running::isFinished);
        assertFalse(probe.isCancelled(), "dispose detaches: the adopted task runs on");
        assertEquals(1, probe.closes());
        relay.assertEmpty();
    }

    @Test
    void theFormThatTakesTheFutureIsSingleUseAndItsRefusalNamesTheSupplierForm() throws InterruptedException {
        Supplier<TestObserver<?>> source = direct(Futures.lazy(() -> "v"), runtime);
        TestObserver<?> first = source.get();
        first.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertSucceeded(first, "v");
        TestObserver<?> second = source.get();
        second.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        second.assertError(error -> error instanceof IllegalStateException
                && error.getMessage().contains("can be subscribed to only once")
                && error.getMessage().contains("(() -> buildTheFuture())"));
    }

    @Test
    void disposingTheFormThatTakesTheFutureClosesTheFutureOnce() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        TestObserver<?> observer = direct(probe, runtime).get();
        await().atMost(WAIT).until(probe::hasWaker);
        observer.dispose();
        await().atMost(WAIT).until(() -> probe.closes() == 1);
        assertTrue(probe.isCancelled());
        observer.assertEmpty();
    }

    @Test
    void anAdoptedTaskAbortedByItsOwnerFailsWithCancellation() throws InterruptedException {
        JoinHandle<String> handle = runtime.spawn(new ProbeFuture<>());
        TestObserver<?> observer = adopt(handle, runtime).get();
        handle.abort();
        observer.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        observer.assertError(CancellationException.class);
    }

    /**
     * Dispose races the future's completion on a real two-worker runtime, 10,000 times: the future
     * is closed exactly once, the observer gets the value or nothing (never an error), and a value
     * that was not delivered is released.
     */
    @Test
    void disposeRacingCompletionClosesTheFutureExactlyOnceStress() {
        List<ProbeFuture<Resource>> probes = new ArrayList<>();
        List<Resource> values = new ArrayList<>();
        List<TestObserver<?>> observers = new ArrayList<>();
        try (Race race = new Race()) {
            race.repeat(index -> {
                ProbeFuture<Resource> probe = new ProbeFuture<>();
                Resource value = new Resource(index);
                TestObserver<?> observer = subscribe(() -> probe, runtime);
                probes.add(probe);
                values.add(value);
                observers.add(observer);
                return new Race.Round(observer::dispose, () -> probe.complete(value), () -> {});
            });
        }
        await().atMost(WAIT).until(() -> probes.stream().allMatch(ProbeFuture::isClosed));
        for (int i = 0; i < probes.size(); i++) {
            assertEquals(1, probes.get(i).closes(), "the future is closed exactly once");
            assertEquals(0, probes.get(i).pollsAfterReady());
            TestObserver<?> observer = observers.get(i);
            observer.assertNoErrors();
            Resource value = values.get(i);
            assertTrue(value.closes.get() <= 1, "released at most once");
            if (!observer.values().isEmpty()) {
                assertEquals(0, value.closes.get(), "a delivered value is the observer's, not released");
            }
        }
        rxErrors.assertNone();
    }

}
