package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import java.util.concurrent.ForkJoinPool;
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
import reactor.core.scheduler.Scheduler;

/**
 * yield_many (Tokio's shape): 200 tasks, started from the benchmark thread, each yield 1,000 times
 * and then count down. Score: yields per second.
 *
 * <p>A Pollbridge yield is a future that wakes its own waker and returns pending (the runtime
 * re-schedules the task behind the others); the ForkJoinPool yield re-submits the same Runnable to
 * the pool from its worker (default LIFO pool: it runs again at once; {@code forkJoinFifo}: FIFO
 * pool, behind the others); the Reactor yield re-schedules the Runnable on the parallel scheduler.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class YieldMany {

    /** Tasks per invocation. */
    public static final int TASKS = 200;
    /** Yields per task. */
    public static final int YIELDS = 1_000;
    /** Yields per invocation. */
    public static final int TOTAL_YIELDS = TASKS * YIELDS;

    /** Pollbridge: a self-waking future returning pending 1,000 times. */
    @Benchmark
    @OperationsPerInvocation(TOTAL_YIELDS)
    public void pollbridge(PollbridgeRuntime rt) throws InterruptedException {
        Countdown done = new Countdown(TASKS);
        for (int i = 0; i < TASKS; i++) {
            rt.runtime.spawn(new YieldingFuture(YIELDS, done)).close();
        }
        done.await();
    }

    /** Anchor: a Runnable that re-submits itself to a ForkJoinPool(2) 1,000 times. */
    @Benchmark
    @OperationsPerInvocation(TOTAL_YIELDS)
    public void forkJoin(ForkJoin fj) throws InterruptedException {
        Countdown done = new Countdown(TASKS);
        for (int i = 0; i < TASKS; i++) {
            fj.pool.execute(new ResubmittingRunnable(fj.pool, done));
        }
        done.await();
    }

    /**
     * Anchor: the same re-submission to a ForkJoinPool(2) in FIFO ({@code asyncMode}) order, where
     * a yield goes behind the other queued tasks as a Pollbridge yield does (the default LIFO pool
     * runs the re-submitted task again at once).
     */
    @Benchmark
    @OperationsPerInvocation(TOTAL_YIELDS)
    public void forkJoinFifo(FifoForkJoin fj) throws InterruptedException {
        Countdown done = new Countdown(TASKS);
        for (int i = 0; i < TASKS; i++) {
            fj.pool.execute(new ResubmittingRunnable(fj.pool, done));
        }
        done.await();
    }

    /** A {@code ForkJoinPool(2)} with FIFO local queues ({@code asyncMode = true}). */
    @State(Scope.Benchmark)
    public static class FifoForkJoin {
        /** The pool under test. */
        public ForkJoinPool pool;

        /** Starts the pool. */
        @Setup(Level.Trial)
        public void start() {
            pool = new ForkJoinPool(Workers.COUNT, ForkJoinPool.defaultForkJoinWorkerThreadFactory, null, true);
        }

        /** Stops the pool. */
        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    /** Anchor: a Runnable that re-schedules itself on Reactor's parallel(2) scheduler 1,000 times. */
    @Benchmark
    @OperationsPerInvocation(TOTAL_YIELDS)
    public void reactor(ReactorParallel reactor) throws InterruptedException {
        Countdown done = new Countdown(TASKS);
        for (int i = 0; i < TASKS; i++) {
            reactor.scheduler.schedule(new RescheduledRunnable(reactor.scheduler, done));
        }
        done.await();
    }

    /** Yields {@code yields} times, then is ready. */
    static final class YieldingFuture implements PollFuture<Void> {
        private final Countdown done;
        private int remaining;

        YieldingFuture(int yields, Countdown done) {
            this.remaining = yields;
            this.done = done;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (remaining == 0) {
                done.arrive();
                return Poll.ready(null);
            }
            remaining--;
            // Pending with a tail (rule 5): the waker is called before returning, so the runtime
            // polls again (rule 6).
            cx.waker().wake();
            return Poll.pending();
        }
    }

    static final class ResubmittingRunnable implements Runnable {
        private final ForkJoinPool pool;
        private final Countdown done;
        private int remaining = YIELDS;

        ResubmittingRunnable(ForkJoinPool pool, Countdown done) {
            this.pool = pool;
            this.done = done;
        }

        @Override
        public void run() {
            if (remaining == 0) {
                done.arrive();
                return;
            }
            remaining--;
            pool.execute(this);
        }
    }

    static final class RescheduledRunnable implements Runnable {
        private final Scheduler scheduler;
        private final Countdown done;
        private int remaining = YIELDS;

        RescheduledRunnable(Scheduler scheduler, Countdown done) {
            this.scheduler = scheduler;
            this.done = done;
        }

        @Override
        public void run() {
            if (remaining == 0) {
                done.arrive();
                return;
            }
            remaining--;
            scheduler.schedule(this);
        }
    }
}
