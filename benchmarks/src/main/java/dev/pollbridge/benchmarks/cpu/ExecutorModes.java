package dev.pollbridge.benchmarks.cpu;

import dev.pollbridge.benchmarks.ForkJoin;
import dev.pollbridge.benchmarks.PollbridgeRuntime;
import dev.pollbridge.benchmarks.YieldMany;
import dev.pollbridge.runtime.metrics.PollRuntimeMetrics;
import dev.pollbridge.runtime.metrics.WorkerMetrics;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * Shows the two modes of the executor scenarios inside one JVM: yield_many on Pollbridge and on
 * {@code ForkJoinPool(2)}, one second each, in turn, with each worker's counters for the Pollbridge
 * second.
 *
 * <h2>Why</h2>
 * With one fork per scenario, yield_many, ping_pong, spawn_many_local and the channel score either
 * near their best or near half of it, and which one a run gets looks like luck. Alternating the two
 * executors second by second in one JVM separates the machine from the runtime: a machine that
 * slows down (another process, the host moving a vCPU) slows both columns; a runtime that falls
 * into a slow state slows only its own. Each Pollbridge second starts after a second in which its
 * workers parked, so each second shows which state the runtime settles into from the same start.
 *
 * <p>Per worker the line shows polls, tasks stolen, parks (all per second, from
 * {@code PollRuntime.metrics()}) and the thread's CPU time in that second: a worker that is slow
 * while on the CPU the whole second does more work per poll, not less polling.
 *
 * <p>Usage: {@code java -Xms2g -Xmx2g -cp benchmarks.jar dev.pollbridge.benchmarks.cpu.ExecutorModes [ROUNDS]}
 * (10 rounds by default). Prints one line per round.
 */
public final class ExecutorModes {

    private static final long ROUND_NANOS = 1_000_000_000L;

    private ExecutorModes() {}

    /**
     * Runs the rounds.
     *
     * @param args optionally the number of rounds
     * @throws Exception if a scenario's setup or teardown fails
     */
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        YieldMany scenario = new YieldMany();
        PollbridgeRuntime pollbridge = new PollbridgeRuntime();
        ForkJoin forkJoin = new ForkJoin();
        pollbridge.start();
        forkJoin.start();
        try {
            for (int round = 1; round <= rounds; round++) {
                double forkJoinRate = perSecond(() -> scenario.forkJoin(forkJoin));
                PollRuntimeMetrics before = pollbridge.runtime.metrics();
                long[] cpuBefore = workerCpuNanos(before.workers());
                double pollbridgeRate = perSecond(() -> scenario.pollbridge(pollbridge));
                PollRuntimeMetrics after = pollbridge.runtime.metrics();
                long[] cpuAfter = workerCpuNanos(after.workers());
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                        "round %2d  forkJoin %6.1f M/s  pollbridge %6.1f M/s", round, forkJoinRate, pollbridgeRate));
                for (int w = 0; w < after.perWorker().size(); w++) {
                    WorkerMetrics b = before.perWorker().get(w);
                    WorkerMetrics a = after.perWorker().get(w);
                    line.append(String.format(Locale.ROOT, " | w%d polls %5.1fM stolen %6d parks %5d cpu %4d ms", w,
                            (a.polls() - b.polls()) / 1e6, a.steals() - b.steals(), a.parks() - b.parks(),
                            (cpuAfter[w] - cpuBefore[w]) / 1_000_000));
                }
                System.out.println(line);
            }
        } finally {
            pollbridge.stop();
            forkJoin.stop();
        }
    }

    /** Yields per second (millions) of repeated invocations of {@code invocation} for about a second. */
    private static double perSecond(Invocation invocation) throws InterruptedException {
        long start = System.nanoTime();
        long yields = 0;
        long elapsed;
        do {
            invocation.run();
            yields += YieldMany.TOTAL_YIELDS;
            elapsed = System.nanoTime() - start;
        } while (elapsed < ROUND_NANOS);
        return yields * 1e3 / elapsed;
    }

    /** CPU time of each worker thread (named {@code ...worker-N}) of the benchmark runtime, by index. */
    private static long[] workerCpuNanos(int workers) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] nanos = new long[workers];
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            String name = thread.getName();
            int at = name.lastIndexOf("worker-");
            if (name.startsWith("pollbridge-bench") && at >= 0) {
                @SuppressWarnings("deprecation") // Thread.threadId() is Java 19+; the benchmarks build on 17
                long id = thread.getId();
                nanos[Integer.parseInt(name.substring(at + "worker-".length()))] = threads.getThreadCpuTime(id);
            }
        }
        return nanos;
    }

    @FunctionalInterface
    private interface Invocation {
        void run() throws InterruptedException;
    }
}
