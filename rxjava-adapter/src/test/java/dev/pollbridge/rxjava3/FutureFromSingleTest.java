package dev.pollbridge.rxjava3;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.MockTask;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.core.SingleObserver;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import io.reactivex.rxjava3.subjects.SingleSubject;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link SingleBridge#toPollFuture(Single)}: the contract, plus what only a Single does. */
class FutureFromSingleTest extends SourceFutureContract {

    @Override
    Probe probe() {
        SingleSubject<String> subject = SingleSubject.create();
        return new Probe() {
            private Single<String> counted() {
                return subject.doOnSubscribe(d -> subscribed()).doOnDispose(disposals::incrementAndGet);
            }

            @Override
            PollFuture<?> future() {
                return SingleBridge.toPollFuture(counted());
            }

            @Override
            PollFuture<?> delayedFuture(TestScheduler scheduler) {
                return SingleBridge.toPollFuture(counted().delay(1, TimeUnit.SECONDS, scheduler));
            }

            @Override
            PollFuture<?> timeoutFuture(TestScheduler scheduler) {
                return SingleBridge.toPollFuture(Single.never().timeout(1, TimeUnit.SECONDS, scheduler));
            }

            @Override
            void succeed() {
                subject.onSuccess("v");
            }

            @Override
            void fail(Throwable error) {
                subject.onError(error);
            }

            @Override
            Object value() {
                return "v";
            }

            @Override
            boolean hasObservers() {
                return subject.hasObservers();
            }
        };
    }

    @Test
    void theValueIsPassedThroughThroughOperators() {
        try (MockTask<Integer> task = MockTask.spawn(SingleBridge.toPollFuture(Single.just("four").map(String::length)))) {
            assertReady(task.poll(), 4);
        }
    }

    @Test
    void closeRacingTheValueDisposesAtMostOnceAndReleasesALateValueStress() {
        try (Race race = new Race()) {
            race.repeat(index -> {
                SingleSubject<Resource> subject = SingleSubject.create();
                AtomicInteger disposals = new AtomicInteger();
                PollFuture<Resource> future = SingleBridge.toPollFuture(subject.doOnDispose(disposals::incrementAndGet));
                assertPending(future.poll(Context.of(() -> {})));
                Resource value = new Resource(index);
                return new Race.Round(future::close, () -> subject.onSuccess(value),
                        () -> assertDisposedAtMostOnceAndNothingLost(disposals.get(), value));
            });
        }
        rxErrors.assertNone();
    }

    /**
     * The source is disposed at most once; the value is released at most once; and if the source
     * was not disposed, the value reached the future, which had to release it: nothing is lost.
     * (Both may happen: a subject that already took its observer list delivers after a dispose.)
     */
    static void assertDisposedAtMostOnceAndNothingLost(int disposals, Resource value) {
        int closes = value.closes.get();
        assertTrue(disposals <= 1 && closes <= 1 && disposals + closes >= 1,
                () -> "disposals " + disposals + ", value closes " + closes);
    }

    @Test
    void aNullSingleIsRejectedAtOnce() {
        assertThrows(NullPointerException.class, () -> SingleBridge.toPollFuture((Single<String>) null));
    }

    @Test
    void aSingleThatThrowsFromSubscribeFailsTheFutureWithRxJavasWrapperAroundIt() {
        IllegalStateException thrown = new IllegalStateException("thrown by subscribeActual");
        Single<String> throwing = new Single<>() {
            @Override
            protected void subscribeActual(SingleObserver<? super String> observer) {
                throw thrown;
            }
        };
        try (MockTask<String> task = MockTask.spawn(SingleBridge.toPollFuture(throwing))) {
            NullPointerException wrapper = assertFailed(task.poll(), NullPointerException.class);
            assertTrue(wrapper.getCause() == thrown, "RxJava's subscribe wraps it: " + wrapper);
        }
    }
}
