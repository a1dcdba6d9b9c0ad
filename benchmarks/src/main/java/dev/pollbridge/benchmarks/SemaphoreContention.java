package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.sync.Permit;
import dev.pollbridge.runtime.sync.Semaphore;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
 * semaphore: 4 contenders each acquire and release one of 2 permits 50,000 times (fair, FIFO
 * semaphores on both sides). Score: acquire+release pairs per second.
 * <ul>
 *   <li>Pollbridge: {@code sync.Semaphore(2)}; 4 tasks on the 2-worker runtime, each awaiting
 *       {@code acquire()} (pending while both permits are held) and yielding its worker every 64
 *       acquisitions so that the tasks interleave.</li>
 *   <li>JDK: {@code java.util.concurrent.Semaphore(2, fair)}; 4 platform threads blocking in
 *       {@code acquire()}.</li>
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class SemaphoreContention {

    /** Contending tasks or threads. */
    public static final int CONTENDERS = 4;
    /** Acquire+release pairs per contender. */
    public static final int ROUNDS = 50_000;
    /** Pairs per invocation. */
    public static final int PAIRS = CONTENDERS * ROUNDS;
    /** Permits of the semaphore. */
    public static final int PERMITS = 2;

    /** Four platform threads for the JDK anchor. */
    @State(Scope.Benchmark)
    public static class ContenderThreads {
        /** The contender threads. */
        public ExecutorService pool;

        /** Starts the threads. */
        @Setup(Level.Trial)
        public void start() {
            pool = Executors.newFixedThreadPool(CONTENDERS);
        }

        /** Stops the threads. */
        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    /** Pollbridge: four tasks contending for {@code Semaphore(2)}. */
    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public void pollbridge(PollbridgeRuntime rt) throws InterruptedException {
        Semaphore semaphore = new Semaphore(PERMITS);
        Countdown done = new Countdown(CONTENDERS);
        for (int c = 0; c < CONTENDERS; c++) {
            rt.runtime.spawn(new Contender(semaphore, done)).close();
        }
        done.await();
    }

    /** Anchor: four platform threads contending for a fair {@code java.util.concurrent.Semaphore(2)}. */
    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public void jdkFair(ContenderThreads threads) throws InterruptedException {
        java.util.concurrent.Semaphore semaphore = new java.util.concurrent.Semaphore(PERMITS, true);
        Countdown done = new Countdown(CONTENDERS);
        for (int c = 0; c < CONTENDERS; c++) {
            threads.pool.execute(() -> {
                try {
                    for (int i = 0; i < ROUNDS; i++) {
                        semaphore.acquire();
                        semaphore.release();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                done.arrive();
            });
        }
        done.await();
    }

    /** Acquires and releases a permit {@link #ROUNDS} times, yielding every 64 acquisitions. */
    static final class Contender implements PollFuture<Void> {
        private static final int YIELD_EVERY = 64;
        private final Semaphore semaphore;
        private final Countdown done;
        private PollFuture<Permit> acquire;
        private int acquired;

        Contender(Semaphore semaphore, Countdown done) {
            this.semaphore = semaphore;
            this.done = done;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            for (int inThisPoll = 0; acquired < ROUNDS; inThisPoll++) {
                if (inThisPoll == YIELD_EVERY) {
                    cx.waker().wake();
                    return Poll.pending();
                }
                if (acquire == null) {
                    acquire = semaphore.acquire();
                }
                Poll<Permit> permit = acquire.poll(cx);
                if (permit.isPending()) {
                    return Poll.pending();
                }
                acquire.close();
                acquire = null;
                permit.value().close();
                acquired++;
            }
            done.arrive();
            return Poll.ready(null);
        }

        @Override
        public void close() {
            if (acquire != null) {
                acquire.close();
            }
        }
    }
}
