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

/** {@link RxJavaBridge#toFuture(Completable)}: the contract; completion is ready({@code null}). */
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
                return RxJavaBridge.toFuture(counted());
            }

            @Override
            PollFuture<?> delayedFuture(TestScheduler scheduler) {
                return RxJavaBridge.toFuture(counted().delay(1, TimeUnit.SECONDS, scheduler));
            }

            @Override
            PollFuture<?> timeoutFuture(TestScheduler scheduler) {
                return RxJavaBridge.toFuture(Completable.never().timeout(1, TimeUnit.SECONDS, scheduler));
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
        try (MockTask<Void> task = MockTask.spawn(RxJavaBridge.toFuture(Completable.complete()))) {
            assertReady(task.poll(), null);
        }
    }

    @Test
    void aNullCompletableIsRejectedAtOnce() {
        assertThrows(NullPointerException.class, () -> RxJavaBridge.toFuture((Completable) null));
    }
}
