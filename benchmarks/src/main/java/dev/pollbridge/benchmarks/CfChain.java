package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.completablefuture.CompletableFutureBridge;
import dev.pollbridge.runtime.PollRuntime;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * cf_chain: a ten-stage chain (a source computed on the pool, then nine transformations), awaited
 * by the benchmark thread, as the three steps of a migration. Score: chains per second.
 * <ul>
 *   <li>completableFuture: {@code supplyAsync(source, forkJoinPool(2))}, nine {@code thenApply},
 *       {@code join()}.</li>
 *   <li>pollbridge: {@code Futures.lazy(source)}, nine {@code map}, spawned on the runtime and
 *       awaited with {@code blockOn(handle)}.</li>
 *   <li>halfMigrated: the source and four {@code map} stages on the runtime, bridged with
 *       {@code CompletableFutureBridge.toCompletableFuture(future, runtime)}, then five
 *       {@code thenApply} and {@code join()}.</li>
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class CfChain {

    /** Stages per chain, the source included. */
    public static final int STAGES = 10;
    private static final UnaryOperator<Long> STEP = value -> value * 31 + 7;

    /** Anchor: ten CompletableFuture stages. */
    @Benchmark
    public long completableFuture(ForkJoin fj) {
        CompletableFuture<Long> chain = CompletableFuture.supplyAsync(() -> 1L, fj.pool);
        for (int stage = 1; stage < STAGES; stage++) {
            chain = chain.thenApply(STEP);
        }
        return chain.join();
    }

    /** Pollbridge: ten future stages in one task. */
    @Benchmark
    public long pollbridge(PollbridgeRuntime rt) {
        PollRuntime runtime = rt.runtime;
        PollFuture<Long> chain = Futures.lazy(() -> 1L);
        for (int stage = 1; stage < STAGES; stage++) {
            chain = chain.map(STEP);
        }
        return runtime.blockOn(runtime.spawn(chain));
    }

    /** Half migrated: five Pollbridge stages, then five CompletableFuture stages. */
    @Benchmark
    public long halfMigrated(PollbridgeRuntime rt) {
        PollFuture<Long> migrated = Futures.lazy(() -> 1L);
        for (int stage = 1; stage < STAGES / 2; stage++) {
            migrated = migrated.map(STEP);
        }
        CompletableFuture<Long> chain = CompletableFutureBridge.toCompletableFuture(migrated, rt.runtime);
        for (int stage = STAGES / 2; stage < STAGES; stage++) {
            chain = chain.thenApply(STEP);
        }
        return chain.join();
    }
}
