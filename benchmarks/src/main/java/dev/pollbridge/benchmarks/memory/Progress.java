package dev.pollbridge.benchmarks.memory;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/** Counts units reaching a state, and waits (bounded) for a count. */
final class Progress {

    private static final long TIMEOUT_NANOS = TimeUnit.MINUTES.toNanos(5);

    private final AtomicInteger reached = new AtomicInteger();

    void arrive() {
        reached.incrementAndGet();
    }

    int count() {
        return reached.get();
    }

    void await(int count, String what) throws InterruptedException {
        waitFor(() -> reached.get() >= count, () -> what + ": " + reached.get() + " of " + count);
    }

    static void waitFor(BooleanSupplier condition, java.util.function.Supplier<String> describe)
            throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT_NANOS;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("timed out waiting for " + describe.get());
            }
            Thread.sleep(5);
        }
    }
}
