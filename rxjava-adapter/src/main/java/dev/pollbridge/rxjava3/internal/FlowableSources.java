package dev.pollbridge.rxjava3.internal;

import dev.pollbridge.runtime.bridge.engine.Downstream;
import dev.pollbridge.runtime.bridge.engine.LibrarySources;
import dev.pollbridge.runtime.bridge.engine.RsAdapter;
import dev.pollbridge.runtime.bridge.engine.Source;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.FlowableSubscriber;
import io.reactivex.rxjava3.operators.QueueSubscription;
import java.util.Objects;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;

/**
 * The RxJava adapter's {@link LibrarySources} service: the generic Reactive Streams bridge
 * subscribes to a {@code Flowable} with a {@link FlowableSubscriber}, so RxJava does not wrap it in
 * its {@code StrictSubscriber}, and a fusable {@code Flowable} is queue-fused
 * ({@link FusedFlowableSubscription}). The generic bridge keeps its own failure sink (the
 * runtime's handler); {@code FlowableBridge.toPollStream} adds RxJava's.
 */
public final class FlowableSources implements LibrarySources {

    /** Created by {@code ServiceLoader}. */
    public FlowableSources() {}

    @Override
    public <T> Source<T> sourceOf(Publisher<T> publisher) {
        if (!(publisher instanceof Flowable)) {
            return null;
        }
        Flowable<T> flowable = (Flowable<T>) publisher;
        return downstream -> flowable.subscribe(new Forwarder<T>(downstream));
    }

    /** The engine's subscriber as a {@code FlowableSubscriber}: every signal forwarded unchanged. */
    private static final class Forwarder<T> implements FlowableSubscriber<T> {
        private final Downstream<? super T> downstream;

        Forwarder(Downstream<? super T> downstream) {
            this.downstream = downstream;
        }

        @Override
        @SuppressWarnings("unchecked") // the Flowable's queue holds the items it signals
        public void onSubscribe(Subscription subscription) {
            Objects.requireNonNull(subscription, "onSubscribe(null): Reactive Streams rule 2.13");
            downstream.onSubscribe(subscription instanceof QueueSubscription
                    ? new FusedFlowableSubscription<>((QueueSubscription<T>) subscription)
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
}
