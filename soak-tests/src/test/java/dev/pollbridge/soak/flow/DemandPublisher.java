package dev.pollbridge.soak.flow;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * A fast Reactive Streams publisher of {@code 0 .. count - 1} for one subscriber: a thread of its
 * own sends as many items as the subscriber requested, as soon as it may, and parks otherwise.
 * Every request and item goes through the {@link FlowMeter}.
 */
final class DemandPublisher implements Publisher<Long> {

    private final long count;
    private final FlowMeter meter;

    DemandPublisher(long count, FlowMeter meter) {
        this.count = count;
        this.meter = meter;
    }

    @Override
    public void subscribe(Subscriber<? super Long> subscriber) {
        AtomicLong demand = new AtomicLong();
        AtomicBoolean cancelled = new AtomicBoolean();
        Thread producer = new Thread(() -> {
            long next = 0;
            while (next < count && !cancelled.get()) {
                if (demand.get() == 0) {
                    LockSupport.parkNanos(1_000_000);
                    continue;
                }
                demand.decrementAndGet();
                meter.onEmit();
                subscriber.onNext(next++);
            }
            if (!cancelled.get()) {
                subscriber.onComplete();
            }
        }, "demand-publisher");
        producer.setDaemon(true);
        subscriber.onSubscribe(new Subscription() {
            @Override
            public void request(long n) {
                meter.onRequest(n);
                demand.accumulateAndGet(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
                LockSupport.unpark(producer);
            }

            @Override
            public void cancel() {
                cancelled.set(true);
                LockSupport.unpark(producer);
            }
        });
        producer.start();
    }
}
