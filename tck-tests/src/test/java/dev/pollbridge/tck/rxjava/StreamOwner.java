package dev.pollbridge.tck.rxjava;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The owner of a bridged stream in the subscriber verifications: polls the stream as a task would,
 * on a small pool, but only as many items as the test allows, and closes it when the test cancels.
 * Its waker schedules a drain; a work-in-progress counter keeps drains serial (one poller at a
 * time) and loses no wake.
 */
final class StreamOwner<T> {

    private static final ExecutorService POOL = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "rxjava-tck-stream-owner");
        thread.setDaemon(true);
        return thread;
    });

    private final PollStream<T> stream;
    private final Context context = Context.of(this::schedule);
    private final AtomicLong permits = new AtomicLong();
    private final AtomicInteger wip = new AtomicInteger();
    private volatile boolean cancelWanted;
    /** Drain only. */
    private boolean finished;

    StreamOwner(PollStream<T> stream) {
        this.stream = stream;
    }

    /** Polls once on the calling thread, which subscribes; the stream must then be pending. */
    void subscribeNow() {
        wip.incrementAndGet();
        Poll<T> first = stream.pollNext(context);
        if (!first.isPending()) {
            throw new IllegalStateException("a captured subscription cannot have a signal yet: " + first);
        }
        if (wip.decrementAndGet() != 0) {
            POOL.execute(this::drain);
        }
    }

    /** Lets the owner take {@code n} more items. */
    void allow(long n) {
        permits.getAndAccumulate(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
        schedule();
    }

    /** Closes the stream, which cancels its subscription. */
    void cancel() {
        cancelWanted = true;
        schedule();
    }

    private void schedule() {
        if (wip.getAndIncrement() == 0) {
            POOL.execute(this::drain);
        }
    }

    private void drain() {
        int missed = 1;
        do {
            step();
            missed = wip.addAndGet(-missed);
        } while (missed != 0);
    }

    private void step() {
        if (finished) {
            return;
        }
        if (cancelWanted) {
            finish();
            return;
        }
        while (permits.get() > 0) {
            Poll<T> next = stream.pollNext(context);
            if (next.isPending()) {
                return;
            }
            if (!next.isReady()) {
                finish();
                return;
            }
            if (permits.get() != Long.MAX_VALUE) {
                permits.decrementAndGet();
            }
        }
    }

    private void finish() {
        finished = true;
        stream.close();
    }
}
