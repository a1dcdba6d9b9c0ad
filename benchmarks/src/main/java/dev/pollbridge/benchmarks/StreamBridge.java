package dev.pollbridge.benchmarks;

import dev.pollbridge.reactor.FluxBridge;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import io.reactivex.rxjava3.core.Flowable;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * stream_bridge: {@code Flux.range(0, 1_000_000)} summed into a {@code long}, crossing the bridge
 * both ways ({@code Flux -> toPollStream -> PollStream -> toFlux -> Flux}) against Reactor and RxJava
 * pipelines that hand every element over through a queue. Score: elements per second;
 * {@code 1e9 / score} is the cost of one element in ns.
 * <ul>
 *   <li>pollbridge: {@code FluxBridge.toFlux(() -> toPollStream(range), runtime).reduce(sum).block()}:
 *       the stream is polled by a task on the two-worker runtime while there is demand, and the
 *       {@code toPollStream} side requests from the range with the default bounded prefetch (256).</li>
 *   <li>pollbridgeReactiveStreams: the same with {@code ReactiveStreamsBridge.toPollStream} and
 *       {@code Flux.from(ReactiveStreamsBridge.toPublisher(...))}.</li>
 *   <li>plainFlux: {@code range.reduce(sum).block()}: synchronous and fused, the ceiling.</li>
 *   <li>publishOnUnfused: {@code range.hide().publishOn(single, 256).reduce(sum).block()}: a thread
 *       hand-off through a 256-element queue, fusion disabled by {@code hide()}.</li>
 *   <li>rxjavaObserveOn: {@code Flowable.range.hide().observeOn(from(pool of 2)).reduce(sum)
 *       .blockingGet()}: the same hand-off in RxJava (default buffer 128).</li>
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class StreamBridge {

    /** Elements per invocation. */
    public static final int ELEMENTS = 1_000_000;
    /** publishOn prefetch of the unfused Reactor pipeline. */
    public static final int PREFETCH = 256;

    /** A Reactor {@code Schedulers.newSingle}, the {@code publishOn} target. */
    @State(Scope.Benchmark)
    public static class Single {
        /** The scheduler under test. */
        public Scheduler scheduler;

        /** Starts the scheduler. */
        @Setup(Level.Trial)
        public void start() {
            scheduler = Schedulers.newSingle("reactor-single-bench");
        }

        /** Disposes of it. */
        @TearDown(Level.Trial)
        public void stop() {
            scheduler.dispose();
        }
    }

    /** Pollbridge: Flux to PollStream to Flux with the Reactor adapter, summed. */
    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long pollbridge(PollbridgeRuntime rt) {
        return FluxBridge.<Integer>toFlux(() -> FluxBridge.toPollStream(Flux.range(0, ELEMENTS)), rt.runtime)
                .reduce(0L, (sum, item) -> sum + item)
                .block();
    }

    /** Pollbridge: the same through the generic Reactive Streams bridge, wrapped by {@code Flux.from}. */
    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long pollbridgeReactiveStreams(PollbridgeRuntime rt) {
        return Flux.from(ReactiveStreamsBridge.<Integer>toPublisher(
                        () -> ReactiveStreamsBridge.toPollStream(Flux.range(0, ELEMENTS)), rt.runtime))
                .reduce(0L, (sum, item) -> sum + item)
                .block();
    }

    /** Anchor: the plain, fused Flux. */
    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long plainFlux() {
        return Flux.range(0, ELEMENTS).reduce(0L, (sum, item) -> sum + item).block();
    }

    /** Anchor: an unfused publishOn hand-off. */
    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long publishOnUnfused(Single single) {
        return Flux.range(0, ELEMENTS).hide().publishOn(single.scheduler, PREFETCH)
                .reduce(0L, (sum, item) -> sum + item)
                .block();
    }

    /** Anchor: an unfused RxJava observeOn hand-off. */
    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long rxjavaObserveOn(RxScheduler rx) {
        return Flowable.range(0, ELEMENTS).hide().observeOn(rx.scheduler)
                .reduce(0L, (sum, item) -> sum + item)
                .blockingGet();
    }
}
