package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * join_many: one task of the pool spawns {@code n} trivial children (each returns its index) and
 * waits for all of them, collecting their values in order; {@code n} is 10, 1,000 and 100,000.
 * Pollbridge: {@code Futures.joinAll} over the children's join handles, awaited by the spawning
 * task (children finish on both workers while the join is pending, so it is woken many times);
 * anchor: {@code CompletableFuture.allOf} over {@code supplyAsync} children on a
 * {@code ForkJoinPool(2)}, then the values read with {@code join()}. Score: children per second,
 * so {@code 1e9 / score} is the cost per child, spawn and join together; a join whose wake cost
 * grew with {@code n} would show as a cost per child growing with {@code n}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class JoinMany {

    /** Pollbridge, 10 children. */
    @Benchmark
    @OperationsPerInvocation(10)
    public void pollbridge10(PollbridgeRuntime rt) throws InterruptedException {
        pollbridge(rt.runtime, 10);
    }

    /** Pollbridge, 1,000 children. */
    @Benchmark
    @OperationsPerInvocation(1_000)
    public void pollbridge1000(PollbridgeRuntime rt) throws InterruptedException {
        pollbridge(rt.runtime, 1_000);
    }

    /** Pollbridge, 100,000 children. */
    @Benchmark
    @OperationsPerInvocation(100_000)
    public void pollbridge100000(PollbridgeRuntime rt) throws InterruptedException {
        pollbridge(rt.runtime, 100_000);
    }

    /** Anchor, 10 children. */
    @Benchmark
    @OperationsPerInvocation(10)
    public void allOf10(ForkJoin fj) throws InterruptedException {
        allOf(fj.pool, 10);
    }

    /** Anchor, 1,000 children. */
    @Benchmark
    @OperationsPerInvocation(1_000)
    public void allOf1000(ForkJoin fj) throws InterruptedException {
        allOf(fj.pool, 1_000);
    }

    /** Anchor, 100,000 children. */
    @Benchmark
    @OperationsPerInvocation(100_000)
    public void allOf100000(ForkJoin fj) throws InterruptedException {
        allOf(fj.pool, 100_000);
    }

    static void pollbridge(PollRuntime runtime, int n) throws InterruptedException {
        Countdown done = new Countdown(1);
        runtime.spawn(Futures.defer(() -> {
            List<JoinHandle<Integer>> children = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                children.add(runtime.spawn(Futures.ready(i)));
            }
            PollFuture<List<Integer>> all = Futures.joinAll(children);
            return all.map(values -> arrive(values, n, done));
        })).close();
        done.await();
    }

    static void allOf(ForkJoinPool pool, int n) throws InterruptedException {
        Countdown done = new Countdown(1);
        pool.execute(() -> {
            @SuppressWarnings("unchecked")
            CompletableFuture<Integer>[] children = new CompletableFuture[n];
            for (int i = 0; i < n; i++) {
                Integer value = i;
                children[i] = CompletableFuture.supplyAsync(() -> value, pool);
            }
            CompletableFuture.allOf(children).thenRun(() -> {
                List<Integer> values = new ArrayList<>(n);
                for (CompletableFuture<Integer> child : children) {
                    values.add(child.join());
                }
                arrive(values, n, done);
            });
        });
        done.await();
    }

    private static Void arrive(List<Integer> values, int n, Countdown done) {
        if (values.size() != n || values.get(n - 1) != n - 1) {
            throw new IllegalStateException("join_many collected " + values.size() + " values, not " + n);
        }
        done.arrive();
        return null;
    }
}
