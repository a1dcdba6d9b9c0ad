package dev.pollbridge.rxjava3;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.MockTask;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import io.reactivex.rxjava3.subjects.MaybeSubject;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link MaybeBridge#toPollFuture(Maybe)} and {@link MaybeBridge#toOptionalPollFuture}: the contract, plus empty. */
class FutureFromMaybeTest extends SourceFutureContract {

    @Override
    Probe probe() {
        MaybeSubject<String> subject = MaybeSubject.create();
        return new Probe() {
            private Maybe<String> counted() {
                return subject.doOnSubscribe(d -> subscribed()).doOnDispose(disposals::incrementAndGet);
            }

            @Override
            PollFuture<?> future() {
                return MaybeBridge.toPollFuture(counted());
            }

            @Override
            PollFuture<?> delayedFuture(TestScheduler scheduler) {
                return MaybeBridge.toPollFuture(counted().delay(1, TimeUnit.SECONDS, scheduler));
            }

            @Override
            PollFuture<?> timeoutFuture(TestScheduler scheduler) {
                return MaybeBridge.toPollFuture(Maybe.never().timeout(1, TimeUnit.SECONDS, scheduler));
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
    void anEmptyMaybeYieldsNullAndOptionalEmpty() {
        try (MockTask<Object> task = MockTask.spawn(MaybeBridge.toPollFuture(Maybe.empty()))) {
            assertReady(task.poll(), null);
        }
        try (MockTask<Optional<String>> task = MockTask.spawn(MaybeBridge.toOptionalPollFuture(Maybe.<String>empty()))) {
            assertReady(task.poll(), Optional.empty());
        }
        try (MockTask<Optional<String>> task = MockTask.spawn(MaybeBridge.toOptionalPollFuture(Maybe.just("v")))) {
            assertReady(task.poll(), Optional.of("v"));
        }
        rxErrors.assertNone();
    }

    @Test
    void anAsynchronousEmptyCompletionWakesAndYieldsNull() {
        MaybeSubject<String> subject = MaybeSubject.create();
        try (MockTask<String> task = MockTask.spawn(MaybeBridge.toPollFuture(subject))) {
            assertPending(task.poll());
            subject.onComplete();
            assertEquals(1, task.wakeCount());
            assertReady(task.poll(), null);
        }
    }

    @Test
    void closeRacingTheValueDisposesAtMostOnceAndReleasesALateValueStress() {
        try (Race race = new Race()) {
            race.repeat(index -> {
                MaybeSubject<Resource> subject = MaybeSubject.create();
                AtomicInteger disposals = new AtomicInteger();
                PollFuture<Resource> future = MaybeBridge.toPollFuture(subject.doOnDispose(disposals::incrementAndGet));
                assertPending(future.poll(Context.of(() -> {})));
                Resource value = new Resource(index);
                return new Race.Round(future::close, () -> subject.onSuccess(value),
                        () -> FutureFromSingleTest.assertDisposedAtMostOnceAndNothingLost(disposals.get(), value));
            });
        }
        rxErrors.assertNone();
    }

    @Test
    void nullArgumentsAreRejectedAtOnce() {
        assertThrows(NullPointerException.class, () -> MaybeBridge.toPollFuture((Maybe<String>) null));
        assertThrows(NullPointerException.class, () -> MaybeBridge.toOptionalPollFuture(null));
    }
}
