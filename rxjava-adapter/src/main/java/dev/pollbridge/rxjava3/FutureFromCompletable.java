package dev.pollbridge.rxjava3;

import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.CompletableObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import java.util.Objects;

/**
 * A {@link Completable} seen as a {@code PollFuture<Void>}: the push-to-pull direction for a
 * completion. The engine, its threads and its handling of a misbehaving source are
 * {@link ObserverFuture}'s.
 *
 * <p>The first poll subscribes on the polling thread; {@code onComplete()} makes the future ready
 * with {@code null}, {@code onError(e)} fails it with the same instance.
 *
 * <h2>Cancellation</h2>
 * {@code close()} before the Completable signalled disposes it exactly once (a {@code dispose()}
 * that throws goes to {@code RxJavaPlugins.onError}); closing before the first poll never
 * subscribes; closing after the signal disposes nothing. An error that arrives after
 * {@code close()} goes to {@code RxJavaPlugins.onError}. Cancel-safe: there is no value to lose.
 */
final class FutureFromCompletable extends ObserverFuture<Void, Completable> implements CompletableObserver {

    FutureFromCompletable(Completable completable) {
        super("Completable", true, Objects.requireNonNull(completable, "completable"));
    }

    @Override
    void subscribe(Completable completable) {
        completable.subscribe(this);
    }

    @Override
    public void onSubscribe(Disposable disposable) {
        onUpstream(disposable);
    }

    @Override
    public void onComplete() {
        onValue(null, "onComplete");
    }

    @Override
    public void onError(Throwable error) {
        onFailure(error);
    }
}
