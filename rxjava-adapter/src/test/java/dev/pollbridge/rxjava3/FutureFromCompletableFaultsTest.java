package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.CompletableObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import java.util.function.Consumer;

/** The fault catalogue of {@code CompletableBridge.toPollFuture(Completable)}. */
class FutureFromCompletableFaultsTest extends SourceFutureFaultsContract {

    @Override
    PollFuture<?> futureOf(Consumer<Signals> body) {
        return CompletableBridge.toPollFuture(new Completable() {
            @Override
            protected void subscribeActual(CompletableObserver observer) {
                body.accept(new Signals() {
                    @Override
                    public void onSubscribe(Disposable disposable) {
                        observer.onSubscribe(disposable);
                    }

                    @Override
                    public void succeed() {
                        observer.onComplete();
                    }

                    @Override
                    public void fail(Throwable error) {
                        observer.onError(error);
                    }
                });
            }
        });
    }

    @Override
    Object value() {
        return null;
    }
}
