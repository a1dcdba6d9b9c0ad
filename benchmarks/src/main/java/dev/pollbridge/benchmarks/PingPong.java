package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.sync.Promise;
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
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;

/**
 * ping_pong (Tokio's shape): one task spawns 1,000 rounds; each round creates two one-shot channels,
 * spawns a ponger that awaits the ping and answers with a pong, sends the ping, and awaits the pong.
 * All rounds run concurrently; the invocation ends when every pong arrived. Score: rounds per second.
 *
 * <p>Per round every variant runs two tasks (pinger, ponger) and two one-shot values:
 * Pollbridge spawns two futures over two {@code Promise}s; CompletableFuture runs the pinger with {@code runAsync} and the
 * ponger as {@code thenRunAsync} on the ping; Reactor subscribes the pinger and the ponger with
 * {@code subscribeOn(parallel)} and uses two {@code Sinks.one()}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class PingPong {

    /** Rounds per invocation. */
    public static final int ROUNDS = 1_000;

    /** Pollbridge: spawned pinger and ponger futures over two one-shot channels. */
    @Benchmark
    @OperationsPerInvocation(ROUNDS)
    public void pollbridge(PollbridgeRuntime rt) throws InterruptedException {
        Countdown done = new Countdown(ROUNDS);
        PollRuntime runtime = rt.runtime;
        runtime.spawn((PollFuture<Void>) cx -> {
            for (int i = 0; i < ROUNDS; i++) {
                runtime.spawn(new Pinger(runtime, done)).close();
            }
            return Poll.ready(null);
        }).close();
        done.await();
    }

    /** Anchor: CompletableFuture on a ForkJoinPool(2). */
    @Benchmark
    @OperationsPerInvocation(ROUNDS)
    public void completableFuture(ForkJoin fj) throws InterruptedException {
        Countdown done = new Countdown(ROUNDS);
        ForkJoinPool pool = fj.pool;
        pool.execute(() -> {
            for (int i = 0; i < ROUNDS; i++) {
                CompletableFuture.runAsync(() -> {
                    CompletableFuture<Boolean> ping = new CompletableFuture<>();
                    CompletableFuture<Boolean> pong = new CompletableFuture<>();
                    ping.thenRunAsync(() -> pong.complete(Boolean.TRUE), pool);
                    ping.complete(Boolean.TRUE);
                    pong.thenRun(done::arrive);
                }, pool);
            }
        });
        done.await();
    }

    /** Anchor: Reactor on Schedulers.newParallel(2) with Sinks.one(). */
    @Benchmark
    @OperationsPerInvocation(ROUNDS)
    public void reactor(ReactorParallel reactor) throws InterruptedException {
        Countdown done = new Countdown(ROUNDS);
        Scheduler scheduler = reactor.scheduler;
        Mono.fromRunnable(() -> {
            for (int i = 0; i < ROUNDS; i++) {
                Mono.fromRunnable(() -> {
                    Sinks.One<Boolean> ping = Sinks.one();
                    Sinks.One<Boolean> pong = Sinks.one();
                    ping.asMono().subscribeOn(scheduler).subscribe(value -> pong.tryEmitValue(Boolean.TRUE));
                    ping.tryEmitValue(Boolean.TRUE);
                    pong.asMono().subscribe(value -> done.arrive());
                }).subscribeOn(scheduler).subscribe();
            }
        }).subscribeOn(scheduler).subscribe();
        done.await();
    }

    /** Sends the ping to a freshly spawned ponger, then waits for the pong. */
    static final class Pinger implements PollFuture<Void> {
        private final PollRuntime runtime;
        private final Countdown done;
        private PollFuture<Boolean> pong;

        Pinger(PollRuntime runtime, Countdown done) {
            this.runtime = runtime;
            this.done = done;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (pong == null) {
                Promise<Boolean> ping = Promise.create();
                Promise<Boolean> pongPromise = Promise.create();
                runtime.spawn(new Ponger(ping.future(), pongPromise)).close();
                ping.complete(Boolean.TRUE);
                pong = pongPromise.future();
            }
            if (pong.poll(cx).isPending()) {
                return Poll.pending();
            }
            pong.close();
            done.arrive();
            return Poll.ready(null);
        }
    }

    /** Waits for the ping, then sends the pong. */
    static final class Ponger implements PollFuture<Void> {
        private final PollFuture<Boolean> ping;
        private final Promise<Boolean> pong;

        Ponger(PollFuture<Boolean> ping, Promise<Boolean> pong) {
            this.ping = ping;
            this.pong = pong;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (ping.poll(cx).isPending()) {
                return Poll.pending();
            }
            ping.close();
            pong.complete(Boolean.TRUE);
            return Poll.ready(null);
        }
    }
}
