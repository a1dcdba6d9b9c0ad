package dev.pollbridge.benchmarks;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts arrivals of the units of one benchmark invocation and releases the benchmark thread when the
 * last one arrives. Every variant of a scenario finishes through the same countdown, so the cost of
 * waking the waiting benchmark thread (tens of microseconds on a small VM) is the same for all.
 */
public final class Countdown {

    /** A bound on one invocation, so that a lost wake-up fails the run instead of hanging it. */
    private static final long TIMEOUT_SECONDS = 60;

    private final AtomicInteger remaining;
    private final CountDownLatch done = new CountDownLatch(1);

    /** A countdown that opens after {@code count} calls of {@link #arrive()}. */
    public Countdown(int count) {
        if (count <= 0) {
            throw new IllegalArgumentException("count must be positive: " + count);
        }
        this.remaining = new AtomicInteger(count);
    }

    /** One unit is finished; any thread. */
    public void arrive() {
        if (remaining.decrementAndGet() == 0) {
            done.countDown();
        }
    }

    /** Blocks the calling (benchmark) thread until every unit arrived. */
    public void await() throws InterruptedException {
        if (!done.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException("benchmark work did not finish within " + TIMEOUT_SECONDS
                    + " s; " + remaining.get() + " units missing (lost wake-up?)");
        }
    }
}
