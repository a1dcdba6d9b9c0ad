package dev.pollbridge.benchmarks;

import java.util.concurrent.locks.ReentrantLock;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.OperationsPerInvocation;

/**
 * mutex with the virtual-thread anchor (Java 21+ source set, run on JDK 25): inherits the variants
 * of {@link MutexContention} and adds a fair {@code ReentrantLock} held by 4 virtual threads on two
 * carriers (since JDK 24 a virtual thread that waits for a lock unmounts instead of pinning its
 * carrier).
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch",
        "-Djdk.virtualThreadScheduler.parallelism=2", "-Djdk.virtualThreadScheduler.maxPoolSize=2"})
public class MutexContentionVirtual extends MutexContention {

    /** Anchor: four virtual threads contending for a fair {@code ReentrantLock}. */
    @Benchmark
    @OperationsPerInvocation(PAIRS)
    public long reentrantLockVirtual() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock(true);
        long[] counter = new long[1];
        Countdown done = new Countdown(CONTENDERS);
        Runnable contender = lockLoop(lock, counter, done);
        Thread.Builder builder = Thread.ofVirtual();
        for (int c = 0; c < CONTENDERS; c++) {
            builder.start(contender);
        }
        done.await();
        return counter[0];
    }
}
