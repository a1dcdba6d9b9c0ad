package dev.pollbridge.rxjava3;

import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import io.reactivex.rxjava3.core.MaybeObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** {@link MaybeBridge#toMaybe}: the contract, plus {@code null} as an empty Maybe. */
class MaybeFromFutureTest extends FutureSourceContract {

    @Override
    <T> TestObserver<?> subscribe(Supplier<? extends PollFuture<? extends T>> factory, PollRuntime runtime) {
        return MaybeBridge.toMaybe(factory, runtime).test();
    }

    @Override
    <T> Supplier<TestObserver<?>> adopt(JoinHandle<T> handle, PollRuntime runtime) {
        var source = MaybeBridge.toMaybe(handle, runtime);
        return source::test;
    }

    @Override
    <T> Supplier<TestObserver<?>> direct(PollFuture<T> future, PollRuntime runtime) {
        var source = future.to(f -> MaybeBridge.toMaybe(f, runtime));
        return source::test;
    }

    @Override
    <T> TestObserver<?> subscribeWithTimeout(Supplier<? extends PollFuture<? extends T>> factory, PollRuntime runtime,
            TestScheduler scheduler) {
        return MaybeBridge.toMaybe(factory, runtime).timeout(1, TimeUnit.SECONDS, scheduler).test();
    }

    @Override
    <T> TestObserver<?> subscribeDisposingInOnSubscribe(Supplier<? extends PollFuture<? extends T>> factory, PollRuntime runtime) {
        TestObserver<T> observer = new TestObserver<>();
        MaybeBridge.<T>toMaybe(factory, runtime).subscribe(new MaybeObserver<T>() {
            @Override
            public void onSubscribe(Disposable disposable) {
                disposable.dispose();
                observer.onSubscribe(Disposable.disposed());
            }

            @Override
            public void onSuccess(T value) {
                observer.onNext(value);
            }

            @Override
            public void onError(Throwable error) {
                observer.onError(error);
            }

            @Override
            public void onComplete() {
                observer.onComplete();
            }
        });
        return observer;
    }

    @Override
    void assertSucceeded(TestObserver<?> observer, Object value) {
        @SuppressWarnings("unchecked")
        TestObserver<Object> values = (TestObserver<Object>) observer;
        values.assertResult(value);
    }

    @Test
    void aNullValueCompletesTheMaybeEmpty() throws InterruptedException {
        TestObserver<String> observer = MaybeBridge.toMaybe(() -> Futures.<String>ready(null), runtime).test();
        observer.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        observer.assertResult();
    }

    @Test
    void nullArgumentsAreRejectedAtOnce() {
        assertThrows(NullPointerException.class, () -> MaybeBridge.toMaybe((Supplier<PollFuture<String>>) null, runtime));
        assertThrows(NullPointerException.class, () -> MaybeBridge.toMaybe((JoinHandle<String>) null, runtime));
    }
}
