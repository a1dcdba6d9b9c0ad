package dev.pollbridge.rxjava3;

import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.MockTask;
import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import io.reactivex.rxjava3.subjects.CompletableSubject;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link CompletableBridge#toPollFuture(Completable)}: the contract; completion is ready({@code null}). */
class FutureFromCompletableTest extends SourceFutureContract {

    @Override
    Probe probe() {
        CompletableSubject subject = CompletableSubject.create();
        return new Probe() {
            private Completable counted() {
                return subject.doOnSubscribe(d -> subscribed()).doOnDispose(disposals::incrementAndGet);
            }

            @Override
            PollFuture<?> future() {
                return CompletableBridge.toPollFuture(counted());
            }

            @Override
            PollFuture<?> delayedFuture(TestScheduler scheduler) {
                return CompletableBridge.toPollFuture(counted().delay(1, TimeUnit.SECONDS, scheduler));
            }

            @Override
            PollFuture<?> timeoutFuture(TestScheduler scheduler) {
                return CompletableBridge.toPollFuture(Completable.never().timeout(1, TimeUnit.SECONDS, scheduler));
            }

            @Override
            void succeed() {
                subject.onComplete();
            }

            @Override
            void fail(Throwable error) {
                subject.onError(error);
            }

            @Override
            Object value() {
                return null;
            }

            @Override
            boolean hasObservers() {
                return subject.hasObservers();
            }
        };
    }

    @Test
    void completionIsReadyWithNull() {
        try (MockTask<Void> task = MockTask.spawn(CompletableBridge.toPollFuture(Completable.complete()))) {
            assertReady(task.poll(), null);
        }
    }

    @Test
    void aNullCompletableIsRejectedAtOnce() {
        assertThrows(NullPointerException.class, () -> CompletableBridge.toPollFuture((Completable) null));
    }
}
