package dev.pollbridge.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.OperationsPerInvocation;

/**
 * spawn_many with the virtual-thread anchors (Java 21+ source set, run on JDK 25): inherits the
 * Pollbridge, ForkJoinPool and Reactor variants of {@link SpawnMany} so that all run in one class and
 * one JVM, and adds {@code Thread.ofVirtual().start(task)} on two carrier threads.
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch",
        "-Djdk.virtualThreadScheduler.parallelism=2", "-Djdk.virtualThreadScheduler.maxPoolSize=2"})
public class SpawnManyVirtual extends SpawnMany {

    /** Anchor: start 10,000 virtual threads from the benchmark thread. */
    @Benchmark
    @OperationsPerInvocation(TASKS)
    public void virtualThreads() throws InterruptedException {
        Countdown done = new Countdown(TASKS);
        startAll(done);
        done.await();
    }

    /** Anchor: one virtual thread starts the 10,000. */
    @Benchmark
    @OperationsPerInvocation(TASKS)
    public void virtualThreadsLocal() throws InterruptedException {
        Countdown done = new Countdown(TASKS);
        Thread.ofVirtual().start(() -> startAll(done));
        done.await();
    }

    static void startAll(Countdown done) {
        Runnable task = done::arrive;
        Thread.Builder builder = Thread.ofVirtual();
        for (int i = 0; i < TASKS; i++) {
            builder.start(task);
        }
    }
}
