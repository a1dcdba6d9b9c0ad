package dev.pollbridge.runtime.bridge.engine;

import java.util.Objects;
import java.util.concurrent.Flow;
import java.util.function.Consumer;
import org.reactivestreams.Subscriber;

/**
 * A Reactive Streams or JDK {@code Flow} subscriber seen as an engine downstream, one call to one
 * call; its subscription is a {@link SubscriptionOf}, which is both kinds.
 */
final class DownstreamOf<T> implements Downstream<T> {
    private final Consumer<? super SubscriptionOf> onSubscribe;
    private final Consumer<? super T> onNext;
    private final Consumer<? super Throwable> onError;
    private final Runnable onComplete;

    private DownstreamOf(Consumer<? super SubscriptionOf> onSubscribe, Consumer<? super T> onNext,
            Consumer<? super Throwable> onError, Runnable onComplete) {
        this.onSubscribe = onSubscribe;
        this.onNext = onNext;
        this.onError = onError;
        this.onComplete = onComplete;
    }

    /** {@code subscriber}, checked for {@code null} as rule 1.9 asks of {@code subscribe}. */
    static <T> DownstreamOf<T> of(Subscriber<? super T> subscriber) {
        Objects.requireNonNull(subscriber, "subscribe(null): Reactive Streams rule 1.9");
        return new DownstreamOf<>(subscriber::onSubscribe, subscriber::onNext, subscriber::onError, subscriber::onComplete);
    }

    /** {@code subscriber}, checked for {@code null} as rule 1.9 asks of {@code subscribe}. */
    static <T> DownstreamOf<T> of(Flow.Subscriber<? super T> subscriber) {
        Objects.requireNonNull(subscriber, "subscribe(null): Reactive Streams rule 1.9");
        return new DownstreamOf<>(subscriber::onSubscribe, subscriber::onNext, subscriber::onError, subscriber::onComplete);
    }

    @Override
    public void onSubscribe(Upstream subscription) {
        onSubscribe.accept(new SubscriptionOf(subscription));
    }

    @Override
    public void onNext(T item) {
        onNext.accept(item);
    }

    @Override
    public void onError(Throwable error) {
        onError.accept(error);
    }

    @Override
    public void onComplete() {
        onComplete.run();
    }
}
