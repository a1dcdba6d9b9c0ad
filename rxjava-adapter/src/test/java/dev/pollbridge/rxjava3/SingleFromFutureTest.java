package dev.pollbridge.rxjava3;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import io.reactivex.rxjava3.core.SingleObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import java.util.NoSuchElementException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** {@link SingleBridge#toSingle}: the contract, plus {@code null}, which a Single cannot signal. */
class SingleFromFutureTest extends FutureSourceContract {

    @Override
    <T> TestObserver<?> subscribe(Supplier<? extends PollFuture<? extends T>> factory, PollRuntime runtime) {
        return SingleBridge.toSingle(factory, runtime).test();
    }

    @Override
    <T> Supplier<TestObserver<?>> adopt(JoinHandle<T> handle, PollRuntime runtime) {
        var source = SingleBridge.toSingle(handle, runtime);
        return source::test;
    }

    @Override
    <T> Supplier<TestObserver<?>> direct(PollFuture<T> future, PollRuntime runtime) {
        var source = future.to(f -> SingleBridge.toSingle(f, runtime));
        return source::test;
    }

    @Override
    <T> TestObserver<?> subscribeWithTimeout(Supplier<? extends PollFuture<? extends T>> factory, PollRuntime runtime,
            TestScheduler scheduler) {
        return SingleBridge.toSingle(factory, runtime).timeout(1, TimeUnit.SECONDS, scheduler).test();
    }

    @Override
    <T> TestObserver<?> subscribeDisposingInOnSubscribe(Supplier<? extends PollFuture<? extends T>> factory, PollRuntime runtime) {
        TestObserver<T> observer = new TestObserver<>();
        SingleBridge.<T>toSingle(factory, runtime).subscribe(new SingleObserver<T>() {
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
    void aNullValueFailsTheSingleWithAnExplanation() throws InterruptedException {
        TestObserver<String> observer = SingleBridge.toSingle(() -> Futures.<String>ready(null), runtime).test();
        observer.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        observer.assertError(error -> error instanceof NoSuchElementException
                && error.getMessage().contains("use MaybeBridge.toMaybe"));
    }

    @Test
    void nullArgumentsAreRejectedAtOnce() {
        assertThrows(NullPointerException.class, () -> SingleBridge.toSingle((Supplier<PollFuture<String>>) null, runtime));
        assertThrows(NullPointerException.class, () -> SingleBridge.toSingle(() -> Futures.ready(1), null));
        assertThrows(NullPointerException.class, () -> SingleBridge.toSingle((JoinHandle<String>) null, runtime));
    }

    @Test
    void theDefaultRuntimeIsTheSharedOne() throws InterruptedException {
        TestObserver<String> observer = SingleBridge.toSingle(() -> Futures.lazy(() -> Thread.currentThread().getName())).test();
        observer.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertTrue(observer.values().get(0).startsWith("pollbridge-shared-"), observer.values().toString());
    }
}
