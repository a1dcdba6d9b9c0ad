package dev.pollbridge.soak.flow;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * The slow consumer of a publisher built over a stream: requests {@code batch} items, takes them
 * one by one (counting each in {@link SlowConsumer#consumed} before anything else), and asks for
 * the next batch only when the last one arrived, pausing now and then as {@link SlowConsumer}
 * does. Every request is counted by the meter before it is made, so the meter sees the demand the
 * bridge may act on.
 */
final class BatchSubscriber<T> implements Subscriber<T> {

    private final SlowConsumer consumer;
    private final FlowMeter meter;
    private final int batch;
    private final CountDownLatch ended = new CountDownLatch(1);
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private Subscription subscription;
    private long left;

    BatchSubscriber(SlowConsumer consumer, FlowMeter meter, int batch) {
        this.consumer = consumer;
        this.meter = meter;
        this.batch = batch;
    }

    @Override
    public void onSubscribe(Subscription s) {
        subscription = s;
        ask();
    }

    @Override
    public void onNext(T item) {
        long taken = consumer.consumed.incrementAndGet();
        if (--left == 0) {
            if (taken % SlowConsumer.PAUSE_EVERY < batch) {
                LockSupport.parkNanos(200_000);
            }
            ask();
        }
    }

    private void ask() {
        left = batch;
        meter.onRequest(batch);
        subscription.request(batch);
    }

    @Override
    public void onError(Throwable error) {
        failure.set(error);
        ended.countDown();
    }

    @Override
    public void onComplete() {
        ended.countDown();
    }

    /**
     * Waits for the terminal signal and returns the failure, or {@code null} after a completion.
     * The limit only keeps a lost signal from hanging the build; the checks are on counts.
     */
    Throwable awaitEnd() throws InterruptedException {
        if (!ended.await(10, TimeUnit.MINUTES)) {
            throw new AssertionError("no terminal signal within 10 minutes; " + meter);
        }
        return failure.get();
    }
}
