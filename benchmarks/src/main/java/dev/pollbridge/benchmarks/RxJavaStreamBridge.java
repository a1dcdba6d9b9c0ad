package dev.pollbridge.benchmarks;

import dev.pollbridge.rxjava3.FlowableBridge;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
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

/**
 * rxjava_stream_bridge: {@code Flowable.range(0, 1_000_000)} summed into a {@code long}, crossing
 * the bridge both ways ({@code Flowable -> toPollStream -> PollStream -> toFlowable -> Flowable}),
 * against RxJava pipelines that hand every element to another thread. Score: elements per
 * second; {@code 1e9 / score} is the cost of one element in ns.
 * <ul>
 *   <li>pollbridge: {@code FlowableBridge.toFlowable(() -> toPollStream(range), runtime).reduce(sum).blockingGet()}:
 *       the stream is polled by a task on the two-worker runtime while there is demand; the
 *       {@code toPollStream} side requests from the range with the default bounded prefetch (256).</li>
 *   <li>observeOnUnfused: {@code range.hide().observeOn(single, false, 256).reduce(sum).blockingGet()}:
 *       a thread hand-off through a 256-element queue, fusion disabled by {@code hide()}; the
 *       comparison of like with like.</li>
 *   <li>observeOnFused: {@code range.observeOn(single, false, 256)}: RxJava fuses the range into
 *       {@code observeOn}, which then pulls the numbers itself on the single thread, with no
 *       queue in between.</li>
 *   <li>plainFlowable: {@code range.reduce(sum).blockingGet()}: synchronous, the ceiling.</li>
 * </ul>
 * {@code single} is a fresh RxJava single-thread scheduler ({@code RxJavaPlugins.createSingleScheduler})
 * per trial, the scheduler {@code Schedulers.single()} is an instance of.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class RxJavaStreamBridge {

    /** Elements per invocation. */
    public static final int ELEMENTS = 1_000_000;
    /** observeOn buffer of the RxJava pipelines, equal to the bridge's default prefetch. */
    public static final int PREFETCH = 256;

    /** A fresh RxJava single-thread scheduler, the {@code observeOn} target. */
    @State(Scope.Benchmark)
    public static class Single {
        /** The scheduler under test. */
        public Scheduler scheduler;

        /** Starts the scheduler. */
        @Setup(Level.Trial)
        public void start() {
            scheduler = RxJavaPlugins.createSingleScheduler(runnable -> {
                Thread thread = new Thread(runnable, "rxjava-single-bench");
                thread.setDaemon(true);
                return thread;
            });
        }

        /** Stops it. */
        @TearDown(Level.Trial)
        public void stop() {
            scheduler.shutdown();
        }
    }

    /** Pollbridge: Flowable to PollStream to Flowable with the RxJava adapter, summed. */
    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long pollbridge(PollbridgeRuntime rt) {
        return FlowableBridge.<Integer>toFlowable(() -> FlowableBridge.toPollStream(Flowable.range(0, ELEMENTS)), rt.runtime)
                .reduce(0L, (sum, item) -> sum + item)
                .blockingGet();
    }

    /** Anchor: an unfused observeOn hand-off through a 256-element queue. */
    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long observeOnUnfused(Single single) {
        return Flowable.range(0, ELEMENTS).hide().observeOn(single.scheduler, false, PREFETCH)
                .reduce(0L, (sum, item) -> sum + item)
                .blockingGet();
    }

    /** Anchor: observeOn with the range fused into it (no queue hand-off). */
    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long observeOnFused(Single single) {
        return Flowable.range(0, ELEMENTS).observeOn(single.scheduler, false, PREFETCH)
                .reduce(0L, (sum, item) -> sum + item)
                .blockingGet();
    }

    /** Ceiling: the plain, synchronous Flowable. */
    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long plainFlowable() {
        return Flowable.range(0, ELEMENTS).reduce(0L, (sum, item) -> sum + item).blockingGet();
    }
}
