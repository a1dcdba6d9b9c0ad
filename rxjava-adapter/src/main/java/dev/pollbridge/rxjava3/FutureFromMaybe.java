package dev.pollbridge.rxjava3;

import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.MaybeObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import java.util.Objects;

/**
 * A {@link Maybe} seen as a {@link dev.pollbridge.api.PollFuture}: the push-to-pull direction
 * for at most one value. The engine, its threads and its handling of a misbehaving source are
 * {@link ObserverFuture}'s.
 *
 * <p>The first poll subscribes on the polling thread; {@code onSuccess(value)} makes the future
 * ready with the value, {@code onComplete()} (empty) ready with {@code null}, {@code onError(e)}
 * fails it with the same instance. {@link MaybeBridge#toOptionalPollFuture(Maybe)} maps the value to
 * an {@code Optional}.
 *
 * <h2>Cancellation</h2>
 * {@code close()} before the Maybe signalled disposes it exactly once (a {@code dispose()} that
 * throws goes to {@code RxJavaPlugins.onError}); closing before the first poll never subscribes;
 * closing after the signal disposes nothing. An error that arrives after {@code close()} goes to
 * {@code RxJavaPlugins.onError}. Not cancel-safe: a value that arrived but was not polled is
 * released with the future (closed if it is {@link AutoCloseable}).
 *
 * @param <T> the value type
 */
final class FutureFromMaybe<T> extends ObserverFuture<T, Maybe<? extends T>> implements MaybeObserver<T> {

    FutureFromMaybe(Maybe<? extends T> maybe) {
        super("Maybe", false, Objects.requireNonNull(maybe, "maybe"));
    }

    @Override
    void subscribe(Maybe<? extends T> maybe) {
        maybe.subscribe(this);
    }

    @Override
    public void onSubscribe(Disposable disposable) {
        onUpstream(disposable);
    }

    @Override
    public void onSuccess(T value) {
        if (value == null) {
            onNullValue();
        } else {
            onValue(value, "onSuccess");
        }
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
