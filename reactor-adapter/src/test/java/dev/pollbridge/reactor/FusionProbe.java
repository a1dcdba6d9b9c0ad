package dev.pollbridge.reactor;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Fuseable;
import reactor.core.publisher.Flux;
import reactor.util.context.Context;

/**
 * A {@code Flux} in front of a real Reactor source that passes its subscription through
 * unchanged, fusion included, and records what the subscriber does with it: the fusion mode it
 * asked for and got, its polls, requests, cancels and clears. A fusable source stays fusable (the
 * probe's subscription is a {@link Fuseable.QueueSubscription} exactly when the source's is).
 */
final class FusionProbe<T> extends Flux<T> {

    private final Flux<T> source;
    final AtomicInteger subscriptions = new AtomicInteger();
    final AtomicInteger fusionRequests = new AtomicInteger();
    volatile int askedMode = -1;
    volatile int grantedMode = -1;
    final AtomicInteger polls = new AtomicInteger();
    final List<Long> requests = new CopyOnWriteArrayList<>();
    final AtomicInteger cancels = new AtomicInteger();
    final AtomicInteger clears = new AtomicInteger();

    FusionProbe(Flux<T> source) {
        this.source = source;
    }

    @Override
    public void subscribe(CoreSubscriber<? super T> actual) {
        subscriptions.incrementAndGet();
        source.subscribe(new CoreSubscriber<T>() {
            @Override
            public Context currentContext() {
                return actual.currentContext();
            }

            @Override
            @SuppressWarnings("unchecked")
            public void onSubscribe(Subscription s) {
                actual.onSubscribe(s instanceof Fuseable.QueueSubscription
                        ? new Fused((Fuseable.QueueSubscription<T>) s)
                        : new Plain(s));
            }

            @Override
            public void onNext(T item) {
                actual.onNext(item);
            }

            @Override
            public void onError(Throwable error) {
                actual.onError(error);
            }

            @Override
            public void onComplete() {
                actual.onComplete();
            }
        });
    }

    private class Plain implements Subscription {
        private final Subscription s;

        Plain(Subscription s) {
            this.s = s;
        }

        @Override
        public void request(long n) {
            requests.add(n);
            s.request(n);
        }

        @Override
        public void cancel() {
            cancels.incrementAndGet();
            s.cancel();
        }
    }

    private final class Fused extends Plain implements Fuseable.QueueSubscription<T> {
        private final Fuseable.QueueSubscription<T> q;

        Fused(Fuseable.QueueSubscription<T> q) {
            super(q);
            this.q = q;
        }

        @Override
        public int requestFusion(int requestedMode) {
            fusionRequests.incrementAndGet();
            askedMode = requestedMode;
            int mode = q.requestFusion(requestedMode);
            grantedMode = mode;
            return mode;
        }

        @Override
        public T poll() {
            polls.incrementAndGet();
            return q.poll();
        }

        @Override
        public int size() {
            return q.size();
        }

        @Override
        public boolean isEmpty() {
            return q.isEmpty();
        }

        @Override
        public void clear() {
            clears.incrementAndGet();
            q.clear();
        }
    }
}
