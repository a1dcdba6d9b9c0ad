package dev.pollbridge.rxjava3;

import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.FlowableSubscriber;
import io.reactivex.rxjava3.operators.QueueSubscription;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * A {@code Flowable} in front of a real RxJava source that passes its subscription through
 * unchanged, fusion included, and records what the subscriber does with it: the fusion mode it
 * asked for and got, its polls, requests, cancels and clears. A fusable source stays fusable.
 */
final class FusionProbe<T> extends Flowable<T> {

    private final Flowable<T> source;
    final AtomicInteger subscriptions = new AtomicInteger();
    volatile int askedMode = -1;
    volatile int grantedMode = -1;
    final AtomicInteger polls = new AtomicInteger();
    final List<Long> requests = new CopyOnWriteArrayList<>();
    final AtomicInteger cancels = new AtomicInteger();
    final AtomicInteger clears = new AtomicInteger();

    FusionProbe(Flowable<T> source) {
        this.source = source;
    }

    @Override
    protected void subscribeActual(Subscriber<? super T> actual) {
        subscriptions.incrementAndGet();
        source.subscribe(new FlowableSubscriber<T>() {
            @Override
            @SuppressWarnings("unchecked")
            public void onSubscribe(Subscription s) {
                actual.onSubscribe(s instanceof QueueSubscription ? new Fused((QueueSubscription<T>) s) : new Plain(s));
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

    private final class Fused extends Plain implements QueueSubscription<T> {
        private final QueueSubscription<T> q;

        Fused(QueueSubscription<T> q) {
            super(q);
            this.q = q;
        }

        @Override
        public int requestFusion(int mode) {
            askedMode = mode;
            int granted = q.requestFusion(mode);
            grantedMode = granted;
            return granted;
        }

        @Override
        public T poll() throws Throwable {
            polls.incrementAndGet();
            return q.poll();
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

        @Override
        public boolean offer(T value) {
            throw new UnsupportedOperationException("Should not be called");
        }

        @Override
        public boolean offer(T first, T second) {
            throw new UnsupportedOperationException("Should not be called");
        }
    }
}
