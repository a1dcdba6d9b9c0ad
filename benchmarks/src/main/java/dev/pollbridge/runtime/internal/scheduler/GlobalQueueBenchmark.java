package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.internal.task.Task;
import java.util.concurrent.TimeUnit;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.infra.Control;

/**
 * The global injection queue ({@link GlobalQueue}, Ramalhete and Correia's FAAArrayQueue on
 * VarHandles) next to what it replaced, JCTools' {@link MpmcUnboundedXaddArrayQueue} with the same
 * chunk size (1024) and chunk pool (4). In this package because {@code GlobalQueue} is
 * package-private; the jar runs on the class path.
 *
 * <ul>
 *   <li>{@code pairs*}: two threads, each pushes one task and pops one, on one shared queue (the
 *       enqueue-dequeue pairs workload of the queue papers): every operation contends on the same
 *       counters. Unit: one push plus one pop.</li>
 *   <li>{@code burst*}: one thread pushes 1,024 tasks, then pops them: the uncontended cost,
 *       including a node allocation and link per 1,024 pushes. Unit: one push plus one pop.</li>
 *   <li>{@code handoff*}: one producer thread, one consumer thread, the runtime's shape (a
 *       foreign thread spawns, a worker takes). The producer waits while {@value #HANDOFF_LIMIT}
 *       tasks are queued, so the queue stays bounded; the consumer spins until it gets a task.
 *       Read the {@code take} row: tasks handed over per second.</li>
 * </ul>
 * Run: {@code java -jar benchmarks/target/benchmarks.jar GlobalQueueBenchmark -f 1 -wi 3 -w 1s -i 5 -r 1s}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
public class GlobalQueueBenchmark {

    private static final int BURST = 1024;
    static final int HANDOFF_LIMIT = 4096;

    /** One queue of each kind, shared by the benchmark threads. */
    @State(Scope.Benchmark)
    public static class Shared {
        final GlobalQueue pollbridge = new GlobalQueue();
        final MpmcUnboundedXaddArrayQueue<Task<?>> jctools = new MpmcUnboundedXaddArrayQueue<>(1024, 4);
    }

    /** What a thread pushes: a task that never runs (the queues only move references). */
    @State(Scope.Thread)
    public static class Item {
        final Task<?> task = new Task<Void>(1, null, null, false);
    }

    @Benchmark
    @Threads(2)
    public void pairsPollbridge(Shared queues, Item item, Blackhole out) {
        queues.pollbridge.push(item.task);
        out.consume(queues.pollbridge.poll());
    }

    @Benchmark
    @Threads(2)
    public void pairsJctools(Shared queues, Item item, Blackhole out) {
        queues.jctools.offer(item.task);
        out.consume(queues.jctools.poll());
    }

    @Benchmark
    @Threads(1)
    @OperationsPerInvocation(BURST)
    public void burstPollbridge(Shared queues, Item item, Blackhole out) {
        GlobalQueue queue = queues.pollbridge;
        for (int i = 0; i < BURST; i++) {
            queue.push(item.task);
        }
        for (int i = 0; i < BURST; i++) {
            out.consume(queue.poll());
        }
    }

    @Benchmark
    @Threads(1)
    @OperationsPerInvocation(BURST)
    public void burstJctools(Shared queues, Item item, Blackhole out) {
        MpmcUnboundedXaddArrayQueue<Task<?>> queue = queues.jctools;
        for (int i = 0; i < BURST; i++) {
            queue.offer(item.task);
        }
        for (int i = 0; i < BURST; i++) {
            out.consume(queue.poll());
        }
    }

    /** A fresh pair of queues per trial for the handoff groups. */
    @State(Scope.Group)
    public static class Handoff {
        final GlobalQueue pollbridge = new GlobalQueue();
        final MpmcUnboundedXaddArrayQueue<Task<?>> jctools = new MpmcUnboundedXaddArrayQueue<>(1024, 4);
    }

    @Benchmark
    @Group("handoffPollbridge")
    @GroupThreads(1)
    public void give(Handoff queues, Item item, Control control) {
        GlobalQueue queue = queues.pollbridge;
        while (queue.size() >= HANDOFF_LIMIT && !control.stopMeasurement) {
            Thread.onSpinWait();
        }
        queue.push(item.task);
    }

    @Benchmark
    @Group("handoffPollbridge")
    @GroupThreads(1)
    public Task<?> take(Handoff queues, Control control) {
        GlobalQueue queue = queues.pollbridge;
        Task<?> task;
        while ((task = (Task<?>) queue.poll()) == null && !control.stopMeasurement) {
            Thread.onSpinWait();
        }
        return task;
    }

    @Benchmark
    @Group("handoffJctools")
    @GroupThreads(1)
    public void giveJctools(Handoff queues, Item item, Control control) {
        MpmcUnboundedXaddArrayQueue<Task<?>> queue = queues.jctools;
        while (queue.size() >= HANDOFF_LIMIT && !control.stopMeasurement) {
            Thread.onSpinWait();
        }
        queue.offer(item.task);
    }

    @Benchmark
    @Group("handoffJctools")
    @GroupThreads(1)
    public Task<?> takeJctools(Handoff queues, Control control) {
        MpmcUnboundedXaddArrayQueue<Task<?>> queue = queues.jctools;
        Task<?> task;
        while ((task = queue.poll()) == null && !control.stopMeasurement) {
            Thread.onSpinWait();
        }
        return task;
    }
}
