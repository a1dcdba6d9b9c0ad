package dev.pollbridge.rxjava3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.Semaphore;
import io.reactivex.rxjava3.core.CompletableObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** {@link CompletableBridge#toCompletable}: the contract; the value is ignored and, if it owns something, released. */
class CompletableFromFutureTest extends FutureSourceContract {

    @Override
    <T> TestObserver<?> subscribe(Supplier<? extends PollFuture<? extends T>> factory, PollRuntime runtime) {
        return CompletableBridge.toCompletable(factory, runtime).test();
    }

    @Override
    <T> Supplier<TestObserver<?>> adopt(JoinHandle<T> handle, PollRuntime runtime) {
        var source = CompletableBridge.toCompletable(handle, runtime);
        return source::test;
    }

    @Override
    <T> Supplier<TestObserver<?>> direct(PollFuture<T> future, PollRuntime runtime) {
        var source = future.to(f -> CompletableBridge.toCompletable(f, runtime));
        return source::test;
    }

    @Override
    <T> TestObserver<?> subscribeWithTimeout(Supplier<? extends PollFuture<? extends T>> factory, PollRuntime runtime,
            TestScheduler scheduler) {
        return CompletableBridge.toCompletable(factory, runtime).timeout(1, TimeUnit.SECONDS, scheduler).test();
    }

    @Override
    <T> TestObserver<?> subscribeDisposingInOnSubscribe(Supplier<? extends PollFuture<? extends T>> factory, PollRuntime runtime) {
        TestObserver<Void> observer = new TestObserver<>();
        CompletableBridge.toCompletable(factory, runtime).subscribe(new CompletableObserver() {
            @Override
            public void onSubscribe(Disposable disposable) {
                disposable.dispose();
                observer.onSubscribe(Disposable.disposed());
            }

            @Override
            public void onComplete() {
                observer.onComplete();
            }

            @Override
            public void onError(Throwable error) {
                observer.onError(error);
            }
        });
        return observer;
    }

    @Override
    void assertSucceeded(TestObserver<?> observer, Object value) {
        observer.assertResult();
    }

    @Test
    void anIgnoredValueThatOwnsAResourceIsReleased() throws InterruptedException {
        Semaphore semaphore = new Semaphore(1);
        TestObserver<Void> observer = CompletableBridge.toCompletable(semaphore::acquire, runtime).test();
        observer.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        observer.assertResult();
        assertEquals(1, semaphore.availablePermits(), "the permit the Completable ignored was given back");
    }

    @Test
    void nullArgumentsAreRejectedAtOnce() {
        assertThrows(NullPointerException.class, () -> CompletableBridge.toCompletable((Supplier<PollFuture<String>>) null, runtime));
        assertThrows(NullPointerException.class, () -> CompletableBridge.toCompletable((JoinHandle<String>) null, runtime));
        assertThrows(NullPointerException.class, () -> CompletableBridge.toCompletable(() -> Futures.ready(1), null));
    }
}
