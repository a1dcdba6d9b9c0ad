package dev.pollbridge.reactor.internal;

import dev.pollbridge.runtime.bridge.engine.Downstream;
import dev.pollbridge.runtime.bridge.engine.RsAdapter;
import java.util.Objects;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Fuseable;
import reactor.util.context.Context;

/**
 * The bridge engine's subscriber ({@link Downstream}) presented to Reactor as a
 * {@link CoreSubscriber} with a fixed {@link Context}. Reactor wraps a plain subscriber in its
 * {@code StrictSubscriber}, which re-checks the spec with a CAS per element; the engine already
 * obeys spec section 2 itself, so this lets Reactor skip that wrapper, and it carries the task's
 * Reactor context upstream at the same time. A subscription that offers queue fusion
 * ({@link Fuseable.QueueSubscription}) is handed to the engine as a {@link FusedSubscription},
 * which may then take the items straight from the source; every other signal is forwarded
 * unchanged, on the thread Reactor signals it.
 */
public final class ContextSubscriber<T> implements CoreSubscriber<T> {

    private final Downstream<? super T> downstream;
    private final Context context;

    /**
     * A subscriber that forwards to {@code downstream} and shows Reactor {@code context}.
     *
     * @param downstream the engine's subscriber
     * @param context the Reactor context the source sees
     */
    public ContextSubscriber(Downstream<? super T> downstream, Context context) {
        this.downstream = downstream;
        this.context = context;
    }

    @Override
    public Context currentContext() {
        return context;
    }

    @Override
    @SuppressWarnings("unchecked") // the source's queue holds the items it signals, of type T
    public void onSubscribe(Subscription subscription) {
        Objects.requireNonNull(subscription, "onSubscribe(null): Reactive Streams rule 2.13");
        downstream.onSubscribe(subscription instanceof Fuseable.QueueSubscription
                ? new FusedSubscription<>((Fuseable.QueueSubscription<T>) subscription)
                : RsAdapter.upstream(subscription));
    }

    @Override
    public void onNext(T item) {
        downstream.onNext(item);
    }

    @Override
    public void onError(Throwable error) {
        downstream.onError(error);
    }

    @Override
    public void onComplete() {
        downstream.onComplete();
    }
}
