package dev.pollbridge.runtime.bridge.engine;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * A publisher the test drives by hand: it records the subscriber, every request and cancel, and
 * notices calls on its subscription that overlap (rule 2.7). {@link #emit} does not check demand,
 * so tests can break rule 1.1 on purpose; {@link #outstanding()} tells what a correct publisher
 * could still send.
 */
final class ManualPublisher<T> implements Publisher<T> {

    private volatile Subscriber<? super T> subscriber;
    private final AtomicInteger subscribes = new AtomicInteger();
    final List<Long> requests = new CopyOnWriteArrayList<>();
    private final AtomicLong totalRequested = new AtomicLong();
    private final AtomicLong emitted = new AtomicLong();
    private final AtomicInteger cancels = new AtomicInteger();
    private final AtomicInteger callsInProgress = new AtomicInteger();
    private final AtomicBoolean overlappingCalls = new AtomicBoolean();
    /** Runs inside request(n), after it was recorded: lets a test emit synchronously. */
    volatile LongConsumer onRequest = n -> {};
    /** When false, subscribe only records the subscriber; the test calls onSubscribe itself. */
    volatile boolean signalOnSubscribe = true;
    /** Thrown from request(n), after it was recorded (rule 3.16 broken). */
    volatile RuntimeException requestThrows;
    /** Thrown from cancel(), after it was counted (rule 3.15 broken). */
    volatile RuntimeException cancelThrows;

    final Subscription subscription = new Subscription() {
        @Override
        public void request(long n) {
            enter();
            try {
                requests.add(n);
                if (requestThrows != null) {
                    throw requestThrows;
                }
                totalRequested.addAndGet(n);
                onRequest.accept(n);
            } finally {
                exit();
            }
        }

        @Override
        public void cancel() {
            enter();
            try {
                cancels.incrementAndGet();
                if (cancelThrows != null) {
                    throw cancelThrows;
                }
            } finally {
                exit();
            }
        }
    };

    private void enter() {
        if (callsInProgress.getAndIncrement() != 0) {
            overlappingCalls.set(true);
        }
    }

    private void exit() {
        callsInProgress.decrementAndGet();
    }

    @Override
    public void subscribe(Subscriber<? super T> s) {
        subscribes.incrementAndGet();
        subscriber = s;
        if (signalOnSubscribe) {
            s.onSubscribe(subscription);
        }
    }

    Subscriber<? super T> subscriber() {
        return subscriber;
    }

    int subscribes() {
        return subscribes.get();
    }

    void emit(T item) {
        emitted.incrementAndGet();
        subscriber.onNext(item);
    }

    /** Emits items while a correct publisher may (outstanding demand > 0); returns how many. */
    int emitWhileDemand(java.util.function.IntFunction<T> item) {
        int count = 0;
        while (outstanding() > 0 && cancels.get() == 0) {
            emit(item.apply(count++));
        }
        return count;
    }

    void complete() {
        subscriber.onComplete();
    }

    void fail(Throwable error) {
        subscriber.onError(error);
    }

    long totalRequested() {
        return totalRequested.get();
    }

    long outstanding() {
        return totalRequested.get() - emitted.get();
    }

    int cancels() {
        return cancels.get();
    }

    boolean sawOverlappingCalls() {
        return overlappingCalls.get();
    }
}
