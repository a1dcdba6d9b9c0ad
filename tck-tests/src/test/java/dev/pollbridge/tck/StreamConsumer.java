package dev.pollbridge.tck;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The owner of a bridged stream in the subscriber verifications: it polls the stream as a task
 * would, on a shared pool, but only as many items as the test allows ({@link #allow}), and
 * closes it when the test cancels. Its waker schedules a drain; a work-in-progress counter makes
 * the drains serial (one poller at a time) and loses no wake.
 */
public final class StreamConsumer<T> {

    private static final ExecutorService POOL = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "tck-stream-consumer");
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

    StreamConsumer(PollStream<T> stream) {
        this.stream = stream;
    }

    /** Polls once on the calling thread, which subscribes; the stream must then be pending. */
    void subscribeNow() {
        if (wip.getAndIncrement() != 0) {
            throw new IllegalStateException("subscribeNow() must come first");
        }
        Poll<T> first = stream.pollNext(context);
        if (!first.isPending()) {
            throw new IllegalStateException("a captured subscription cannot have a signal yet: " + first);
        }
        if (wip.decrementAndGet() != 0) {
            POOL.execute(this::drain);
        }
    }

    /** Lets the consumer take {@code n} more items. */
    public void allow(long n) {
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
