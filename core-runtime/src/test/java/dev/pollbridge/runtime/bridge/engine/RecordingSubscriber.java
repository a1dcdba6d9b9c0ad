package dev.pollbridge.runtime.bridge.engine;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/** A subscriber that records every signal; tests drive demand through {@link #subscription}. */
class RecordingSubscriber<T> implements Subscriber<T> {

    volatile Subscription subscription;
    final List<T> items = new CopyOnWriteArrayList<>();
    volatile Throwable error;
    volatile int completions;
    volatile int errors;
    volatile int onSubscribes;
    /** Runs after each item is recorded. */
    volatile BiConsumer<RecordingSubscriber<T>, T> onItem = (self, item) -> {};

    @Override
    public void onSubscribe(Subscription s) {
        onSubscribes++;
        subscription = s;
    }

    @Override
    public void onNext(T item) {
        items.add(item);
        onItem.accept(this, item);
    }

    @Override
    public void onError(Throwable t) {
        errors++;
        error = t;
    }

    @Override
    public void onComplete() {
        completions++;
    }

    void request(long n) {
        subscription.request(n);
    }

    int terminals() {
        return completions + errors;
    }
}
