package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.PollRuntimeBuilder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * injection_fairness (issue 17, item 9): how long a task spawned from outside the runtime waits
 * while the workers are saturated by tasks that keep re-queueing themselves (each poll spins for
 * {@code pollNanos}, then the task wakes itself). Such a worker's local queue never empties, so
 * the injected task runs only when a worker takes its forced look at the global queue: every 61
 * ticks ({@code globalQueueInterval(61)}, the old fixed value) or every tuned interval (the
 * default: about 200 us of polling). Score: from the benchmark thread's spawn until the injected
 * task starts (the benchmark thread spins on a flag the task sets), sampled (percentiles).
 *
 * <p>One worker, so that the worker and the spinning benchmark thread fit the two cores of the
 * build machine: with two workers busy and a third thread spinning, the operating system's time
 * slices (milliseconds) would drown the queueing delay this measures.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class InjectionFairness {

    /** Busy tasks on the one worker. */
    static final int BUSY_TASKS = 4;

    /** How long each poll of a busy task spins, in nanoseconds. */
    @Param({"1000", "20000", "100000"})
    public long pollNanos;

    /** {@code adaptive} (the default) or a fixed interval. */
    @Param({"adaptive", "61"})
    public String interval;

    private PollRuntime runtime;
    private volatile boolean stop;

    /** Starts the runtime and its busy tasks. */
    @Setup(Level.Trial)
    public void start() {
        PollRuntimeBuilder builder = PollRuntime.builder().workers(1).threadNamePrefix("pollbridge-fairness-");
        if (!interval.equals("adaptive")) {
            builder.globalQueueInterval(Integer.parseInt(interval));
        }
        runtime = builder.build();
        stop = false;
        for (int i = 0; i < BUSY_TASKS; i++) {
            runtime.spawn(new Busy()).close();
        }
    }

    /** Stops the busy tasks and the runtime. */
    @TearDown(Level.Trial)
    public void stop() {
        stop = true;
        runtime.close();
    }

    /** One task injected from outside; returns when it has started. */
    @Benchmark
    public void injectedTaskStarts() {
        Injected injected = new Injected();
        runtime.spawn(injected).close();
        while (!injected.started) {
            Thread.onSpinWait();
        }
    }

    /** Sets its flag on its first poll. */
    static final class Injected implements PollFuture<Void> {
        volatile boolean started;

        @Override
        public Poll<Void> poll(Context cx) {
            started = true;
            return Poll.ready(null);
        }
    }

    /** Spins for {@code pollNanos} per poll and re-queues itself, until the trial ends. */
    final class Busy implements PollFuture<Void> {
        @Override
        public Poll<Void> poll(Context cx) {
            if (stop) {
                return Poll.ready(null);
            }
            long end = System.nanoTime() + pollNanos;
            while (System.nanoTime() - end < 0) {
                Thread.onSpinWait();
            }
            cx.waker().wake();
            return Poll.pending();
        }
    }
}
