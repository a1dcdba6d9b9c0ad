package dev.pollbridge.tck.faults;

import static org.awaitility.Awaitility.await;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * A subscriber of either kind (Reactive Streams and JDK {@code Flow}) that records every
 * signal, requests {@link #initialRequest} in {@code onSubscribe}, and throws from the one
 * method it is told to, once ({@link #throwFrom}), breaking rule 2.13.
 */
final class Recorder<T> implements Subscriber<T>, Flow.Subscriber<T> {

    /** The subscriber methods a scenario can make throw. */
    enum Method { ON_SUBSCRIBE, ON_NEXT, ON_ERROR, ON_COMPLETE }

    final List<T> items = new CopyOnWriteArrayList<>();
    final AtomicReference<Throwable> error = new AtomicReference<>();
    final AtomicInteger completions = new AtomicInteger();
    final AtomicInteger errors = new AtomicInteger();
    final AtomicInteger onSubscribes = new AtomicInteger();
    private final AtomicReference<Demand> subscription = new AtomicReference<>();
    private final long initialRequest;
    private volatile Method throwing;
    private volatile RuntimeException thrown;

    Recorder(long initialRequest) {
        this.initialRequest = initialRequest;
    }

    /** Makes {@code method} throw {@code failure}, the first time it is called. */
    Recorder<T> throwFrom(Method method, RuntimeException failure) {
        throwing = method;
        thrown = failure;
        return this;
    }

    @Override
    public void onSubscribe(Subscription s) {
        subscribed(new Demand() {
            @Override
            public void request(long n) {
                s.request(n);
            }

            @Override
            public void cancel() {
                s.cancel();
            }
        });
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscribed(new Demand() {
            @Override
            public void request(long n) {
                s.request(n);
            }

            @Override
            public void cancel() {
                s.cancel();
            }
        });
    }

    private void subscribed(Demand demand) {
        onSubscribes.incrementAndGet();
        subscription.set(demand);
        maybeThrow(Method.ON_SUBSCRIBE);
        if (initialRequest > 0) {
            demand.request(initialRequest);
        }
    }

    @Override
    public void onNext(T item) {
        items.add(item);
        maybeThrow(Method.ON_NEXT);
    }

    @Override
    public void onError(Throwable failure) {
        error.set(failure);
        errors.incrementAndGet();
        maybeThrow(Method.ON_ERROR);
    }

    @Override
    public void onComplete() {
        completions.incrementAndGet();
        maybeThrow(Method.ON_COMPLETE);
    }

    private void maybeThrow(Method method) {
        if (throwing == method) {
            throwing = null;
            throw thrown;
        }
    }

    void request(long n) {
        subscription.get().request(n);
    }

    void cancel() {
        subscription.get().cancel();
    }

    int terminals() {
        return completions.get() + errors.get();
    }

    /** Waits for {@code onComplete} or {@code onError}. */
    Recorder<T> awaitTerminal() {
        await().atMost(FaultCatalogue.WAIT).alias("a terminal signal").until(() -> terminals() > 0);
        return this;
    }

    /** Waits until {@code count} items arrived. */
    Recorder<T> awaitItems(int count) {
        await().atMost(FaultCatalogue.WAIT).alias(count + " items").until(() -> items.size() >= count);
        return this;
    }

    /** What a subscriber calls on its subscription, whichever kind it is. */
    private interface Demand {
        void request(long n);

        void cancel();
    }
}
