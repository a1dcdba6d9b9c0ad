package dev.pollbridge.benchmarks;

import dev.pollbridge.rxjava3.ObservableOverflow;
import dev.pollbridge.rxjava3.ObservableBridge;
import io.reactivex.rxjava3.core.Observable;
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
 * rxjava_observable_bridge: {@code Observable.range(0, 1_000_000)} summed into a {@code long},
 * crossing the bridge both ways ({@code Observable -> toStream -> PollStream -> toObservable ->
 * Observable}), against RxJava pipelines that hand every element to another thread. An Observable
 * has no backpressure, so every variant buffers what its consumer has not taken yet: the bridge in
 * an {@link ObservableOverflow#error(int)} buffer of all the elements, {@code observeOn} in its
 * unbounded queue. Score: elements per second; {@code 1e9 / score} is the cost of one element in ns.
 * <ul>
 *   <li>pollbridge: {@code toObservable(() -> toStream(range, error(n)), runtime).reduce(sum).blockingGet()}:
 *       the first poll subscribes, the range pushes into the stream's buffer, and the task of
 *       {@code toObservable} drains it with the batch path and pushes to the observer.</li>
 *   <li>observeOnUnfused: {@code range.hide().observeOn(single, false, 256)}: a thread hand-off
 *       through RxJava's queue, fusion disabled by {@code hide()}; the like-for-like anchor.</li>
 *   <li>observeOnFused: {@code range.observeOn(single, false, 256)}: the range fused into
 *       {@code observeOn}, which pulls the numbers itself on the single thread.</li>
 *   <li>plainObservable: {@code range.reduce(sum).blockingGet()}: synchronous, the ceiling.</li>
 * </ul>
 * {@code single} is {@link RxJavaStreamBridge.Single}, a fresh single-thread scheduler per trial.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class RxJavaObservableBridge {

    /** Elements per invocation. */
    public static final int ELEMENTS = RxJavaStreamBridge.ELEMENTS;

    /** Pollbridge: Observable to PollStream to Observable with the RxJava adapter, summed. */
    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long pollbridge(PollbridgeRuntime rt) {
        return ObservableBridge.<Integer>toObservable(() -> ObservableBridge.toPollStream(Observable.range(0, ELEMENTS),
                        ObservableOverflow.error(ELEMENTS)), rt.runtime)
                .reduce(0L, (sum, item) -> sum + item)
                .blockingGet();
    }

    /** Anchor: an unfused observeOn hand-off. */
    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long observeOnUnfused(RxJavaStreamBridge.Single single) {
        return Observable.range(0, ELEMENTS).hide().observeOn(single.scheduler, false, RxJavaStreamBridge.PREFETCH)
                .reduce(0L, (sum, item) -> sum + item)
                .blockingGet();
    }

    /** Anchor: observeOn with the range fused into it. */
    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long observeOnFused(RxJavaStreamBridge.Single single) {
        return Observable.range(0, ELEMENTS).observeOn(single.scheduler, false, RxJavaStreamBridge.PREFETCH)
                .reduce(0L, (sum, item) -> sum + item)
                .blockingGet();
    }

    /** Ceiling: the plain, synchronous Observable. */
    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long plainObservable() {
        return Observable.range(0, ELEMENTS).reduce(0L, (sum, item) -> sum + item).blockingGet();
    }
}
