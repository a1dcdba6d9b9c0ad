package dev.pollbridge.benchmarks.cpu;

import java.util.Arrays;
import java.util.Locale;

/**
 * Measures how long one cache line takes to move from one CPU to the other on this machine now:
 * two threads hand a counter back and forth through one volatile field, and a hand-over costs one
 * line transfer each way. Prints the median of several batches, in ns per one-way hand-over.
 *
 * <h2>Why</h2>
 * Every executor scenario hands work between two threads, so its score moves with this latency,
 * and on a VM the latency is the host's choice: two vCPUs on cores that share a cache hand a line
 * over faster than two vCPUs on cores that do not, and the host may move a vCPU from one minute to
 * the next. Whether that is what puts some forks of an anchor at twice its usual level (see
 * docs/performance.md) is still open: {@code benchmarks/run.sh} runs this before and after the
 * JMH scenarios and writes both lines into the run's {@code -machine.txt}, so that runs can be
 * compared with the placement they ran on.
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.pollbridge.benchmarks.cpu.CoreToCore [SECONDS]}
 * (about 1 second by default). The two threads are not pinned (Java cannot pin): on 2 vCPUs the
 * scheduler runs them on the two, as nothing else runs.
 */
public final class CoreToCore {

    /** Even: the main thread's turn to increment it; odd: the echo thread's. */
    private volatile long turn;

    private CoreToCore() {}

    /**
     * Runs the batches and prints one line.
     *
     * @param args optionally the seconds to measure for
     * @throws InterruptedException if interrupted while waiting for the echo thread
     */
    public static void main(String[] args) throws InterruptedException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 1.0;
        System.out.println(new CoreToCore().measure(seconds));
    }

    private String measure(double seconds) throws InterruptedException {
        int handOvers = 20_000; // per batch, each way
        long stop = Long.MAX_VALUE;
        Thread echo = new Thread(() -> {
            for (long next = 1; ; next += 2) {
                long seen;
                while ((seen = turn) < next) {
                    Thread.onSpinWait();
                }
                if (seen == stop) {
                    return;
                }
                turn = next + 1;
            }
        }, "core-to-core-echo");
        echo.setDaemon(true);
        echo.start();
        int warmup = 20;
        double[] batches = new double[4096];
        int count = 0;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long value = 0;
        for (int batch = 0; count < batches.length && (batch < warmup || System.nanoTime() < end); batch++) {
            long start = System.nanoTime();
            for (int i = 0; i < handOvers; i++) {
                turn = value + 1;
                value += 2;
                while (turn < value) {
                    Thread.onSpinWait();
                }
            }
            if (batch >= warmup) {
                batches[count++] = (System.nanoTime() - start) / (2.0 * handOvers);
            }
        }
        turn = stop;
        echo.join(1_000);
        double[] sorted = Arrays.copyOf(batches, count);
        Arrays.sort(sorted);
        return String.format(Locale.ROOT, "%.1f ns per one-way hand-over (median of %d batches; quartiles %.1f to %.1f)",
                sorted[count / 2], count, sorted[count / 4], sorted[3 * count / 4]);
    }
}
