package dev.pollbridge.benchmarks;

import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.schedulers.Schedulers;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** An RxJava {@code Schedulers.from(Executors.newFixedThreadPool(2))}, started once per trial. */
@State(Scope.Benchmark)
public class RxScheduler {

    /** The scheduler under test. */
    public Scheduler scheduler;
    private ExecutorService pool;

    /** Starts the pool and wraps it. */
    @Setup(Level.Trial)
    public void start() {
        pool = Executors.newFixedThreadPool(Workers.COUNT);
        scheduler = Schedulers.from(pool);
    }

    /** Stops the pool. */
    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        scheduler.shutdown();
        pool.shutdownNow();
        pool.awaitTermination(10, TimeUnit.SECONDS);
    }
}
