package dev.pollbridge.rxjava3;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.MockTask;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.core.SingleObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The fault catalogue of {@code SingleBridge.toPollFuture(Single)}. */
class FutureFromSingleFaultsTest extends SourceFutureFaultsContract {

    @Override
    PollFuture<?> futureOf(Consumer<Signals> body) {
        return SingleBridge.toPollFuture(new Single<String>() {
            @Override
            protected void subscribeActual(SingleObserver<? super String> observer) {
                body.accept(signals(observer));
            }
        });
    }

    static Signals signals(SingleObserver<? super String> observer) {
        return new Signals() {
            @Override
            public void onSubscribe(Disposable disposable) {
                observer.onSubscribe(disposable);
            }

            @Override
            public void succeed() {
                observer.onSuccess("v");
            }

            @Override
            public void fail(Throwable error) {
                observer.onError(error);
            }
        };
    }

    @Override
    Object value() {
        return "v";
    }

    @Test
    void onSuccessNullFailsTheFutureAndDisposesTheSourceOnce() {
        CountingDisposable upstream = new CountingDisposable();
        try (MockTask<String> task = MockTask.spawn(SingleBridge.toPollFuture(new Single<String>() {
            @Override
            protected void subscribeActual(SingleObserver<? super String> observer) {
                observer.onSubscribe(upstream);
                observer.onSuccess(null);
            }
        }))) {
            assertFailed(task.poll(), NullPointerException.class);
        }
        assertEquals(1, upstream.disposals.get());
        rxErrors.assertNone();
    }
}
