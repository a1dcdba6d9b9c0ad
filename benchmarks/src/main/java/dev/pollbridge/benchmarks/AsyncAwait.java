package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.PollRuntime;
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
 * async_await: the round trip of one {@code Async.await}. One body, spawned as a task on the
 * runtime, awaits {@value #AWAITS} futures one after the other; score: awaits per second. The
 * body runs in the mode of the JVM ({@code Async.mode()}): on Java 17 the platform-thread pool;
 * {@link AsyncAwaitVirtual} runs the same on JDK 25 in thread mode (virtual threads) and
 * {@code AsyncAwaitContinuation} in continuation mode.
 *
 * <ul>
 *   <li>{@code awaitReady}: each future is ready when first polled ({@code Futures.ready}), so the
 *       score is the cost of the await itself: the body hands the future to its owner task and
 *       parks, the owner polls it and hands the value back (issue 13: before it, the body polled
 *       the future itself and never left its thread).
 *   <li>{@code awaitSpawned}: each future is the join handle of a task spawned for it: a round
 *       trip through another task on the same two workers.
 *   <li>Anchor {@code threadJoinSupplyAsync}: the benchmark (platform) thread doing the same round
 *       trip with {@code CompletableFuture.supplyAsync(..., pool).join()} on a
 *       {@code ForkJoinPool(2)}; {@link AsyncAwaitVirtual} adds the virtual-thread anchors.
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class AsyncAwait {

    /** Awaits per invocation (one body). */
    public static final int AWAITS = 1_000;

    /** Pollbridge: one body awaits futures that are ready at once. */
    @Benchmark
    @OperationsPerInvocation(AWAITS)
    public void awaitReady(PollbridgeRuntime rt) throws InterruptedException {
        Countdown done = new Countdown(1);
        rt.runtime.spawn(Async.run(() -> {
            long sum = 0;
            for (int i = 0; i < AWAITS; i++) {
                sum += Async.await(Futures.ready(i));
            }
            done.arrive();
            return sum;
        })).close();
        done.await();
    }

    /** Pollbridge: one body awaits the join handles of tasks it spawns, one after the other. */
    @Benchmark
    @OperationsPerInvocation(AWAITS)
    public void awaitSpawned(PollbridgeRuntime rt) throws InterruptedException {
        Countdown done = new Countdown(1);
        PollRuntime runtime = rt.runtime;
        runtime.spawn(Async.run(() -> {
            long sum = 0;
            for (int i = 0; i < AWAITS; i++) {
                sum += Async.await(runtime.spawn(Futures.ready(i)));
            }
            done.arrive();
            return sum;
        })).close();
        done.await();
    }

    /** Pollbridge: bodies of ten ready awaits each, spawned one after the other; score: bodies per second. */
    @Benchmark
    @OperationsPerInvocation(BODIES)
    public void awaitLoopTen(PollbridgeRuntime rt) throws InterruptedException {
        Countdown done = new Countdown(BODIES);
        PollRuntime runtime = rt.runtime;
        for (int b = 0; b < BODIES; b++) {
            runtime.spawn(Async.run(() -> {
                long sum = 0;
                for (int i = 0; i < 10; i++) {
                    sum += Async.await(Futures.ready(i));
                }
                done.arrive();
                return sum;
            })).close();
        }
        done.await();
    }

    /** Pollbridge: {@value #AWAITS} items of one {@code Async.stream} body, read by a task; score: items per second. */
    @Benchmark
    @OperationsPerInvocation(AWAITS)
    public long streamItems(PollbridgeRuntime rt) {
        PollStream<Integer> items = Async.stream(emitter -> {
            for (int i = 0; i < AWAITS; i++) {
                emitter.emit(i);
            }
        });
        return rt.runtime.blockOn(rt.runtime.spawn(new Drain(items)));
    }

    /** Reads a stream to its end inside one task; the sum of its items. */
    static final class Drain implements dev.pollbridge.api.PollFuture<Long> {
        private final PollStream<Integer> stream;
        private long sum;

        Drain(PollStream<Integer> stream) {
            this.stream = stream;
        }

        @Override
        public Poll<Long> poll(dev.pollbridge.api.Context cx) {
            for (;;) {
                Poll<Integer> next = stream.pollNext(cx);
                if (next.isPending()) {
                    return Poll.pending();
                }
                if (!next.isReady()) {
                    return next.isDone() ? Poll.ready(sum) : Poll.failed(next.error());
                }
                sum += next.value();
            }
        }

        @Override
        public void close() {
            stream.close();
        }
    }

    /** Bodies per invocation of {@code awaitLoopTen}. */
    public static final int BODIES = 100;

    /** Anchor: a platform thread doing the round trip through a ForkJoinPool(2) with join(). */
    @Benchmark
    @OperationsPerInvocation(AWAITS)
    public long threadJoinSupplyAsync(ForkJoin fj) {
        return supplyAsyncRoundTrips(fj.pool);
    }

    /** {@value #AWAITS} round trips through {@code pool}, each waited for with {@code join()}. */
    static long supplyAsyncRoundTrips(ForkJoinPool pool) {
        long sum = 0;
        for (int i = 0; i < AWAITS; i++) {
            int value = i;
            sum += CompletableFuture.supplyAsync(() -> value, pool).join();
        }
        return sum;
    }
}
