package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
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
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * chained_spawn (Tokio's shape): a chain of 1,000 tasks, each spawning the next from inside the
 * pool; the last one counts down. Only one task is runnable at a time, so this measures the latency
 * of one spawn-to-run hop. Score: spawns per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class ChainedSpawn {

    /** Tasks per chain. */
    public static final int LENGTH = 1_000;

    /** Pollbridge: each future spawns the next with {@code runtime.spawn}. */
    @Benchmark
    @OperationsPerInvocation(LENGTH)
    public void pollbridge(PollbridgeRuntime rt) throws InterruptedException {
        Countdown done = new Countdown(1);
        rt.runtime.spawn(new Link(rt.runtime, LENGTH - 1, done)).close();
        done.await();
    }

    /** Anchor: each step calls {@code CompletableFuture.runAsync(next, forkJoinPool)}. */
    @Benchmark
    @OperationsPerInvocation(LENGTH)
    public void completableFuture(ForkJoin fj) throws InterruptedException {
        Countdown done = new Countdown(1);
        ForkJoinPool pool = fj.pool;
        CompletableFuture.runAsync(() -> cfStep(pool, LENGTH - 1, done), pool);
        done.await();
    }

    /** Anchor: each step subscribes {@code Mono.fromRunnable(next).subscribeOn(parallel)}. */
    @Benchmark
    @OperationsPerInvocation(LENGTH)
    public void reactor(ReactorParallel reactor) throws InterruptedException {
        Countdown done = new Countdown(1);
        Scheduler scheduler = reactor.scheduler;
        Mono.fromRunnable(() -> reactorStep(scheduler, LENGTH - 1, done)).subscribeOn(scheduler).subscribe();
        done.await();
    }

    static void cfStep(ForkJoinPool pool, int remaining, Countdown done) {
        if (remaining == 0) {
            done.arrive();
        } else {
            CompletableFuture.runAsync(() -> cfStep(pool, remaining - 1, done), pool);
        }
    }

    static void reactorStep(Scheduler scheduler, int remaining, Countdown done) {
        if (remaining == 0) {
            done.arrive();
        } else {
            Mono.fromRunnable(() -> reactorStep(scheduler, remaining - 1, done)).subscribeOn(scheduler).subscribe();
        }
    }

    /** One link of the chain: spawns the next link, or counts down if it is the last. */
    static final class Link implements PollFuture<Void> {
        private final PollRuntime runtime;
        private final int remaining;
        private final Countdown done;

        Link(PollRuntime runtime, int remaining, Countdown done) {
            this.runtime = runtime;
            this.remaining = remaining;
            this.done = done;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (remaining == 0) {
                done.arrive();
            } else {
                runtime.spawn(new Link(runtime, remaining - 1, done)).close();
            }
            return Poll.ready(null);
        }
    }
}
