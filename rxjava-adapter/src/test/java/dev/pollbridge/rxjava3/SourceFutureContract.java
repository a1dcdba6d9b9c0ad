package dev.pollbridge.rxjava3;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.MockTask;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.core.SingleObserver;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What every RxJava-to-future direction ({@code toPollFuture} of a Single, a Maybe, a Completable)
 * must do, checked against a hot source the test signals by hand (an RxJava subject). Subclasses
 * say how to build and signal the source and what the future yields.
 */
abstract class SourceFutureContract {

    @RegisterExtension
    final RxErrors rxErrors = new RxErrors();

    /** A source signalled by hand, its subscriptions and disposals counted with doOnSubscribe/doOnDispose. */
    abstract static class Probe {
        final AtomicInteger subscriptions = new AtomicInteger();
        final AtomicInteger disposals = new AtomicInteger();
        final AtomicReference<Thread> subscribedOn = new AtomicReference<>();

        /** For the source's {@code doOnSubscribe}: counts and records the subscribing thread. */
        void subscribed() {
            subscriptions.incrementAndGet();
            subscribedOn.set(Thread.currentThread());
        }

        /** {@code toPollFuture} of the counted source. */
        abstract PollFuture<?> future();

        /** {@code toPollFuture} of the source, delayed on {@code scheduler}. */
        abstract PollFuture<?> delayedFuture(TestScheduler scheduler);

        /** {@code toPollFuture} of a never-signalling source with {@code timeout} on {@code scheduler}. */
        abstract PollFuture<?> timeoutFuture(TestScheduler scheduler);

        /** Signals success with {@link #value()} (or completion). */
        abstract void succeed();

        abstract void fail(Throwable error);

        /** What the future is ready with after {@link #succeed()}. */
        abstract Object value();

        /** True while the subject has subscribers. */
        abstract boolean hasObservers();
    }

    abstract Probe probe();

    @Test
    void buildingSubscribesNothingAndTheFirstPollSubscribesOnThePollingThread() {
        Probe probe = probe();
        PollFuture<?> future = probe.future();
        assertEquals(0, probe.subscriptions.get());
        try (MockTask<?> task = MockTask.spawn(future)) {
            assertPending(task.poll());
            assertEquals(1, probe.subscriptions.get());
            assertSame(Thread.currentThread(), probe.subscribedOn.get());
            assertPending(task.poll());
            assertEquals(1, probe.subscriptions.get(), "subscribed once");
            probe.succeed();
            assertTrue(task.isWoken());
            assertReady(task.poll(), cast(probe.value()));
        }
        assertEquals(0, probe.disposals.get(), "nothing to dispose after the end");
        rxErrors.assertNone();
    }

    @Test
    void aSignalInsideSubscribeIsReadyOnTheFirstPoll() {
        Probe probe = probe();
        probe.succeed();
        try (MockTask<?> task = MockTask.spawn(probe.future())) {
            assertReady(task.poll(), cast(probe.value()));
        }
    }

    @Test
    void closeBeforeTheFirstPollNeverSubscribes() {
        Probe probe = probe();
        PollFuture<?> future = probe.future();
        future.close();
        assertEquals(0, probe.subscriptions.get());
        assertThrows(IllegalStateException.class, () -> future.poll(Context.of(() -> {})));
    }

    @Test
    void theLatestWakerIsWokenByASignalFromAnotherThread() throws InterruptedException {
        Probe probe = probe();
        PollFuture<?> future = probe.future();
        CountingWaker first = new CountingWaker();
        CountingWaker second = new CountingWaker();
        assertPending(future.poll(Context.of(first)));
        assertPending(future.poll(Context.of(second)));
        Thread signaller = new Thread(probe::succeed);
        signaller.start();
        signaller.join();
        assertEquals(0, first.count());
        assertEquals(1, second.count());
        assertReady(future.poll(Context.of(second)), cast(probe.value()));
        future.close();
    }

    @Test
    void aSignalDelayedOnATestSchedulerArrivesWhenItsTimeComes() {
        TestScheduler scheduler = new TestScheduler();
        Probe probe = probe();
        probe.succeed();
        try (MockTask<?> task = MockTask.spawn(probe.delayedFuture(scheduler))) {
            assertPending(task.poll());
            scheduler.advanceTimeBy(999, TimeUnit.MILLISECONDS);
            assertEquals(0, task.wakeCount());
            scheduler.advanceTimeBy(1, TimeUnit.MILLISECONDS);
            assertEquals(1, task.wakeCount());
            assertReady(task.poll(), cast(probe.value()));
        }
    }

    @Test
    void anUpstreamTimeoutFailsWithRxJavasTimeoutException() {
        TestScheduler scheduler = new TestScheduler();
        try (MockTask<?> task = MockTask.spawn(probe().timeoutFuture(scheduler))) {
            assertPending(task.poll());
            scheduler.advanceTimeBy(1, TimeUnit.SECONDS);
            assertFailed(task.poll(), TimeoutException.class);
        }
    }

    @Test
    void errorsArePassedThroughAsTheSameInstance() {
        IllegalArgumentException boom = new IllegalArgumentException("boom");
        Probe probe = probe();
        try (MockTask<?> task = MockTask.spawn(probe.future())) {
            assertPending(task.poll());
            probe.fail(boom);
            assertSame(boom, assertFailed(task.poll(), IllegalArgumentException.class));
        }
        Exception checked = new Exception("checked");
        Probe second = probe();
        second.fail(checked);
        try (MockTask<?> task = MockTask.spawn(second.future())) {
            assertSame(checked, assertFailed(task.poll(), Exception.class));
        }
        rxErrors.assertNone();
    }

    @Test
    void aNeverSignallingSourceStaysPendingAndCloseDisposesItExactlyOnce() {
        Probe probe = probe();
        PollFuture<?> future = probe.future();
        MockTask<?> task = MockTask.spawn(future);
        for (int i = 0; i < 3; i++) {
            assertPending(task.poll());
        }
        assertTrue(probe.hasObservers());
        task.close();
        future.close();
        future.close();
        assertEquals(1, probe.disposals.get());
        assertTrue(!probe.hasObservers());
        assertEquals(0, task.wakeCount());
        assertThrows(IllegalStateException.class, () -> future.poll(Context.of(() -> {})));
    }

    @Test
    void anErrorAfterCloseGoesToRxJavaPluginsAsTheSameInstance() {
        AtomicReference<SingleObserver<? super String>> observer = new AtomicReference<>();
        Single<String> raw = new Single<>() {
            @Override
            protected void subscribeActual(SingleObserver<? super String> actual) {
                actual.onSubscribe(new CountingDisposable()); // a source that ignores dispose
                observer.set(actual);
            }
        };
        PollFuture<String> future = SingleBridge.toPollFuture(raw);
        assertPending(future.poll(Context.of(() -> {})));
        future.close();
        IllegalStateException late = new IllegalStateException("late");
        observer.get().onError(late);
        assertSame(late, rxErrors.awaitOne());
    }

    @Test
    void pollAfterReadyThrows() {
        Probe probe = probe();
        probe.succeed();
        PollFuture<?> future = probe.future();
        Context cx = Context.of(() -> {});
        assertReady(future.poll(cx), cast(probe.value()));
        assertThrows(IllegalStateException.class, () -> future.poll(cx));
        future.close();
    }

    /**
     * Close races the source's signal: the source is disposed at most once, and exactly when the
     * close came first; a poll racing the signal never loses its wake-up.
     */
    @Test
    void closeAndPollRacingTheSignalStress() {
        try (Race race = new Race()) {
            int rounds = race.repeat(index -> {
                Probe probe = probe();
                PollFuture<?> future = probe.future();
                CountingWaker waker = new CountingWaker();
                assertPending(future.poll(Context.of(waker)));
                if (index % 2 == 0) {
                    return new Race.Round(future::close, probe::succeed, () -> {
                        int disposals = probe.disposals.get();
                        assertTrue(disposals <= 1, "disposed " + disposals + " times");
                    });
                }
                AtomicReference<Poll<?>> raced = new AtomicReference<>();
                return new Race.Round(() -> raced.set(future.poll(Context.of(waker))), probe::succeed, () -> {
                    if (raced.get().isPending()) {
                        assertTrue(waker.count() > 0, "a signal after a pending poll must wake");
                        assertReady(future.poll(Context.of(waker)), cast(probe.value()));
                    } else {
                        assertReady(cast(raced.get()), cast(probe.value()));
                    }
                    future.close();
                    assertEquals(0, probe.disposals.get());
                });
            });
            assertTrue(rounds > 0);
        }
        rxErrors.assertNone();
    }

    @SuppressWarnings("unchecked")
    static <T> T cast(Object value) {
        return (T) value;
    }
}
