package dev.pollbridge.benchmarks;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.OperationsPerInvocation;

/**
 * async_await with the virtual-thread anchors (Java 21+ source set, run on JDK 25): inherits the
 * variants of {@link AsyncAwait}, whose bodies run on virtual threads here, and adds one virtual
 * thread on two carriers doing the same {@value AsyncAwait#AWAITS} waits with
 * {@code CompletableFuture.join()}.
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch",
        "-Djdk.virtualThreadScheduler.parallelism=2", "-Djdk.virtualThreadScheduler.maxPoolSize=2"})
public class AsyncAwaitVirtual extends AsyncAwait {

    /** Anchor for {@code awaitReady}: a virtual thread joining futures that are already complete. */
    @Benchmark
    @OperationsPerInvocation(AWAITS)
    public void virtualThreadJoinCompleted() throws InterruptedException {
        Countdown done = new Countdown(1);
        Thread.ofVirtual().start(() -> {
            long sum = 0;
            for (int i = 0; i < AWAITS; i++) {
                sum += CompletableFuture.completedFuture(i).join();
            }
            if (sum >= 0) {
                done.arrive();
            }
        });
        done.await();
    }

    /** Anchor for {@code awaitSpawned}: a virtual thread doing the round trip through a ForkJoinPool(2). */
    @Benchmark
    @OperationsPerInvocation(AWAITS)
    public void virtualThreadJoinSupplyAsync(ForkJoin fj) throws InterruptedException {
        Countdown done = new Countdown(1);
        ForkJoinPool pool = fj.pool;
        Thread.ofVirtual().start(() -> {
            if (supplyAsyncRoundTrips(pool) >= 0) {
                done.arrive();
            }
        });
        done.await();
    }
}
