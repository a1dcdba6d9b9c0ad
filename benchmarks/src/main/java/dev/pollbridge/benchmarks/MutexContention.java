package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.sync.Mutex;
import dev.pollbridge.runtime.sync.MutexGuard;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * mutex: 4 contenders each lock a mutex, increment the counter it guards and unlock, 50,000 times.
 * Score: lock+unlock pairs per second. The virtual-thread anchor is in the Java 21 source set
 * ({@code MutexContentionVirtual}, JDK 25), which runs these variants again beside it.
 * <ul>
 *   <li>Pollbridge: {@code sync.Mutex<long[]>}, fair (FIFO); 4 tasks on the 2-worker runtime,
 *       each awaiting {@code lock()} (pending while another holds it) and yielding its worker every
 *       64 locks so that the tasks interleave.</li>
 *   <li>JDK: a fair {@code ReentrantLock} held by 4 platform threads.</li>
 * </ul>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class MutexContention {

    /** Contending tasks or threads (as many as {@link SemaphoreContention}'s threads). */
    public static final int CONTENDERS = SemaphoreContention.CONTENDERS;
    /** Lock+unlock pairs per contender. */
    public static final int ROUNDS = 50_000;
    /** Pairs per invocation. */
    public static final int PAIRS = CONTENDERS * ROUNDS;

    /** Pollbridge: four tasks contending for an async {@code Mutex}. */
    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public long pollbridge(PollbridgeRuntime rt) throws InterruptedException {
        Mutex<long[]> mutex = new Mutex<>(new long[1]);
        Countdown done = new Countdown(CONTENDERS);
        for (int c = 0; c < CONTENDERS; c++) {
            rt.runtime.spawn(new Contender(mutex, done)).close();
        }
        done.await();
        return counted(mutex);
    }

    /** Anchor: four platform threads contending for a fair {@code ReentrantLock}. */
    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public long reentrantLockPlatform(SemaphoreContention.ContenderThreads threads) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock(true);
        long[] counter = new long[1];
        Countdown done = new Countdown(CONTENDERS);
        Runnable contender = lockLoop(lock, counter, done);
        for (int c = 0; c < CONTENDERS; c++) {
            threads.pool.execute(contender);
        }
        done.await();
        return counter[0];
    }

    /** Locks, increments and unlocks {@link #ROUNDS} times, then arrives. */
    static Runnable lockLoop(ReentrantLock lock, long[] counter, Countdown done) {
        return () -> {
            for (int i = 0; i < ROUNDS; i++) {
                lock.lock();
                try {
                    counter[0]++;
                } finally {
                    lock.unlock();
                }
            }
            done.arrive();
        };
    }

    static long counted(Mutex<long[]> mutex) {
        try (MutexGuard<long[]> guard = mutex.tryLock().orElseThrow()) {
            if (guard.get()[0] != PAIRS) {
                throw new IllegalStateException("counted " + guard.get()[0] + " of " + PAIRS);
            }
            return guard.get()[0];
        }
    }

    /** Locks, increments and unlocks {@link #ROUNDS} times, yielding every 64 locks. */
    static final class Contender implements PollFuture<Void> {
        private static final int YIELD_EVERY = 64;
        private final Mutex<long[]> mutex;
        private final Countdown done;
        private PollFuture<MutexGuard<long[]>> locking;
        private int locked;

        Contender(Mutex<long[]> mutex, Countdown done) {
            this.mutex = mutex;
            this.done = done;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            for (int inThisPoll = 0; locked < ROUNDS; inThisPoll++) {
                if (inThisPoll == YIELD_EVERY) {
                    cx.waker().wake();
                    return Poll.pending();
                }
                if (locking == null) {
                    locking = mutex.lock();
                }
                Poll<MutexGuard<long[]>> guard = locking.poll(cx);
                if (guard.isPending()) {
                    return Poll.pending();
                }
                locking.close();
                locking = null;
                try (MutexGuard<long[]> held = guard.value()) {
                    held.get()[0]++;
                }
                locked++;
            }
            done.arrive();
            return Poll.ready(null);
        }

        @Override
        public void close() {
            if (locking != null) {
                locking.close();
            }
        }
    }
}
