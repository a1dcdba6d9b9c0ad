package dev.pollbridge.benchmarks;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.PollRuntime;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
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
 * timers: 100,000 timers per invocation, all from the benchmark thread, with a one-second deadline
 * that never fires. Score: timers per second.
 * <ul>
 *   <li>churn: a timeout around work that is already ready ({@code runtime.timeout(ready, 1s)}
 *       polled once, against {@code completedFuture(x).orTimeout(1s)}).</li>
 *   <li>insert+cancel: a pending timer that is cancelled ({@code runtime.sleep(1s)} polled once,
 *       then closed; against {@code ScheduledThreadPoolExecutor.schedule(..., 1s).cancel(false)} with
 *       the remove-on-cancel policy, and {@code new CompletableFuture().orTimeout(1s)} completed,
 *       which cancels its timeout task on the JDK's delayer thread).</li>
 * </ul>
 * The Pollbridge loops run inside {@code runtime.blockOn} on the benchmark thread (one future polls
 * the 100,000 timer futures with its own context), so no variant pays a thread hop per timer.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
public class Timers {

    /** Timers per invocation. */
    public static final int TIMERS = 100_000;
    private static final Duration DEADLINE = Duration.ofSeconds(1);

    /** A {@code ScheduledThreadPoolExecutor(2)} with the remove-on-cancel policy. */
    @State(Scope.Benchmark)
    public static class ScheduledExecutor {
        /** The executor under test. */
        public ScheduledThreadPoolExecutor executor;

        /** Starts the executor. */
        @Setup(Level.Trial)
        public void start() {
            executor = new ScheduledThreadPoolExecutor(Workers.COUNT);
            executor.setRemoveOnCancelPolicy(true);
        }

        /** Stops the executor. */
        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            executor.shutdownNow();
            executor.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    /** Pollbridge churn: {@code runtime.timeout(Futures.ready(i), 1s)}, polled to its value, closed. */
    @Benchmark
    @OperationsPerInvocation(TIMERS)
    public long pollbridgeTimeoutReady(PollbridgeRuntime rt) {
        PollRuntime runtime = rt.runtime;
        return runtime.blockOn(new Loop(cx -> {
            long sum = 0;
            for (int i = 0; i < TIMERS; i++) {
                try (PollFuture<Integer> timed = runtime.timeout(Futures.ready(i), DEADLINE)) {
                    sum += timed.poll(cx).value();
                }
            }
            return sum;
        }));
    }

    /** Anchor churn: {@code CompletableFuture.completedFuture(i).orTimeout(1s).join()}. */
    @Benchmark
    @OperationsPerInvocation(TIMERS)
    public long completableFutureOrTimeoutReady() {
        long sum = 0;
        for (int i = 0; i < TIMERS; i++) {
            sum += CompletableFuture.completedFuture(i).orTimeout(1, TimeUnit.SECONDS).join();
        }
        return sum;
    }

    /** Pollbridge insert+cancel: {@code runtime.sleep(1s)} polled once (pending: timer inserted), closed. */
    @Benchmark
    @OperationsPerInvocation(TIMERS)
    public long pollbridgeSleepCancel(PollbridgeRuntime rt) {
        PollRuntime runtime = rt.runtime;
        return runtime.blockOn(new Loop(cx -> {
            long pending = 0;
            for (int i = 0; i < TIMERS; i++) {
                try (PollFuture<Void> sleep = runtime.sleep(DEADLINE)) {
                    if (sleep.poll(cx).isPending()) {
                        pending++;
                    }
                }
            }
            return pending;
        }));
    }

    /** Anchor insert+cancel: {@code schedule(noop, 1s)} then {@code cancel(false)}. */
    @Benchmark
    @OperationsPerInvocation(TIMERS)
    public long scheduledExecutorCancel(ScheduledExecutor stpe) {
        long cancelled = 0;
        Runnable noop = () -> { };
        for (int i = 0; i < TIMERS; i++) {
            ScheduledFuture<?> timer = stpe.executor.schedule(noop, 1, TimeUnit.SECONDS);
            if (timer.cancel(false)) {
                cancelled++;
            }
        }
        return cancelled;
    }

    /** Anchor insert+cancel: {@code new CompletableFuture().orTimeout(1s)}, then completed. */
    @Benchmark
    @OperationsPerInvocation(TIMERS)
    public long completableFutureOrTimeoutCancel() {
        long sum = 0;
        for (int i = 0; i < TIMERS; i++) {
            CompletableFuture<Integer> future = new CompletableFuture<Integer>().orTimeout(1, TimeUnit.SECONDS);
            future.complete(i);
            sum += future.join();
        }
        return sum;
    }

    /** The body of a benchmark loop, run in one poll on the benchmark thread. */
    @FunctionalInterface
    interface Body {
        long run(Context cx);
    }

    /** A future that runs its body in its first poll (the body polls the timers with this context). */
    static final class Loop implements PollFuture<Long> {
        private final Body body;

        Loop(Body body) {
            this.body = body;
        }

        @Override
        public Poll<Long> poll(Context cx) {
            return Poll.ready(body.run(cx));
        }
    }
}
