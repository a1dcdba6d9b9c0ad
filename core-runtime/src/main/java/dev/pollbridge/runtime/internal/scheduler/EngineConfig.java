package dev.pollbridge.runtime.internal.scheduler;

import dev.pollbridge.runtime.internal.time.Nanos;
import dev.pollbridge.runtime.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;

/**
 * The settings of one runtime, validated by the public builder.
 *
 * @param workers worker threads; 0 means the deterministic current-thread flavour
 * @param blockingThreads the blocking pool's maximum size
 * @param blockingKeepAlive how long an idle blocking thread waits for work before it exits
 * @param threadNamePrefix prefix of the names of the threads the runtime makes itself
 * @param slowPollThreshold polls longer than this are reported
 * @param uncaughtFailureHandler receives failures nobody else will see
 * @param clock the runtime's time source
 * @param daemon whether the threads the runtime makes itself are daemon threads
 * @param threadFactory makes every thread of the runtime instead (see {@link RuntimeThreads}), or
 *     null for the runtime's own threads
 * @param tuning the work-stealing scheduler's knobs (LIFO slot, watchdog, global-queue interval)
 * @param captureSpawnSites whether each task records the stack of its spawn for the task dump
 * @param pollTimeHistogram whether each poll is timed (two clock reads) for the poll-time histogram
 */
public record EngineConfig(
        int workers,
        int blockingThreads,
        Duration blockingKeepAlive,
        String threadNamePrefix,
        Duration slowPollThreshold,
        Consumer<Throwable> uncaughtFailureHandler,
        Clock clock,
        boolean daemon,
        ThreadFactory threadFactory,
        SchedulerTuning tuning,
        boolean captureSpawnSites,
        boolean pollTimeHistogram) {

    /**
     * Settings without the poll-time histogram.
     *
     * @param workers worker threads; 0 means the deterministic current-thread flavour
     * @param blockingThreads the blocking pool's maximum size
     * @param blockingKeepAlive how long an idle blocking thread waits for work before it exits
     * @param threadNamePrefix prefix of the names of the threads the runtime makes itself
     * @param slowPollThreshold polls longer than this are reported
     * @param uncaughtFailureHandler receives failures nobody else will see
     * @param clock the runtime's time source
     * @param daemon whether the threads the runtime makes itself are daemon threads
     * @param threadFactory makes every thread of the runtime instead, or null
     * @param tuning the work-stealing scheduler's knobs
     * @param captureSpawnSites whether each task records the stack of its spawn for the task dump
     */
    public EngineConfig(int workers, int blockingThreads, Duration blockingKeepAlive, String threadNamePrefix,
            Duration slowPollThreshold, Consumer<Throwable> uncaughtFailureHandler, Clock clock, boolean daemon,
            ThreadFactory threadFactory, SchedulerTuning tuning, boolean captureSpawnSites) {
        this(workers, blockingThreads, blockingKeepAlive, threadNamePrefix, slowPollThreshold, uncaughtFailureHandler,
                clock, daemon, threadFactory, tuning, captureSpawnSites, false);
    }

    /**
     * Settings without spawn-site capture.
     *
     * @param workers worker threads; 0 means the deterministic current-thread flavour
     * @param blockingThreads the blocking pool's maximum size
     * @param blockingKeepAlive how long an idle blocking thread waits for work before it exits
     * @param threadNamePrefix prefix of the names of the threads the runtime makes itself
     * @param slowPollThreshold polls longer than this are reported
     * @param uncaughtFailureHandler receives failures nobody else will see
     * @param clock the runtime's time source
     * @param daemon whether the threads the runtime makes itself are daemon threads
     * @param threadFactory makes every thread of the runtime instead, or null
     * @param tuning the work-stealing scheduler's knobs
     */
    public EngineConfig(int workers, int blockingThreads, Duration blockingKeepAlive, String threadNamePrefix,
            Duration slowPollThreshold, Consumer<Throwable> uncaughtFailureHandler, Clock clock, boolean daemon,
            ThreadFactory threadFactory, SchedulerTuning tuning) {
        this(workers, blockingThreads, blockingKeepAlive, threadNamePrefix, slowPollThreshold, uncaughtFailureHandler,
                clock, daemon, threadFactory, tuning, false);
    }

    /**
     * Settings with the default {@link SchedulerTuning}.
     *
     * @param workers worker threads; 0 means the deterministic current-thread flavour
     * @param blockingThreads the blocking pool's maximum size
     * @param blockingKeepAlive how long an idle blocking thread waits for work before it exits
     * @param threadNamePrefix prefix of the names of the threads the runtime makes itself
     * @param slowPollThreshold polls longer than this are reported
     * @param uncaughtFailureHandler receives failures nobody else will see
     * @param clock the runtime's time source
     * @param daemon whether the threads the runtime makes itself are daemon threads
     * @param threadFactory makes every thread of the runtime instead, or null
     */
    public EngineConfig(int workers, int blockingThreads, Duration blockingKeepAlive, String threadNamePrefix,
            Duration slowPollThreshold, Consumer<Throwable> uncaughtFailureHandler, Clock clock, boolean daemon,
            ThreadFactory threadFactory) {
        this(workers, blockingThreads, blockingKeepAlive, threadNamePrefix, slowPollThreshold, uncaughtFailureHandler,
                clock, daemon, threadFactory, SchedulerTuning.DEFAULT);
    }

    /** Checks the values. */
    public EngineConfig {
        if (workers < 0) {
            throw new IllegalArgumentException("workers must be >= 0, was " + workers);
        }
        if (blockingThreads < 1) {
            throw new IllegalArgumentException("blockingThreads must be >= 1, was " + blockingThreads);
        }
        Objects.requireNonNull(blockingKeepAlive, "blockingKeepAlive");
        Objects.requireNonNull(threadNamePrefix, "threadNamePrefix");
        Objects.requireNonNull(slowPollThreshold, "slowPollThreshold");
        Objects.requireNonNull(uncaughtFailureHandler, "uncaughtFailureHandler");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(tuning, "tuning");
    }

    /** The slow-poll threshold in nanoseconds, saturated. */
    long slowPollThresholdNanos() {
        return Nanos.saturated(slowPollThreshold);
    }
}
