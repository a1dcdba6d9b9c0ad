package dev.pollbridge.benchmarks.cpu;

import dev.pollbridge.benchmarks.ForkJoin;
import dev.pollbridge.benchmarks.JoinMany;
import dev.pollbridge.benchmarks.PingPong;
import dev.pollbridge.benchmarks.PollbridgeRuntime;
import dev.pollbridge.benchmarks.SpawnMany;
import dev.pollbridge.benchmarks.YieldMany;
import dev.pollbridge.runtime.metrics.PollRuntimeMetrics;
import dev.pollbridge.runtime.metrics.WorkerMetrics;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * Shows the two modes of the executor scenarios inside one JVM: one scenario on Pollbridge and on
 * its anchor ({@code ForkJoinPool(2)} or {@code CompletableFuture} on it), one second each, in turn,
 * with each worker's counters for the Pollbridge second.
 *
 * <h2>Why</h2>
 * With one fork per scenario, yield_many, ping_pong, spawn_many_local and the channel score either
 * near their best or near half of it, and which one a run gets looks like luck. Alternating the two
 * executors second by second in one JVM separates the machine from the runtime: a machine that
 * slows down (another process, the host moving a vCPU) slows both columns; a runtime that falls
 * into a slow state slows only its own. Each Pollbridge second starts after a second in which its
 * workers parked, so each second shows which state the runtime settles into from the same start.
 * The same seconds, pooled over several JVMs per build, are how a scheduler change is compared
 * with its base (see benchmarks/README.md): one JMH fork per build cannot tell a change from the
 * state a fork happened to settle in.
 *
 * <p>Per worker the line shows polls, tasks stolen, parks (all per second, from
 * {@code PollRuntime.metrics()}) and the thread's CPU time in that second: a worker that is slow
 * while on the CPU the whole second does more work per poll, not less polling.
 *
 * <p>Usage: {@code java -Xms2g -Xmx2g -cp benchmarks.jar dev.pollbridge.benchmarks.cpu.ExecutorModes [ROUNDS [SCENARIO]]}
 * (10 rounds of {@code yield_many} by default; the scenarios are the names of {@link Scenario},
 * in lower case). Prints one line per round; the rates are units of the scenario (yields, tasks,
 * rounds, children) per second.
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
        Scenario scenario = args.length > 1 ? Scenario.valueOf(args[1].toUpperCase(Locale.ROOT)) : Scenario.YIELD_MANY;
        PollbridgeRuntime pollbridge = new PollbridgeRuntime();
        ForkJoin forkJoin = new ForkJoin();
        pollbridge.start();
        forkJoin.start();
        try {
            for (int round = 1; round <= rounds; round++) {
                double forkJoinRate = perSecond(() -> scenario.anchor.run(forkJoin), scenario.units);
                PollRuntimeMetrics before = pollbridge.runtime.metrics();
                long[] cpuBefore = workerCpuNanos(before.workers());
                double pollbridgeRate = perSecond(() -> scenario.pollbridge.run(pollbridge), scenario.units);
                PollRuntimeMetrics after = pollbridge.runtime.metrics();
                long[] cpuAfter = workerCpuNanos(after.workers());
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                        "round %2d  anchor %6.2f M/s  pollbridge %6.2f M/s", round, forkJoinRate, pollbridgeRate));
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

    /**
     * Units per second (millions) of repeated invocations of {@code invocation}, each worth
     * {@code units}, for about a second.
     */
    private static double perSecond(Invocation invocation, int units) throws InterruptedException {
        long start = System.nanoTime();
        long done = 0;
        long elapsed;
        do {
            invocation.run();
            done += units;
            elapsed = System.nanoTime() - start;
        } while (elapsed < ROUND_NANOS);
        return done * 1e3 / elapsed;
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

    /** The executor scenarios, each the JMH benchmark's own methods for Pollbridge and its anchor. */
    enum Scenario {
        /** {@link YieldMany}: yields, against {@code ForkJoinPool(2)}. */
        YIELD_MANY(YieldMany.TOTAL_YIELDS, rt -> new YieldMany().pollbridge(rt), fj -> new YieldMany().forkJoin(fj)),
        /** {@link SpawnMany}: tasks spawned from outside, against {@code runAsync} on the pool. */
        SPAWN_MANY(SpawnMany.TASKS, rt -> new SpawnMany().pollbridge(rt), fj -> new SpawnMany().forkJoin(fj)),
        /** {@link SpawnMany}: tasks spawned from a worker, against the same from a pool thread. */
        SPAWN_MANY_LOCAL(SpawnMany.TASKS, rt -> new SpawnMany().pollbridgeLocal(rt), fj -> new SpawnMany().forkJoinLocal(fj)),
        /** {@link PingPong}: rounds, against {@code CompletableFuture} on the pool. */
        PING_PONG(PingPong.ROUNDS, rt -> new PingPong().pollbridge(rt), fj -> new PingPong().completableFuture(fj)),
        /** {@link JoinMany} with 1,000 children: children, against {@code allOf}. */
        JOIN_MANY(1_000, rt -> new JoinMany().pollbridge1000(rt), fj -> new JoinMany().allOf1000(fj));

        final int units;
        final Invocation.On<PollbridgeRuntime> pollbridge;
        final Invocation.On<ForkJoin> anchor;

        Scenario(int units, Invocation.On<PollbridgeRuntime> pollbridge, Invocation.On<ForkJoin> anchor) {
            this.units = units;
            this.pollbridge = pollbridge;
            this.anchor = anchor;
        }
    }

    @FunctionalInterface
    private interface Invocation {
        void run() throws InterruptedException;

        /** One invocation of a benchmark method on its JMH state object. */
        @FunctionalInterface
        interface On<S> {
            void run(S state) throws InterruptedException;
        }
    }
}
