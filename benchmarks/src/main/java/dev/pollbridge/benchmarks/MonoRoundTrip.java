package dev.pollbridge.benchmarks;

import dev.pollbridge.reactor.MonoBridge;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import reactor.core.publisher.Mono;

/**
 * mono_roundtrip: one value through a Mono and back to the benchmark thread. Score: round trips per
 * second.
 * <ul>
 *   <li>toMonoToFuture: {@code toMono(() -> toPollFuture(Mono.just(x)), runtime).block()}: each
 *       subscription spawns a task on the runtime; one thread hop and one wake of the blocked
 *       caller, like {@code subscribeOnParallelBlock}.</li>
 *   <li>blockOnToFuture: {@code runtime.blockOn(toPollFuture(Mono.just(x)))}: polled on the calling
 *       thread, no hop, like {@code monoBlock}.</li>
 *   <li>subscribeOnParallelBlock: {@code Mono.just(x).subscribeOn(parallel(2)).block()}.</li>
 *   <li>monoBlock: {@code Mono.just(x).block()}, which Reactor answers without a subscription
 *       (a scalar shortcut); monoHideBlock: {@code Mono.just(x).hide().block()}, the same through a
 *       real subscription.</li>
 *   <li>completableFuture: {@code supplyAsync(() -> x, forkJoinPool(2)).thenApply(v -> v + 1).join()}.</li>
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class MonoRoundTrip {

    /** A field, not a constant, so that the JIT cannot fold the synchronous variants away. */
    public Integer value = 42;

    /** Pollbridge: a Mono bridged to a future and back to a Mono, run on the runtime. */
    @Benchmark
    public Integer toMonoToFuture(PollbridgeRuntime rt) {
        return MonoBridge.<Integer>toMono(() -> MonoBridge.toPollFuture(Mono.just(value)), rt.runtime).block();
    }

    /** Pollbridge: a Mono bridged to a future and driven by {@code blockOn} on the calling thread. */
    @Benchmark
    public Integer blockOnToFuture(PollbridgeRuntime rt) {
        return rt.runtime.blockOn(MonoBridge.toPollFuture(Mono.just(value)));
    }

    /** Anchor: one hop to Reactor's parallel scheduler. */
    @Benchmark
    public Integer subscribeOnParallelBlock(ReactorParallel reactor) {
        return Mono.just(value).subscribeOn(reactor.scheduler).block();
    }

    /** Anchor: a synchronous Mono ({@code Mono.just(x).block()} returns the value without subscribing). */
    @Benchmark
    public Integer monoBlock() {
        return Mono.just(value).block();
    }

    /** Anchor: a synchronous Mono through a real subscription ({@code hide()} defeats the scalar shortcut). */
    @Benchmark
    public Integer monoHideBlock() {
        return Mono.just(value).hide().block();
    }

    /** Anchor: one hop to a ForkJoinPool(2) and one dependent stage. */
    @Benchmark
    public Integer completableFuture(ForkJoin fj) {
        return CompletableFuture.supplyAsync(() -> value, fj.pool).thenApply(v -> v + 1).join();
    }
}
