package dev.pollbridge.rxjava3;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.reactivestreams.Subscription;

/** A {@code Subscription} that counts requests and cancels, and may throw from either. */
final class CountingSubscription implements Subscription {

    final AtomicLong requested = new AtomicLong();
    final AtomicInteger requests = new AtomicInteger();
    final AtomicInteger cancels = new AtomicInteger();
    volatile RuntimeException thrownOnRequest;
    volatile int throwOnRequestNumber = 1;
    volatile RuntimeException thrownOnCancel;

    @Override
    public void request(long n) {
        requested.addAndGet(n);
        if (requests.incrementAndGet() == throwOnRequestNumber && thrownOnRequest != null) {
            throw thrownOnRequest;
        }
    }

    @Override
    public void cancel() {
        cancels.incrementAndGet();
        if (thrownOnCancel != null) {
            throw thrownOnCancel;
        }
    }
}
