package dev.pollbridge.benchmarks.cpu;

import com.sun.management.OperatingSystemMXBean;
import dev.pollbridge.benchmarks.PollbridgeRuntime;
import dev.pollbridge.benchmarks.RxJavaStreamBridge;
import dev.pollbridge.benchmarks.StreamBridge;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * CPU nanoseconds per element of one stream-bridge scenario, from the process's CPU time.
 *
 * <h2>Method</h2>
 * The scenario is the JMH benchmark method itself ({@code StreamBridge.pollbridge} and the
 * others, with their state objects set up as JMH would), so both measure the same code. After
 * {@code warmup} invocations, each of {@code rounds} rounds runs five invocations (5,000,000
 * elements) and divides the process CPU time they took ({@code OperatingSystemMXBean.getProcessCpuTime},
 * every thread: the one that works, a worker that spins or parks, the garbage collector and the
 * compiler) by the elements; the output is the median and the range of the rounds, and the same
 * for wall-clock time. On a machine that other work keeps busy, the CPU time per element moves
 * far less than the wall-clock time, so it is the better comparison of two versions of the code
 * there; it is not a throughput, and a pipeline that hands over between two threads (the
 * {@code publishOn} and {@code observeOn} anchors) can use more CPU than wall-clock time.
 *
 * <p>Usage: {@code java -Xms2g -Xmx2g -cp benchmarks.jar dev.pollbridge.benchmarks.cpu.StreamCpu SCENARIO [ROUNDS] [WARMUP]}
 * with a scenario from {@link #SCENARIOS} (the JMH benchmark names), 7 rounds and 30 warm-up
 * invocations by default. Prints one line.
 */
public final class StreamCpu {

    /** The scenarios, by the JMH benchmark they run. */
    static final String[] SCENARIOS = {
        "StreamBridge.pollbridge", "StreamBridge.pollbridgeReactiveStreams", "StreamBridge.publishOnUnfused",
        "RxJavaStreamBridge.pollbridge", "RxJavaStreamBridge.observeOnUnfused", "RxJavaStreamBridge.observeOnFused",
    };

    private StreamCpu() {}

    /**
     * Measures one scenario.
     *
     * @param args the scenario, then optionally the rounds and the warm-up invocations
     * @throws Exception if the scenario's setup or teardown fails
     */
    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            throw new IllegalArgumentException("usage: StreamCpu SCENARIO [ROUNDS] [WARMUP]; scenarios: "
                    + String.join(", ", SCENARIOS));
        }
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        PollbridgeRuntime runtime = new PollbridgeRuntime();
        StreamBridge.Single reactorSingle = new StreamBridge.Single();
        RxJavaStreamBridge.Single rxSingle = new RxJavaStreamBridge.Single();
        runtime.start();
        reactorSingle.start();
        rxSingle.start();
        try {
            StreamBridge reactor = new StreamBridge();
            RxJavaStreamBridge rx = new RxJavaStreamBridge();
            Map<String, LongSupplier> scenarios = new LinkedHashMap<>();
            scenarios.put(SCENARIOS[0], () -> reactor.pollbridge(runtime));
            scenarios.put(SCENARIOS[1], () -> reactor.pollbridgeReactiveStreams(runtime));
            scenarios.put(SCENARIOS[2], () -> reactor.publishOnUnfused(reactorSingle));
            scenarios.put(SCENARIOS[3], () -> rx.pollbridge(runtime));
            scenarios.put(SCENARIOS[4], () -> rx.observeOnUnfused(rxSingle));
            scenarios.put(SCENARIOS[5], () -> rx.observeOnFused(rxSingle));
            LongSupplier scenario = scenarios.get(args[0]);
            if (scenario == null) {
                throw new IllegalArgumentException("unknown scenario " + args[0] + "; scenarios: "
                        + String.join(", ", SCENARIOS));
            }
            System.out.println(measure(args[0], scenario, rounds, warmup));
        } finally {
            rxSingle.stop();
            reactorSingle.stop();
            runtime.stop();
        }
    }

    private static String measure(String name, LongSupplier scenario, int rounds, int warmup) {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long sink = 0;
        for (int i = 0; i < warmup; i++) {
            sink += scenario.getAsLong();
        }
        int invocations = 5;
        double elements = (double) invocations * StreamBridge.ELEMENTS;
        double[] cpu = new double[rounds];
        double[] wall = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            long cpuStart = os.getProcessCpuTime();
            long wallStart = System.nanoTime();
            for (int i = 0; i < invocations; i++) {
                sink += scenario.getAsLong();
            }
            wall[round] = (System.nanoTime() - wallStart) / elements;
            cpu[round] = (os.getProcessCpuTime() - cpuStart) / elements;
        }
        Arrays.sort(cpu);
        Arrays.sort(wall);
        return String.format(Locale.ROOT,
                "%s: cpu %.1f ns/element (%.1f to %.1f), wall %.1f ns/element (%.1f to %.1f), %d rounds of %,.0f elements [%d]",
                name, cpu[rounds / 2], cpu[0], cpu[rounds - 1], wall[rounds / 2], wall[0], wall[rounds - 1],
                rounds, elements, sink & 1);
    }
}
