package dev.pollbridge.benchmarks;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A {@code new ForkJoinPool(2)} (default, LIFO local queues), the executor of the CompletableFuture
 * anchors, started once per trial.
 */
@State(Scope.Benchmark)
public class ForkJoin {

    /** The pool under test. */
    public ForkJoinPool pool;

    /** Starts the pool. */
    @Setup(Level.Trial)
    public void start() {
        pool = new ForkJoinPool(Workers.COUNT);
    }

    /** Stops the pool and waits for its threads. */
    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        pool.shutdownNow();
        pool.awaitTermination(10, TimeUnit.SECONDS);
    }
}
