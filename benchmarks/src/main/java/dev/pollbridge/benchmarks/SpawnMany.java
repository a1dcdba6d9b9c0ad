package dev.pollbridge.benchmarks;

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
 * spawn_many (Tokio's {@code spawn_many_remote_idle} / {@code spawn_many_local}): spawn 10,000
 * trivial tasks and wait until all ran, either from the benchmark thread (outside the pool) or from
 * inside a task of the pool ({@code Local}). The trivial task only counts itself down. Score: tasks
 * per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class SpawnMany {

    /** Tasks per invocation. */
    public static final int TASKS = 10_000;

    /** Pollbridge: {@code runtime.spawn(task)} from the benchmark thread, handles detached. */
    @Benchmark
    @OperationsPerInvocation(TASKS)
    public void pollbridge(PollbridgeRuntime rt) throws InterruptedException {
        Countdown done = new Countdown(TASKS);
        spawnAll(rt.runtime, done);
        done.await();
    }

    /** Pollbridge: one task spawns the 10,000 from a worker. */
    @Benchmark
    @OperationsPerInvocation(TASKS)
    public void pollbridgeLocal(PollbridgeRuntime rt) throws InterruptedException {
        Countdown done = new Countdown(TASKS);
        PollRuntime runtime = rt.runtime;
        runtime.spawn((PollFuture<Void>) cx -> {
            spawnAll(runtime, done);
            return Poll.ready(null);
        }).close();
        done.await();
    }

    /** Anchor: {@code CompletableFuture.runAsync(task, forkJoinPool)} from the benchmark thread. */
    @Benchmark
    @OperationsPerInvocation(TASKS)
    public void forkJoin(ForkJoin fj) throws InterruptedException {
        Countdown done = new Countdown(TASKS);
        runAllAsync(fj.pool, done);
        done.await();
    }

    /** Anchor: one ForkJoinPool task calls {@code runAsync} 10,000 times (local queue). */
    @Benchmark
    @OperationsPerInvocation(TASKS)
    public void forkJoinLocal(ForkJoin fj) throws InterruptedException {
        Countdown done = new Countdown(TASKS);
        ForkJoinPool pool = fj.pool;
        pool.execute(() -> runAllAsync(pool, done));
        done.await();
    }

    /** Anchor: {@code Mono.fromRunnable(task).subscribeOn(parallel).subscribe()} from the benchmark thread. */
    @Benchmark
    @OperationsPerInvocation(TASKS)
    public void reactor(ReactorParallel reactor) throws InterruptedException {
        Countdown done = new Countdown(TASKS);
        subscribeAll(reactor.scheduler, done);
        done.await();
    }

    /** Anchor: the same, from inside a task running on the parallel scheduler. */
    @Benchmark
    @OperationsPerInvocation(TASKS)
    public void reactorLocal(ReactorParallel reactor) throws InterruptedException {
        Countdown done = new Countdown(TASKS);
        Scheduler scheduler = reactor.scheduler;
        Mono.fromRunnable(() -> subscribeAll(scheduler, done)).subscribeOn(scheduler).subscribe();
        done.await();
    }

    static void spawnAll(PollRuntime runtime, Countdown done) {
        for (int i = 0; i < TASKS; i++) {
            // A fresh future per task, as user code would create (the anchors' frameworks allocate
            // their own wrapper per task around the shared Runnable).
            runtime.spawn(new Arrive(done)).close();
        }
    }

    static void runAllAsync(ForkJoinPool pool, Countdown done) {
        Runnable task = done::arrive;
        for (int i = 0; i < TASKS; i++) {
            CompletableFuture.runAsync(task, pool);
        }
    }

    static void subscribeAll(Scheduler scheduler, Countdown done) {
        Runnable task = done::arrive;
        for (int i = 0; i < TASKS; i++) {
            Mono.fromRunnable(task).subscribeOn(scheduler).subscribe();
        }
    }
}
