package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
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
 * spawn_many and yield_many on the current-thread flavour ({@code workers(0)}): every spawn, poll
 * and completion runs on the benchmark thread inside {@code blockOn}, with no cross-thread wake-up
 * and no parking. It measures the per-task and per-poll path of the runtime itself (the task
 * state word, the registry, the counters), so a change of a few nanoseconds there shows on a
 * loaded machine, where the multi-threaded scenarios' spread is far larger. Score: tasks (or
 * polls) per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
public class CurrentThreadSpawnYield {

    static final int SPAWNS = 10_000;
    static final int YIELDING_TASKS = 100;
    static final int YIELDS = 100;

    /** A current-thread runtime. */
    @State(Scope.Benchmark)
    public static class SingleThread {
        PollRuntime runtime;

        @Setup(Level.Trial)
        public void start() {
            runtime = PollRuntime.builder().workers(0).build();
        }

        @TearDown(Level.Trial)
        public void stop() {
            runtime.close();
        }
    }

    /** 10,000 trivial tasks spawned, then run by {@code blockOn}. */
    @Benchmark
    @OperationsPerInvocation(SPAWNS)
    public void spawnMany(SingleThread st) {
        int[] left = {SPAWNS};
        PollFuture<Void> task = cx -> {
            left[0]--;
            return Poll.ready(null);
        };
        for (int i = 0; i < SPAWNS; i++) {
            st.runtime.spawn(task).close();
        }
        st.runtime.blockOn(new UntilZero(left));
    }

    /** 100 tasks that each return pending 100 times, waking themselves. */
    @Benchmark
    @OperationsPerInvocation(YIELDING_TASKS * YIELDS)
    public void yieldMany(SingleThread st) {
        int[] left = {YIELDING_TASKS};
        for (int i = 0; i < YIELDING_TASKS; i++) {
            st.runtime.spawn(new Yielding(left)).close();
        }
        st.runtime.blockOn(new UntilZero(left));
    }

    /** Ready when the counter reached zero; until then it wakes itself, so blockOn runs another batch. */
    static final class UntilZero implements PollFuture<Void> {
        private final int[] left;

        UntilZero(int[] left) {
            this.left = left;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (left[0] == 0) {
                return Poll.ready(null);
            }
            cx.waker().wake();
            return Poll.pending();
        }
    }

    static final class Yielding implements PollFuture<Void> {
        private final int[] left;
        private int remaining = YIELDS;

        Yielding(int[] left) {
            this.left = left;
        }

        @Override
        public Poll<Void> poll(Context cx) {
            if (--remaining == 0) {
                left[0]--;
                return Poll.ready(null);
            }
            cx.waker().wake();
            return Poll.pending();
        }
    }
}
