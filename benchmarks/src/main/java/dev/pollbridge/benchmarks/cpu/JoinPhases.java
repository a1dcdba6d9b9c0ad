package dev.pollbridge.benchmarks.cpu;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;

/**
 * Splits join_many into its two phases, so a change to one of them can be measured without the
 * other's noise: the parent's spawn loop, and the join that follows it (from the end of the loop
 * until the parent has every value), in ns per child, as medians and quartiles over the rounds.
 * A third column, the round, is the whole round as the thread that starts it sees it (from
 * starting the parent until it is released), as a JMH invocation is timed: what it adds to the two
 * phases is the round's edges (waking a worker, handing the parent over, waking the waiting
 * thread). Each column ends with its mean, which is what a JMH throughput reflects.
 *
 * <h2>Modes</h2>
 * <ul>
 *   <li>{@code spawned}: the JMH scenario's shape ({@code JoinMany}), on Pollbridge and on
 *       {@code CompletableFuture.allOf} over a {@code ForkJoinPool(2)}, rounds alternated. The join
 *       phase includes running the children that were still queued when the loop ended. An
 *       optional fourth argument sets the workers (and pool threads), 2 by default: with 1, every
 *       child runs on the parent's thread after the loop, and comparing the two rounds shows what
 *       the second worker brings to each executor.</li>
 *   <li>{@code finished}: a one-worker runtime whose parent waits until every child finished
 *       before it creates the join, so the join phase is the join's own work per finished child
 *       (claims, handle polls, closes, values), with no other worker and no child still to run.</li>
 * </ul>
 *
 * <p>Usage: {@code java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks.jar
 * dev.pollbridge.benchmarks.cpu.JoinPhases [MODE [CHILDREN [ROUNDS [WORKERS]]]]} ({@code finished},
 * 100,000 children, 300 rounds, 2 workers by default; {@code finished} always runs one). The
 * first third of the rounds is the JIT's and is left out.
 */
public final class JoinPhases {

    /** Workers and pool threads in {@code spawned} mode by default, as in every JMH scenario. */
    private static final int WORKERS = 2;

    private JoinPhases() {}

    /**
     * Runs the rounds and prints one line per executor.
     *
     * @param args optionally the mode, the children per round and the rounds
     * @throws InterruptedException if interrupted while waiting for a round
     */
    public static void main(String[] args) throws InterruptedException {
        String mode = args.length > 0 ? args[0] : "finished";
        int children = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 300;
        int workers = args.length > 3 ? Integer.parseInt(args[3]) : WORKERS;
        boolean finished;
        switch (mode) {
            case "finished": finished = true; break;
            case "spawned": finished = false; break;
            default: throw new IllegalArgumentException("mode " + mode + ": spawned or finished");
        }
        Phases pollbridge = new Phases(rounds);
        Phases allOf = new Phases(rounds);
        ForkJoinPool pool = finished ? null : new ForkJoinPool(workers);
        try (PollRuntime runtime = PollRuntime.builder().workers(finished ? 1 : workers).build()) {
            for (int round = 0; round < rounds; round++) {
                pollbridge.add(round, pollbridge(runtime, children, finished));
                if (pool != null) {
                    allOf.add(round, allOf(pool, children));
                }
            }
        } finally {
            if (pool != null) {
                pool.shutdown();
                pool.awaitTermination(10, TimeUnit.SECONDS);
            }
        }
        String threads = finished ? "" : " x" + workers;
        System.out.println(pollbridge.line("pollbridge " + mode + threads, children));
        if (pool != null) {
            System.out.println(allOf.line("allOf" + threads, children));
        }
    }

    /** One round on Pollbridge: {spawn loop, join, round} in ns. */
    private static long[] pollbridge(PollRuntime runtime, int n, boolean waitForChildren) throws InterruptedException {
        long[] nanos = new long[3];
        CountDownLatch done = new CountDownLatch(1);
        long start = System.nanoTime();
        runtime.spawn(new Parent(runtime, n, waitForChildren, nanos, done)).close();
        done.await();
        nanos[2] = System.nanoTime() - start;
        return nanos;
    }

    /** One round of the anchor: {spawn loop, allOf and the values, round} in ns. */
    private static long[] allOf(ForkJoinPool pool, int n) throws InterruptedException {
        long[] nanos = new long[3];
        CountDownLatch done = new CountDownLatch(1);
        long roundStart = System.nanoTime();
        pool.execute(() -> {
            long start = System.nanoTime();
            @SuppressWarnings("unchecked")
            CompletableFuture<Integer>[] children = new CompletableFuture[n];
            for (int i = 0; i < n; i++) {
                Integer value = i;
                children[i] = CompletableFuture.supplyAsync(() -> value, pool);
            }
            long spawned = System.nanoTime();
            nanos[0] = spawned - start;
            CompletableFuture.allOf(children).thenRun(() -> {
                List<Integer> values = new ArrayList<>(n);
                for (CompletableFuture<Integer> child : children) {
                    values.add(child.join());
                }
                nanos[1] = System.nanoTime() - spawned;
                done.countDown();
            });
        });
        done.await();
        nanos[2] = System.nanoTime() - roundStart;
        return nanos;
    }

    /** Spawns the children, optionally yields until all of them finished, then joins them. */
    private static final class Parent implements PollFuture<Void> {
        private final PollRuntime runtime;
        private final int n;
        private final boolean waitForChildren;
        private final long[] nanos;
        private final CountDownLatch done;
        private List<JoinHandle<Integer>> children;
        private PollFuture<List<Integer>> join;
        private long joinStart;

        Parent(PollRuntime runtime, int n, boolean waitForChildren, long[] nanos, CountDownLatch done) {
            this.runtime = runtime;
            this.n = n;
            this.waitForChildren = waitForChildren;
            this.nanos = nanos;
            this.done = done;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (children == null) {
                long start = System.nanoTime();
                children = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    children.add(runtime.spawn(Futures.ready(i)));
                }
                joinStart = System.nanoTime();
                nanos[0] = joinStart - start;
            }
            if (join == null) {
                if (waitForChildren) {
                    for (JoinHandle<Integer> child : children) {
                        if (!child.isFinished()) {
                            cx.waker().wake(); // the children queued on this worker run first
                            return Poll.pending();
                        }
                    }
                    joinStart = System.nanoTime();
                }
                join = Futures.joinAll(children);
            }
            Poll<List<Integer>> values = join.poll(cx);
            if (values.isPending()) {
                return Poll.pending();
            }
            nanos[1] = System.nanoTime() - joinStart;
            if (values.value().size() != n) {
                throw new IllegalStateException("joined " + values.value().size() + " values, not " + n);
            }
            done.countDown();
            return Poll.ready(null);
        }
    }

    /** The two phases of the measured rounds (after the first third). */
    private static final class Phases {
        private final int skipped;
        private final double[] spawn;
        private final double[] join;
        private final double[] whole;
        private int count;

        Phases(int rounds) {
            skipped = rounds / 3;
            spawn = new double[rounds - skipped];
            join = new double[rounds - skipped];
            whole = new double[rounds - skipped];
        }

        void add(int round, long[] nanos) {
            if (round >= skipped) {
                spawn[count] = nanos[0];
                join[count] = nanos[1];
                whole[count] = nanos[2];
                count++;
            }
        }

        String line(String name, int children) {
            return String.format(Locale.ROOT, "%-23s spawn loop %s  join %s  round %s  ns per child, median (quartiles) mean, of %d rounds",
                    name, quartiles(spawn, children), quartiles(join, children), quartiles(whole, children), count);
        }

        private String quartiles(double[] nanos, int children) {
            double[] sorted = Arrays.copyOf(nanos, count);
            Arrays.sort(sorted);
            double sum = 0;
            for (int i = 0; i < count; i++) {
                sum += sorted[i];
            }
            return String.format(Locale.ROOT, "%6.1f (%.1f to %.1f) %.1f", sorted[count / 2] / children,
                    sorted[count / 4] / children, sorted[3 * count / 4] / children, sum / count / children);
        }
    }
}
