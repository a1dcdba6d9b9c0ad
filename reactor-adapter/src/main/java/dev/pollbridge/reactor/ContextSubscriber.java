package dev.pollbridge.reactor;

import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.util.context.Context;

/**
 * A plain Reactive Streams {@link Subscriber} presented to Reactor as a {@link CoreSubscriber}
 * with a fixed {@link Context}. Reactor wraps a plain subscriber in its {@code StrictSubscriber},
 * which re-checks the spec with a CAS per element; the generic bridge's subscriber already obeys
 * spec section 2 itself, so this lets Reactor skip that wrapper, and it carries the task's Reactor
 * context upstream at the same time. Every signal is forwarded unchanged, on the thread Reactor
 * signals it.
 */
final class ContextSubscriber<T> implements CoreSubscriber<T> {

    private final Subscriber<? super T> delegate;
    private final Context context;

    ContextSubscriber(Subscriber<? super T> delegate, Context context) {
        this.delegate = delegate;
        this.context = context;
    }

    @Override
    public Context currentContext() {
        return context;
    }

    @Override
    public void onSubscribe(Subscription subscription) {
        delegate.onSubscribe(subscription);
    }

    @Override
    public void onNext(T item) {
        delegate.onNext(item);
    }

    @Override
    public void onError(Throwable error) {
        delegate.onError(error);
    }

    @Override
    public void onComplete() {
        delegate.onComplete();
    }
}
