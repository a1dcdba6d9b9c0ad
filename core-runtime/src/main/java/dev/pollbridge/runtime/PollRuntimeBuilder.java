package dev.pollbridge.runtime;

import dev.pollbridge.runtime.internal.scheduler.EngineConfig;
import dev.pollbridge.runtime.internal.scheduler.SchedulerTuning;
import dev.pollbridge.runtime.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;

/**
 * Configures and builds a {@link PollRuntime}; get one from {@link PollRuntime#builder()}. Each setter
 * checks its argument at once and throws {@link IllegalArgumentException} or
 * {@link NullPointerException} on bad input. A builder is not thread-safe; it may build several
 * runtimes.
 *
 * <table>
 *   <caption>Defaults</caption>
 *   <tr><td>{@link #workers(int)}</td><td>{@code java.lang.Runtime.getRuntime().availableProcessors()}</td></tr>
 *   <tr><td>{@link #blockingThreads(int)}</td><td>512</td></tr>
 *   <tr><td>{@link #blockingKeepAlive(Duration)}</td><td>10 seconds</td></tr>
 *   <tr><td>{@link #threadNamePrefix(String)}</td><td>{@code "pollbridge-"}</td></tr>
 *   <tr><td>{@link #daemon(boolean)}</td><td>{@code true}: daemon threads</td></tr>
 *   <tr><td>{@link #threadFactory(ThreadFactory)}</td><td>none: the runtime makes its own threads</td></tr>
 *   <tr><td>{@link #slowPollThreshold(Duration)}</td><td>100 milliseconds</td></tr>
 *   <tr><td>{@link #uncaughtFailureHandler(Consumer)}</td><td>logs at {@code ERROR} through
 *       {@link System.Logger}</td></tr>
 *   <tr><td>{@link #clock(Clock)}</td><td>{@link Clock#system()}</td></tr>
 *   <tr><td>{@link #lifoSlot(boolean)}</td><td>{@code true}</td></tr>
 *   <tr><td>{@link #stuckWorkerThreshold(Duration)}</td><td>1 second</td></tr>
 *   <tr><td>{@link #globalQueueInterval(int)}</td><td>tuned from the measured poll time</td></tr>
 *   <tr><td>{@link #captureSpawnSites(boolean)}</td><td>{@code false}</td></tr>
 *   <tr><td>{@link #pollTimeHistogram(boolean)}</td><td>{@code false}</td></tr>
 * </table>
 *
 * <h2>Threads, and a forgotten {@code close()}</h2>
 * A runtime starts four kinds of threads: its workers and its stuck-worker watchdog (at
 * {@link #build()}; see {@link #stuckWorkerThreshold(Duration)}), one timer thread (at the first
 * timer, real clocks only) and blocking-pool threads (on demand, up to
 * {@link #blockingThreads(int)}). By default they are <em>daemon</em> threads, as the threads of
 * {@code ForkJoinPool.commonPool()}, Reactor's {@code Schedulers.parallel()} and RxJava's
 * schedulers are: a program whose {@code main} returns exits even if it forgot to close the
 * runtime, and the tasks still running then are dropped without their futures being closed.
 * Close the runtime (try-with-resources) to finish or cancel them properly. Choose
 * {@code daemon(false)} for a runtime that must keep the JVM alive on its own, a server whose
 * {@code main} only starts it, say.
 */
public final class PollRuntimeBuilder {

    private static final System.Logger LOGGER = System.getLogger(PollRuntime.class.getName());

    private int workers = java.lang.Runtime.getRuntime().availableProcessors();
    private int blockingThreads = 512;
    private Duration blockingKeepAlive = Duration.ofSeconds(10);
    private String threadNamePrefix = "pollbridge-";
    private Duration slowPollThreshold = Duration.ofMillis(100);
    private Consumer<Throwable> uncaughtFailureHandler = PollRuntimeBuilder::logUncaught;
    private Clock clock = Clock.system();
    private boolean daemon = true;
    private ThreadFactory threadFactory;
    private boolean lifoSlot = SchedulerTuning.DEFAULT.lifoSlot();
    private Duration stuckWorkerThreshold = SchedulerTuning.DEFAULT.stuckWorkerThreshold();
    private boolean captureSpawnSites;
    private boolean pollTimeHistogram;
    private int globalQueueInterval = SchedulerTuning.DEFAULT.globalQueueInterval();

    PollRuntimeBuilder() {}

    /**
     * The number of worker threads that poll tasks. {@code 0} builds the <em>current-thread</em>
     * flavour: no worker threads; tasks run in FIFO order on the thread that calls
     * {@link PollRuntime#blockOn} (between polls of its own future), which makes runs deterministic
     * (the test kit's {@code TestRuntime} is built on it).
     *
     * @param count the number of worker threads, from 0 to 32767
     * @return this builder
     * @throws IllegalArgumentException if negative or larger than 32767
     */
    public PollRuntimeBuilder workers(int count) {
        if (count < 0 || count > Short.MAX_VALUE) {
            throw new IllegalArgumentException("workers must be in [0, 32767], was " + count);
        }
        this.workers = count;
        return this;
    }

    /**
     * The maximum number of threads of the blocking pool ({@link PollRuntime#spawnBlocking}); work
     * beyond it waits in a FIFO queue.
     *
     * @param max the most threads the blocking pool starts, at least 1
     * @return this builder
     * @throws IllegalArgumentException if less than 1
     */
    public PollRuntimeBuilder blockingThreads(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("blockingThreads must be >= 1, was " + max);
        }
        this.blockingThreads = max;
        return this;
    }

    /**
     * How long an idle blocking-pool thread waits for work before it exits.
     *
     * @param keepAlive how long an idle blocking thread lives; positive
     * @return this builder
     * @throws IllegalArgumentException if zero or negative
     */
    public PollRuntimeBuilder blockingKeepAlive(Duration keepAlive) {
        Objects.requireNonNull(keepAlive, "keepAlive");
        if (keepAlive.isNegative() || keepAlive.isZero()) {
            throw new IllegalArgumentException("blockingKeepAlive must be positive, was " + keepAlive);
        }
        this.blockingKeepAlive = keepAlive;
        return this;
    }

    /**
     * The prefix of the names of the threads the runtime makes: workers are named
     * {@code <prefix>worker-<n>}, the timer thread {@code <prefix>timer} and blocking-pool threads
     * {@code <prefix>blocking-<n>}. Not applied to the threads of a
     * {@linkplain #threadFactory(ThreadFactory) thread factory}, which names its own.
     *
     * @param prefix the prefix, possibly empty
     * @return this builder
     */
    public PollRuntimeBuilder threadNamePrefix(String prefix) {
        this.threadNamePrefix = Objects.requireNonNull(prefix, "prefix");
        return this;
    }

    /**
     * A poll that runs longer than this is reported once per task: a {@code WARNING} through
     * {@link System.Logger} naming the task and the threshold, and a JDK Flight Recorder event
     * {@code dev.pollbridge.SlowPoll}. Measured in real time, whatever the {@link #clock(Clock)}.
     * A threshold too long to count in nanoseconds (such as {@code ChronoUnit.FOREVER.getDuration()})
     * turns the reports off.
     *
     * <p><b>How polls are timed.</b> On the workers of the work-stealing flavour, by default, a
     * poll reads no clock (as in Tokio): the stuck-worker watchdog, which samples every worker
     * once per period (a quarter of the shorter of this threshold and the
     * {@linkplain #stuckWorkerThreshold stuck-worker threshold}, between 1 and 10 ms; 10 ms with
     * the defaults), marks a turn it saw at two samples, and the worker reads the clock once after
     * such a turn. So a poll shorter than one period is never timed, and a report's duration is a
     * lower bound of the turn (the poll, and the close of its future if the poll finished the
     * task), short of it by at most one period (more if the watchdog thread was descheduled); a
     * poll that overran the threshold by less than that may go unreported. Each poll is timed
     * exactly, with two {@link System#nanoTime()} reads (one before it, one after), when the
     * threshold is under 4 ms or the {@linkplain #pollTimeHistogram poll-time histogram} is on,
     * and always on the current-thread flavour ({@code workers(0)}) while reports are on.
     *
     * @param threshold the longest poll that is not reported; positive
     * @return this builder
     * @throws IllegalArgumentException if zero or negative
     */
    public PollRuntimeBuilder slowPollThreshold(Duration threshold) {
        Objects.requireNonNull(threshold, "threshold");
        if (threshold.isNegative() || threshold.isZero()) {
            throw new IllegalArgumentException("slowPollThreshold must be positive, was " + threshold);
        }
        this.slowPollThreshold = threshold;
        return this;
    }

    /**
     * Receives failures that no join handle will deliver: the failure of a detached task (one
     * whose handle was closed, or an {@link PollRuntime#executor()} runnable), a throwing
     * {@code close()} of a task's future, and what the bridges catch and cannot signal (an error
     * after its subscriber cancelled, a subscriber or {@code close()} that threw). Called on the
     * thread where the failure was caught (a runtime thread, or, for a bridge, the thread that
     * cancelled or signalled), also while the runtime shuts down; it must not block. If it
     * throws, the throwable is logged and dropped.
     *
     * @param handler receives each such failure once
     * @return this builder
     */
    public PollRuntimeBuilder uncaughtFailureHandler(Consumer<Throwable> handler) {
        this.uncaughtFailureHandler = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /**
     * The runtime's time source (a virtual clock in tests).
     *
     * @param clock the clock every timer of the runtime reads
     * @return this builder
     */
    public PollRuntimeBuilder clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return this;
    }

    /**
     * Whether a task woken by the task a worker is polling (or, if it woke none, the first task it
     * spawned) runs next on that worker (the <em>LIFO slot</em>, default {@code true}), as in
     * Tokio: a message hand-off between two tasks then runs while its data is hot in the cache,
     * without a queue operation. A task woken by the completion of a task it joins waits behind
     * the worker's queued tasks instead, so it collects many children in one poll. Two tasks
     * that keep waking each other share one poll budget and get at most three such turns in a
     * row. If the poll that filled the slot runs long, the slot's task does not wait for it: an
     * idle worker takes it (within about 20 &micro;s if one is searching, else within one or two
     * watchdog periods, 10 ms at most). {@code false} sends every such task to the back of the
     * worker's queue instead, where any idle worker may steal it (Tokio's
     * {@code disable_lifo_slot}); message passing then costs a queue operation and more steals.
     * Ignored by the current-thread flavour ({@code workers(0)}).
     *
     * @param enabled false to run every such task from the worker's queue
     * @return this builder
     */
    public PollRuntimeBuilder lifoSlot(boolean enabled) {
        this.lifoSlot = enabled;
        return this;
    }

    /**
     * A worker that stays inside one poll (or one close) of a task longer than this is reported
     * <em>while it is stuck</em>: a {@code WARNING} through {@link System.Logger} naming the task
     * and showing the worker's stack, and a JDK Flight Recorder event
     * {@code dev.pollbridge.StuckWorker}, once per stuck turn. One thread per runtime (the
     * watchdog) samples the workers every quarter of the shorter of this threshold and the
     * {@linkplain #slowPollThreshold slow-poll threshold} (between 1 and 10 ms); the workers read
     * no clock for it. The slow-poll report, by contrast, comes only after a poll returns. A
     * threshold too long to count in nanoseconds (such as {@code ChronoUnit.FOREVER.getDuration()})
     * turns these reports off; the watchdog thread then runs only to time slow polls and for the
     * LIFO slot (see {@link #lifoSlot}), and not at all if neither needs it (slow-poll reports off
     * or timed on the workers, and the LIFO slot off or a single worker). Without a watchdog the
     * task dump's "last polled" is unknown for polls that are not timed, and a spawn on a worker
     * reads the clock. Ignored by the current-thread flavour.
     *
     * @param threshold how long one poll or close may run before the worker is reported stuck
     * @return this builder
     * @throws IllegalArgumentException if zero or negative
     */
    public PollRuntimeBuilder stuckWorkerThreshold(Duration threshold) {
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
     * @param ticks tasks run between two looks at the global queue
     * @return this builder
     * @throws IllegalArgumentException if less than 1
     */
    public PollRuntimeBuilder globalQueueInterval(int ticks) {
        if (ticks < 1) {
            throw new IllegalArgumentException("globalQueueInterval must be >= 1, was " + ticks);
        }
        this.globalQueueInterval = ticks;
        return this;
    }

    /**
     * Whether the threads the runtime makes are daemon threads (default {@code true}; see
     * "Threads, and a forgotten {@code close()}" above). Not applied to the threads of a
     * {@linkplain #threadFactory(ThreadFactory) thread factory}, which decides for itself.
     *
     * @param daemon true for daemon threads, false for threads that keep the JVM alive until
     *     the runtime is closed
     * @return this builder
     */
    public PollRuntimeBuilder daemon(boolean daemon) {
        this.daemon = daemon;
        return this;
    }

    /**
     * Makes every thread of the runtime with {@code factory} instead: the workers, the watchdog,
     * the timer thread and the blocking-pool threads. The runtime starts the threads as the
     * factory returns them, so their names, daemon flag, priority, group and uncaught-exception
     * handler are the factory's; {@link #threadNamePrefix(String)} and {@link #daemon(boolean)} do
     * not apply. The factory is called at {@link #build()} for the workers and the watchdog (on
     * the building thread), at the first timer for the timer thread, and whenever the blocking
     * pool grows (on the thread that calls {@link PollRuntime#spawnBlocking}); it must return a new,
     * unstarted thread that runs the {@code Runnable} it is given, or that call fails with
     * {@link IllegalStateException}.
     *
     * <p>A worker on a thread the runtime made itself finds its runtime through its thread's
     * class; a worker on a factory's thread uses a thread-local lookup instead, which makes
     * spawns and wakes from other threads slightly slower.
     *
     * @param factory makes the runtime's threads
     * @return this builder
     */
    public PollRuntimeBuilder threadFactory(ThreadFactory factory) {
        this.threadFactory = Objects.requireNonNull(factory, "factory");
        return this;
    }

    /**
     * Whether each spawned task records where it was spawned (the stack of the {@code spawn} call,
     * or of {@code executor().execute}), for {@link PollRuntime#dump()}. Off by default: capturing a
     * stack costs a few microseconds per spawn, many times the cost of the spawn itself; turn it on
     * to find out who spawned a task that hangs.
     *
     * @param enabled true to record each task's spawn site
     * @return this builder
     */
    public PollRuntimeBuilder captureSpawnSites(boolean enabled) {
        this.captureSpawnSites = enabled;
        return this;
    }

    /**
     * Whether every poll is timed for the poll-time histogram of {@link PollRuntime#metrics()}
     * ({@link dev.pollbridge.runtime.metrics.PollRuntimeMetrics#pollTimes()}), default {@code false}: it costs two
     * {@link System#nanoTime()} reads per poll (20 ns or more each, a noticeable share of a poll
     * that yields or completes at once). When off, the histogram's counts are all zero. Tokio's
     * equivalent is {@code enable_metrics_poll_time_histogram}. Turning it on also makes the
     * {@linkplain #slowPollThreshold slow-poll report} exact, since every poll is then timed.
     *
     * @param enabled true to time every poll and count it in the histogram
     * @return this builder
     */
    public PollRuntimeBuilder pollTimeHistogram(boolean enabled) {
        this.pollTimeHistogram = enabled;
        return this;
    }

    /**
     * Builds and starts the runtime: its worker threads are running when this returns.
     *
     * @return a started runtime; close it when done
     * @throws IllegalStateException if the {@linkplain #threadFactory(ThreadFactory) thread
     *     factory} returned null or a started thread
     */
    public PollRuntime build() {
        return new PollRuntime(config(daemon), false);
    }

    /** The process-wide runtime: daemon threads whatever the builder says. */
    PollRuntime buildShared() {
        return new PollRuntime(config(true), true);
    }

    private EngineConfig config(boolean daemonThreads) {
        return new EngineConfig(workers, blockingThreads, blockingKeepAlive, threadNamePrefix,
                slowPollThreshold, uncaughtFailureHandler, clock, daemonThreads, threadFactory,
                new SchedulerTuning(lifoSlot, stuckWorkerThreshold, globalQueueInterval), captureSpawnSites,
                pollTimeHistogram);
    }

    private static void logUncaught(Throwable failure) {
        LOGGER.log(System.Logger.Level.ERROR, "a detached Pollbridge task failed", failure);
    }
}
