package dev.pollbridge.runtime;

import dev.pollbridge.runtime.internal.scheduler.EngineConfig;
import dev.pollbridge.runtime.internal.scheduler.SchedulerTuning;
import dev.pollbridge.runtime.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Configures and builds a {@link Runtime}; get one from {@link Runtime#builder()}. Each setter
 * checks its argument at once and throws {@link IllegalArgumentException} or
 * {@link NullPointerException} on bad input. A builder is not thread-safe; it may build several
 * runtimes.
 *
 * <table>
 *   <caption>Defaults</caption>
 *   <tr><td>{@link #workers(int)}</td><td>{@code Runtime.getRuntime().availableProcessors()}</td></tr>
 *   <tr><td>{@link #blockingThreads(int)}</td><td>512</td></tr>
 *   <tr><td>{@link #blockingKeepAlive(Duration)}</td><td>10 seconds</td></tr>
 *   <tr><td>{@link #threadNamePrefix(String)}</td><td>{@code "pollbridge-"}</td></tr>
 *   <tr><td>{@link #slowPollThreshold(Duration)}</td><td>100 milliseconds</td></tr>
 *   <tr><td>{@link #uncaughtFailureHandler(Consumer)}</td><td>logs at {@code ERROR} through
 *       {@link System.Logger}</td></tr>
 *   <tr><td>{@link #clock(Clock)}</td><td>{@link Clock#system()}</td></tr>
 *   <tr><td>{@link #lifoSlot(boolean)}</td><td>{@code true}</td></tr>
 *   <tr><td>{@link #stuckWorkerThreshold(Duration)}</td><td>1 second</td></tr>
 *   <tr><td>{@link #globalQueueInterval(int)}</td><td>tuned from the measured poll time</td></tr>
 * </table>
 */
public final class RuntimeBuilder {

    private static final System.Logger LOGGER = System.getLogger(Runtime.class.getName());

    private int workers = java.lang.Runtime.getRuntime().availableProcessors();
    private int blockingThreads = 512;
    private Duration blockingKeepAlive = Duration.ofSeconds(10);
    private String threadNamePrefix = "pollbridge-";
    private Duration slowPollThreshold = Duration.ofMillis(100);
    private Consumer<Throwable> uncaughtFailureHandler = RuntimeBuilder::logUncaught;
    private Clock clock = Clock.system();
    private boolean daemon;
    private boolean lifoSlot = SchedulerTuning.DEFAULT.lifoSlot();
    private Duration stuckWorkerThreshold = SchedulerTuning.DEFAULT.stuckWorkerThreshold();
    private int globalQueueInterval = SchedulerTuning.DEFAULT.globalQueueInterval();

    RuntimeBuilder() {}

    /**
     * The number of worker threads that poll tasks. {@code 0} builds the <em>current-thread</em>
     * flavour: no worker threads; tasks run in FIFO order on the thread that calls
     * {@link Runtime#blockOn} (between polls of its own future), which makes runs deterministic
     * (the test kit's {@code TestRuntime} is built on it).
     *
     * @throws IllegalArgumentException if negative or larger than 32767
     */
    public RuntimeBuilder workers(int count) {
        if (count < 0 || count > Short.MAX_VALUE) {
            throw new IllegalArgumentException("workers must be in [0, 32767], was " + count);
        }
        this.workers = count;
        return this;
    }

    /**
     * The maximum number of threads of the blocking pool ({@link Runtime#spawnBlocking}); work
     * beyond it waits in a FIFO queue.
     *
     * @throws IllegalArgumentException if less than 1
     */
    public RuntimeBuilder blockingThreads(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("blockingThreads must be >= 1, was " + max);
        }
        this.blockingThreads = max;
        return this;
    }

    /**
     * How long an idle blocking-pool thread waits for work before it exits.
     *
     * @throws IllegalArgumentException if zero or negative
     */
    public RuntimeBuilder blockingKeepAlive(Duration keepAlive) {
        Objects.requireNonNull(keepAlive, "keepAlive");
        if (keepAlive.isNegative() || keepAlive.isZero()) {
            throw new IllegalArgumentException("blockingKeepAlive must be positive, was " + keepAlive);
        }
        this.blockingKeepAlive = keepAlive;
        return this;
    }

    /**
     * The prefix of every thread the runtime starts: workers are named {@code <prefix>worker-<n>}
     * and blocking-pool threads {@code <prefix>blocking-<n>}.
     */
    public RuntimeBuilder threadNamePrefix(String prefix) {
        this.threadNamePrefix = Objects.requireNonNull(prefix, "prefix");
        return this;
    }

    /**
     * A poll that runs longer than this is reported once per task: a {@code WARNING} through
     * {@link System.Logger} naming the task and the threshold, and a JDK Flight Recorder event
     * {@code dev.pollbridge.SlowPoll}. Measured in real time, whatever the {@link #clock(Clock)},
     * at the cost of one {@link System#nanoTime()} per poll; a threshold too long to count in
     * nanoseconds (such as {@code ChronoUnit.FOREVER.getDuration()}) turns the reports, and that
     * clock read, off.
     *
     * @throws IllegalArgumentException if zero or negative
     */
    public RuntimeBuilder slowPollThreshold(Duration threshold) {
        Objects.requireNonNull(threshold, "threshold");
        if (threshold.isNegative() || threshold.isZero()) {
            throw new IllegalArgumentException("slowPollThreshold must be positive, was " + threshold);
        }
        this.slowPollThreshold = threshold;
        return this;
    }

    /**
     * Receives failures that no join handle will deliver: the failure of a detached task (one
     * whose handle was closed, or an {@link Runtime#executor()} runnable) and a throwing
     * {@code close()} of a task's future. Called on the runtime thread where the failure
     * happened; it must not block. If it throws, the throwable is logged and dropped.
     */
    public RuntimeBuilder uncaughtFailureHandler(Consumer<Throwable> handler) {
        this.uncaughtFailureHandler = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /** The runtime's time source (a virtual clock in tests). */
    public RuntimeBuilder clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return this;
    }

    /**
     * Whether a task woken or spawned by the task a worker is polling runs next on that worker
     * (the <em>LIFO slot</em>, default {@code true}), as in Tokio: a message hand-off between two
     * tasks then runs while its data is hot in the cache, without a queue operation. Two tasks
     * that keep waking each other share one poll budget and get at most three such turns in a
     * row. If the poll that filled the slot runs long, the slot's task does not wait for it: an
     * idle worker takes it (within about 20 &micro;s if one is searching, else within one or two
     * watchdog periods, 10 ms at most). {@code false} sends every such task to the back of the
     * worker's queue instead, where any idle worker may steal it (Tokio's
     * {@code disable_lifo_slot}); message passing then costs a queue operation and more steals.
     * Ignored by the current-thread flavour ({@code workers(0)}).
     */
    public RuntimeBuilder lifoSlot(boolean enabled) {
        this.lifoSlot = enabled;
        return this;
    }

    /**
     * A worker that stays inside one poll (or one close) of a task longer than this is reported
     * <em>while it is stuck</em>: a {@code WARNING} through {@link System.Logger} naming the task
     * and showing the worker's stack, and a JDK Flight Recorder event
     * {@code dev.pollbridge.StuckWorker}, once per stuck turn. One daemon thread per runtime (the
     * watchdog) samples the workers every quarter of the threshold (between 1 and 10 ms); the
     * workers read no clock for it. The {@link #slowPollThreshold slow-poll report}, by contrast,
     * comes only after a poll returns. A threshold too long to count in nanoseconds (such as
     * {@code ChronoUnit.FOREVER.getDuration()}) turns these reports off; the watchdog thread
     * then runs only for the LIFO slot (see {@link #lifoSlot}), and not at all if that is off
     * too or there is a single worker. Ignored by the current-thread flavour.
     *
     * @throws IllegalArgumentException if zero or negative
     */
    public RuntimeBuilder stuckWorkerThreshold(Duration threshold) {
        Objects.requireNonNull(threshold, "threshold");
        if (threshold.isNegative() || threshold.isZero()) {
            throw new IllegalArgumentException("stuckWorkerThreshold must be positive, was " + threshold);
        }
        this.stuckWorkerThreshold = threshold;
        return this;
    }

    /**
     * Fixes how many tasks a worker runs between two looks at the global queue, which holds the
     * tasks spawned or woken from outside the workers (Tokio's {@code global_queue_interval}).
     * By default each worker tunes it from its measured poll time so that about 200 &micro;s of
     * polling pass between two looks (at least 2, at most 127 tasks); a fixed value is for
     * experiments. See {@code docs/performance.md} for the measurements behind the default.
     *
     * @throws IllegalArgumentException if less than 1
     */
    public RuntimeBuilder globalQueueInterval(int ticks) {
        if (ticks < 1) {
            throw new IllegalArgumentException("globalQueueInterval must be >= 1, was " + ticks);
        }
        this.globalQueueInterval = ticks;
        return this;
    }

    /** Whether the runtime's threads are daemon threads (default false; {@link Runtime#shared()} uses true). */
    RuntimeBuilder daemon(boolean daemon) {
        this.daemon = daemon;
        return this;
    }

    /** Builds and starts the runtime: its worker threads are running when this returns. */
    public Runtime build() {
        return new Runtime(config(daemon), false);
    }

    Runtime buildShared() {
        return new Runtime(config(true), true);
    }

    private EngineConfig config(boolean daemonThreads) {
        return new EngineConfig(workers, blockingThreads, blockingKeepAlive, threadNamePrefix, slowPollThreshold,
                uncaughtFailureHandler, clock, daemonThreads,
                new SchedulerTuning(lifoSlot, stuckWorkerThreshold, globalQueueInterval));
    }

    private static void logUncaught(Throwable failure) {
        LOGGER.log(System.Logger.Level.ERROR, "a detached Pollbridge task failed", failure);
    }
}
