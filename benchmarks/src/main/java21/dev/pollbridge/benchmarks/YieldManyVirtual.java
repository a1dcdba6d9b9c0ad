package dev.pollbridge.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.OperationsPerInvocation;

/**
 * yield_many with the virtual-thread anchor (Java 21+ source set, run on JDK 25): inherits the
 * variants of {@link YieldMany} and adds 200 virtual threads on two carriers each calling
 * {@code Thread.yield()} 1,000 times.
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch",
        "-Djdk.virtualThreadScheduler.parallelism=2", "-Djdk.virtualThreadScheduler.maxPoolSize=2"})
public class YieldManyVirtual extends YieldMany {

    /** Anchor: {@code Thread.yield()} in a virtual thread (unmounts and re-submits the continuation). */
    @Benchmark
    @OperationsPerInvocation(TOTAL_YIELDS)
    public void virtualThreads() throws InterruptedException {
        Countdown done = new Countdown(TASKS);
        Runnable task = () -> {
            for (int i = 0; i < YIELDS; i++) {
                Thread.yield();
            }
            done.arrive();
        };
        Thread.Builder builder = Thread.ofVirtual();
        for (int i = 0; i < TASKS; i++) {
            builder.start(task);
        }
        done.await();
    }
}
