package dev.pollbridge.tck.faults;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * A publisher the scenario plays by hand, as a Reactive Streams and as a JDK {@code Flow}
 * publisher, with the faults it is told to have: {@code subscribe} that throws, no
 * {@code onSubscribe} at all, a subscription whose {@code request} or {@code cancel} throws. The
 * scenario sends the signals ({@link #emit}, {@link #complete}, ...), none of them checked
 * against demand, so it can break any rule; it can react to each request ({@link #onRequest}).
 * Its one subscription implements both subscription interfaces, so a second {@code onSubscribe}
 * can bring the very same object.
 */
final class ScriptedPublisher<T> implements Publisher<T>, Flow.Publisher<T> {

    /** Thrown from {@code subscribe}, before {@code onSubscribe}. */
    volatile RuntimeException subscribeThrows;
    /** False: {@code subscribe} records the subscriber and never calls {@code onSubscribe}. */
    volatile boolean callsOnSubscribe = true;
    /** Thrown from the {@link #requestThrowsFrom}-th {@code request} on (counted from 1). */
    volatile RuntimeException requestThrows;
    volatile int requestThrowsFrom = 1;
    /** Thrown from {@code cancel}. */
    volatile RuntimeException cancelThrows;
    /** Runs inside each {@code request(n)} that did not throw: lets a scenario emit synchronously. */
    volatile LongConsumer onRequest = n -> {};

    final Script subscription = new Script();
    private volatile Signals<T> subscriber;
    private final CountDownLatch subscribed = new CountDownLatch(1);
    private final AtomicLong requested = new AtomicLong();
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger cancels = new AtomicInteger();
    private volatile boolean terminated;

    @Override
    public void subscribe(Subscriber<? super T> s) {
        attach(new Signals<T>() {
            @Override
            public void onSubscribe(ScriptedPublisher<?>.Script script) {
                s.onSubscribe(script);
            }

            @Override
            public void onNext(T item) {
                s.onNext(item);
            }

            @Override
            public void onError(Throwable error) {
                s.onError(error);
            }

            @Override
            public void onComplete() {
                s.onComplete();
            }
        });
    }

    @Override
    public void subscribe(Flow.Subscriber<? super T> s) {
        attach(new Signals<T>() {
            @Override
            public void onSubscribe(ScriptedPublisher<?>.Script script) {
                s.onSubscribe(script);
            }

            @Override
            public void onNext(T item) {
                s.onNext(item);
            }

            @Override
            public void onError(Throwable error) {
                s.onError(error);
            }

            @Override
            public void onComplete() {
                s.onComplete();
            }
        });
    }

    private void attach(Signals<T> signals) {
        subscriber = signals;
        subscribed.countDown();
        RuntimeException failure = subscribeThrows;
        if (failure != null) {
            throw failure;
        }
        if (callsOnSubscribe) {
            signals.onSubscribe(subscription);
        }
    }

    /** Waits until some subscriber subscribed. */
    void awaitSubscribed() {
        try {
            assertTrue(subscribed.await(FaultCatalogue.WAIT.toMillis(), TimeUnit.MILLISECONDS), "nobody subscribed");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** {@code onSubscribe} with this publisher's one subscription (again, or late). */
    void signalOnSubscribe() {
        subscriber.onSubscribe(subscription);
    }

    /** {@code onSubscribe} with another subscription. */
    void signalOnSubscribe(Script other) {
        subscriber.onSubscribe(other);
    }

    void emit(T item) {
        subscriber.onNext(item);
    }

    /** {@code onNext(null)}; returns what the subscriber threw (rule 2.13 wants a NullPointerException). */
    NullPointerException emitNull() {
        return assertThrows(NullPointerException.class, () -> subscriber.onNext(null));
    }

    /** {@code onError(null)}; returns what the subscriber threw. */
    NullPointerException failNull() {
        return assertThrows(NullPointerException.class, () -> subscriber.onError(null));
    }

    void complete() {
        terminated = true;
        subscriber.onComplete();
    }

    void fail(Throwable error) {
        terminated = true;
        subscriber.onError(error);
    }

    long requested() {
        return requested.get();
    }

    int cancels() {
        return cancels.get();
    }

    /** The subscription ended one way or another: no subscription leaked. */
    boolean isReleased() {
        return terminated || cancels.get() > 0;
    }

    /** A subscription that is both kinds; each one the scenario makes counts on its own. */
    final class Script implements Subscription, Flow.Subscription {
        final AtomicInteger ownCancels = new AtomicInteger();
        final AtomicInteger ownRequests = new AtomicInteger();

        @Override
        public void request(long n) {
            ownRequests.incrementAndGet();
            if (this != subscription) {
                return;
            }
            int number = requests.incrementAndGet();
            RuntimeException failure = requestThrows;
            if (failure != null && number >= requestThrowsFrom) {
                throw failure;
            }
            requested.addAndGet(n);
            onRequest.accept(n);
        }

        @Override
        public void cancel() {
            ownCancels.incrementAndGet();
            if (this == subscription) {
                cancels.incrementAndGet();
            }
            RuntimeException failure = cancelThrows;
            if (failure != null) {
                throw failure;
            }
        }
    }

    /** A subscriber of either kind. */
    private interface Signals<T> {
        void onSubscribe(ScriptedPublisher<?>.Script script);

        void onNext(T item);

        void onError(Throwable error);

        void onComplete();
    }
}
