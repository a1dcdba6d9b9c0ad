package dev.pollbridge.benchmarks;

import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.async.AsyncMode;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * async_await in continuation mode (JDK 25, with {@code --add-exports
 * java.base/jdk.internal.vm=ALL-UNNAMED} in the fork): the variants of {@link AsyncAwait} (a ready
 * await, a spawned task's result, a ten-await body, {@code Async.stream} items) and, in the same
 * fork, the virtual-thread anchors of {@link AsyncAwaitVirtual} and the kotlinx-coroutines anchors
 * of {@link KotlinxAwait}, so that the report's ratios come from one run.
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch",
        "-Djdk.virtualThreadScheduler.parallelism=2", "-Djdk.virtualThreadScheduler.maxPoolSize=2",
        "--add-exports", "java.base/jdk.internal.vm=ALL-UNNAMED"})
public class AsyncAwaitContinuation extends AsyncAwaitVirtual {

    /** Anchor for {@code awaitReady}: a coroutine awaiting futures that are already complete. */
    @Benchmark
    @OperationsPerInvocation(AWAITS)
    public long kotlinxAwaitCompleted() throws InterruptedException {
        return KotlinxAwait.awaitCompleted(AWAITS);
    }

    /** Anchor for {@code awaitSpawned}: a coroutine awaiting a round trip through a ForkJoinPool(2). */
    @Benchmark
    @OperationsPerInvocation(AWAITS)
    public long kotlinxAwaitSupplyAsync(ForkJoin fj) throws InterruptedException {
        return KotlinxAwait.awaitSupplyAsync(AWAITS, fj.pool);
    }

    /** Refuses to measure thread mode under this name. */
    @Setup(Level.Trial)
    public void checkMode() {
        if (Async.mode() != AsyncMode.CONTINUATION) {
            throw new IllegalStateException("AsyncAwaitContinuation needs continuation mode, found " + Async.mode());
        }
    }
}
