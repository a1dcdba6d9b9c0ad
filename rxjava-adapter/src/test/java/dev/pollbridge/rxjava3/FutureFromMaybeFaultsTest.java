package dev.pollbridge.rxjava3;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.MockTask;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.MaybeObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.exceptions.ProtocolViolationException;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The fault catalogue of {@code MaybeBridge.toPollFuture(Maybe)}. */
class FutureFromMaybeFaultsTest extends SourceFutureFaultsContract {

    @Override
    PollFuture<?> futureOf(Consumer<Signals> body) {
        return MaybeBridge.toPollFuture(raw(observer -> body.accept(new Signals() {
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
        })));
    }

    private static Maybe<String> raw(Consumer<MaybeObserver<? super String>> body) {
        return new Maybe<>() {
            @Override
            protected void subscribeActual(MaybeObserver<? super String> observer) {
                body.accept(observer);
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
        try (MockTask<String> task = MockTask.spawn(MaybeBridge.toPollFuture(raw(observer -> {
            observer.onSubscribe(upstream);
            observer.onSuccess(null);
        })))) {
            assertFailed(task.poll(), NullPointerException.class);
        }
        assertEquals(1, upstream.disposals.get());
    }

    @Test
    void onCompleteAfterOnSuccessIsAProtocolViolationAndTheValueStands() {
        try (MockTask<String> task = MockTask.spawn(MaybeBridge.toPollFuture(raw(observer -> {
            observer.onSubscribe(new CountingDisposable());
            observer.onSuccess("v");
            observer.onComplete();
        })))) {
            assertReady(task.poll(), "v");
        }
        assertInstanceOf(ProtocolViolationException.class, rxErrors.awaitOne());
    }
}
