package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Futures;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.Streams;
import dev.pollbridge.runtime.PollRuntime;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * buffer_unordered: 10,000 units of asynchronous work, at most 16 in flight, their values
 * consumed in completion order (futures-rs's {@code buffer_unordered(16)}, Reactor's
 * {@code flatMap(f, 16)}). Two scenarios, each side by side with its anchor:
 * <ul>
 *   <li><b>spawned</b>: each unit is a task of the pool that returns its index. Pollbridge: a task
 *       polls {@code Streams.bufferUnordered(indices.map(i -> runtime.spawn(ready(i))), 16)} to its
 *       end (each join handle wakes the consumer through its own waker in the set); anchor:
 *       {@code Flux.range(0, n).flatMap(i -> Mono.fromCallable(() -> i).subscribeOn(parallel), 16)}
 *       on a {@code Schedulers.newParallel(2)}.
 *   <li><b>ready</b>: each unit is ready at once, so only the operator is measured. Pollbridge: the
 *       same stream over {@code Futures.ready(i)}, polled by one task; anchor: {@code flatMap(
 *       Mono::just, 16)} subscribed on the parallel scheduler.
 * </ul>
 * Score: units per second, so {@code 1e9 / score} is the cost per unit, with the cost of the
 * pool's hop in the spawned scenario.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class BufferUnordered {

    static final int UNITS = 10_000;
    static final int CONCURRENCY = 16;

    /** Pollbridge, spawned units: {@code bufferUnordered(16)} over join handles. */
    @Benchmark
    @OperationsPerInvocation(UNITS)
    public void pollbridgeSpawned(PollbridgeRuntime rt) throws InterruptedException {
        PollRuntime runtime = rt.runtime;
        consume(runtime, () -> Streams.fromIterable(indices()).map(i -> runtime.spawn(Futures.ready(i))));
    }

    /** Anchor, spawned units: {@code flatMap(i -> fromCallable.subscribeOn(parallel), 16)}. */
    @Benchmark
    @OperationsPerInvocation(UNITS)
    public void reactorFlatMapSpawned(ReactorParallel reactor) throws InterruptedException {
        Scheduler scheduler = reactor.scheduler;
        Countdown done = new Countdown(1);
        Flux.range(0, UNITS)
                .flatMap(i -> Mono.fromCallable(() -> i).subscribeOn(scheduler), CONCURRENCY)
                .count()
                .subscribeOn(scheduler)
                .subscribe(count -> arrive(count, done));
        done.await();
    }

    /** Pollbridge, ready units: the operator alone. */
    @Benchmark
    @OperationsPerInvocation(UNITS)
    public void pollbridgeReady(PollbridgeRuntime rt) throws InterruptedException {
        consume(rt.runtime, () -> Streams.fromIterable(indices()).map(Futures::ready));
    }

    /** Anchor, ready units: {@code flatMap(Mono::just, 16)}. */
    @Benchmark
    @OperationsPerInvocation(UNITS)
    public void reactorFlatMapReady(ReactorParallel reactor) throws InterruptedException {
        Countdown done = new Countdown(1);
        Flux.range(0, UNITS)
                .flatMap(Mono::just, CONCURRENCY)
                .count()
                .subscribeOn(reactor.scheduler)
                .subscribe(count -> arrive(count, done));
        done.await();
    }

    private static Iterable<Integer> indices() {
        return () -> IntStream.range(0, UNITS).iterator();
    }

    /** One task of the runtime builds the stream of futures and counts the values of bufferUnordered(16). */
    private static void consume(PollRuntime runtime, java.util.function.Supplier<PollStream<PollFuture<Integer>>> futures)
            throws InterruptedException {
        Countdown done = new Countdown(1);
        runtime.spawn(Futures.defer(() -> Streams.bufferUnordered(futures.get(), CONCURRENCY)
                .fold(0L, (count, value) -> count + 1)
                .map(count -> arrive(count, done)))).close();
        done.await();
    }

    private static Void arrive(long count, Countdown done) {
        if (count != UNITS) {
            throw new IllegalStateException("buffer_unordered consumed " + count + " values, not " + UNITS);
        }
        done.arrive();
        return null;
    }
}
