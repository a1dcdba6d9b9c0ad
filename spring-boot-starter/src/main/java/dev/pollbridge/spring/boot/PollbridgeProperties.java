package dev.pollbridge.spring.boot;

import dev.pollbridge.runtime.PollRuntimeBuilder;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code pollbridge.*} properties: how {@link PollbridgeRuntimeAutoConfiguration} builds the
 * application's {@code PollRuntime}. Each property is a {@link PollRuntimeBuilder} option; its default is
 * the builder's, and a value the builder refuses (a negative worker count, a zero threshold) stops
 * the application at start-up with the builder's message. What properties cannot carry (a clock, a
 * thread factory, an uncaught-failure handler) goes through a {@link RuntimeBuilderCustomizer}
 * bean.
 */
@ConfigurationProperties("pollbridge")
public class PollbridgeProperties {

    /**
     * Worker threads that poll tasks; 0 runs tasks only inside blockOn (the current-thread
     * flavour). Default: the number of available processors.
     */
    private Integer workers;

    /** Prefix of the names of the runtime's threads, which go on with worker-0, worker-1 and so on, timer, and blocking-0 and so on. */
    private String threadNamePrefix = "pollbridge-";

    /** Whether the runtime's threads are daemon threads. */
    private boolean daemon = true;

    /**
     * A poll longer than this is logged once per task (a WARNING naming the task) and recorded as
     * a JFR event.
     */
    private Duration slowPollThreshold = Duration.ofMillis(100);

    /** A worker inside one poll longer than this is reported, with its stack, while it is stuck. */
    private Duration stuckWorkerThreshold = Duration.ofSeconds(1);

    /** Whether a task woken by the running task runs next on the same worker (the LIFO slot). */
    private boolean lifoSlot = true;

    /**
     * Tasks a worker runs between two looks at the global queue. Default: tuned by each worker
     * from its measured poll time.
     */
    private Integer globalQueueInterval;

    /** Whether each task records the stack of its spawn, for the task dump (costs microseconds per spawn). */
    private boolean captureSpawnSites = false;

    /**
     * Whether every poll is timed for the poll-time histogram (two clock reads per poll); the
     * histogram's meters stay at zero without it.
     */
    private boolean pollTimeHistogram = false;

    private final Blocking blocking = new Blocking();

    private final Shutdown shutdown = new Shutdown();

    private final WarmUp warmUp = new WarmUp();

    /** Properties with the builder's defaults; made by Spring Boot's properties binder. */
    public PollbridgeProperties() {}

    /**
     * Returns the worker count, or null for the builder's default.
     *
     * @return the worker count, or null for the builder's default
     */
    public Integer getWorkers() {
        return workers;
    }

    /**
     * Sets the worker count, or null for the builder's default.
     *
     * @param workers the worker count, or null for the builder's default
     */
    public void setWorkers(Integer workers) {
        this.workers = workers;
    }

    /**
     * Returns the thread-name prefix.
     *
     * @return the thread-name prefix
     */
    public String getThreadNamePrefix() {
        return threadNamePrefix;
    }

    /**
     * Sets the thread-name prefix.
     *
     * @param threadNamePrefix the thread-name prefix
     */
    public void setThreadNamePrefix(String threadNamePrefix) {
        this.threadNamePrefix = threadNamePrefix;
    }

    /**
     * Returns whether the runtime's threads are daemon threads.
     *
     * @return whether the runtime's threads are daemon threads
     */
    public boolean isDaemon() {
        return daemon;
    }

    /**
     * Sets whether the runtime's threads are daemon threads.
     *
     * @param daemon whether the runtime's threads are daemon threads
     */
    public void setDaemon(boolean daemon) {
        this.daemon = daemon;
    }

    /**
     * Returns the slow-poll threshold.
     *
     * @return the slow-poll threshold
     */
    public Duration getSlowPollThreshold() {
        return slowPollThreshold;
    }

    /**
     * Sets the slow-poll threshold.
     *
     * @param slowPollThreshold the slow-poll threshold
     */
    public void setSlowPollThreshold(Duration slowPollThreshold) {
        this.slowPollThreshold = slowPollThreshold;
    }

    /**
     * Returns the stuck-worker threshold.
     *
     * @return the stuck-worker threshold
     */
    public Duration getStuckWorkerThreshold() {
        return stuckWorkerThreshold;
    }

    /**
     * Sets the stuck-worker threshold.
     *
     * @param stuckWorkerThreshold the stuck-worker threshold
     */
    public void setStuckWorkerThreshold(Duration stuckWorkerThreshold) {
        this.stuckWorkerThreshold = stuckWorkerThreshold;
    }

    /**
     * Returns whether the LIFO slot is on.
     *
     * @return whether the LIFO slot is on
     */
    public boolean isLifoSlot() {
        return lifoSlot;
    }

    /**
     * Sets whether the LIFO slot is on.
     *
     * @param lifoSlot whether the LIFO slot is on
     */
    public void setLifoSlot(boolean lifoSlot) {
        this.lifoSlot = lifoSlot;
    }

    /**
     * Returns the global-queue interval, or null for the tuned default.
     *
     * @return the global-queue interval, or null for the tuned default
     */
    public Integer getGlobalQueueInterval() {
        return globalQueueInterval;
    }

    /**
     * Sets the global-queue interval, or null for the tuned default.
     *
     * @param globalQueueInterval the global-queue interval, or null for the tuned default
     */
    public void setGlobalQueueInterval(Integer globalQueueInterval) {
        this.globalQueueInterval = globalQueueInterval;
    }

    /**
     * Returns whether spawn sites are captured.
     *
     * @return whether spawn sites are captured
     */
    public boolean isCaptureSpawnSites() {
        return captureSpawnSites;
    }

    /**
     * Sets whether spawn sites are captured.
     *
     * @param captureSpawnSites whether spawn sites are captured
     */
    public void setCaptureSpawnSites(boolean captureSpawnSites) {
        this.captureSpawnSites = captureSpawnSites;
    }

    /**
     * Returns whether polls are timed for the histogram.
     *
     * @return whether polls are timed for the histogram
     */
    public boolean isPollTimeHistogram() {
        return pollTimeHistogram;
    }

    /**
     * Sets whether polls are timed for the histogram.
     *
     * @param pollTimeHistogram whether polls are timed for the histogram
     */
    public void setPollTimeHistogram(boolean pollTimeHistogram) {
        this.pollTimeHistogram = pollTimeHistogram;
    }

    /**
     * Returns the blocking-pool properties.
     *
     * @return the blocking-pool properties
     */
    public Blocking getBlocking() {
        return blocking;
    }

    /**
     * Returns the shutdown properties.
     *
     * @return the shutdown properties
     */
    public Shutdown getShutdown() {
        return shutdown;
    }

    /**
     * Returns the warm-up properties.
     *
     * @return the warm-up properties
     */
    public WarmUp getWarmUp() {
        return warmUp;
    }

    /** Applies these properties to {@code builder}, each through its builder option (which checks it). */
    void applyTo(PollRuntimeBuilder builder) {
        if (workers != null) {
            builder.workers(workers);
        }
        if (globalQueueInterval != null) {
            builder.globalQueueInterval(globalQueueInterval);
        }
        builder.threadNamePrefix(threadNamePrefix)
                .daemon(daemon)
                .slowPollThreshold(slowPollThreshold)
                .stuckWorkerThreshold(stuckWorkerThreshold)
                .lifoSlot(lifoSlot)
                .captureSpawnSites(captureSpawnSites)
                .pollTimeHistogram(pollTimeHistogram)
                .blockingThreads(blocking.maxThreads)
                .blockingKeepAlive(blocking.keepAlive);
    }

    /** {@code pollbridge.blocking.*}: the pool of {@code spawnBlocking}. */
    public static class Blocking {

        /** Most threads of the blocking pool (spawnBlocking); work beyond it waits in a FIFO queue. */
        private int maxThreads = 512;

        /** How long an idle blocking-pool thread waits for work before it exits. */
        private Duration keepAlive = Duration.ofSeconds(10);

        /** Made by the properties binder. */
        public Blocking() {}

        /**
         * Returns the most threads of the blocking pool.
         *
         * @return the most threads of the blocking pool
         */
        public int getMaxThreads() {
            return maxThreads;
        }

        /**
         * Sets the most threads of the blocking pool.
         *
         * @param maxThreads the most threads of the blocking pool
         */
        public void setMaxThreads(int maxThreads) {
            this.maxThreads = maxThreads;
        }

        /**
         * Returns the keep-alive of an idle blocking thread.
         *
         * @return the keep-alive of an idle blocking thread
         */
        public Duration getKeepAlive() {
            return keepAlive;
        }

        /**
         * Sets the keep-alive of an idle blocking thread.
         *
         * @param keepAlive the keep-alive of an idle blocking thread
         */
        public void setKeepAlive(Duration keepAlive) {
            this.keepAlive = keepAlive;
        }
    }

    /** {@code pollbridge.shutdown.*}: what closing the application context does to the runtime. */
    public static class Shutdown {

        /**
         * How long closing the context waits for the runtime's tasks to finish before it aborts
         * the rest (PollRuntime.shutdownGracefully); 0 aborts them at once (PollRuntime.close).
         */
        private Duration awaitTerminationPeriod = Duration.ZERO;

        /** Made by the properties binder. */
        public Shutdown() {}

        /**
         * Returns how long closing waits for the tasks.
         *
         * @return how long closing waits for the tasks
         */
        public Duration getAwaitTerminationPeriod() {
            return awaitTerminationPeriod;
        }

        /**
         * Sets how long closing waits for the tasks; 0 for not at all.
         *
         * @param awaitTerminationPeriod how long closing waits for the tasks; 0 for not at all
         */
        public void setAwaitTerminationPeriod(Duration awaitTerminationPeriod) {
            this.awaitTerminationPeriod = awaitTerminationPeriod;
        }
    }

    /** {@code pollbridge.warm-up.*}: start-up work that keeps first-time initialisation out of the first polls. */
    public static class WarmUp {

        /**
         * Whether a WebFlux application encodes a sample value with each of its JSON encoders at
         * start-up, before the server listens, so that the encoder's one-time initialisation does not
         * run inside the poll that delivers the first JSON response.
         */
        private boolean json = true;

        /** Made by the properties binder. */
        public WarmUp() {}

        /**
         * Returns whether the JSON encoders are warmed up at start-up.
         *
         * @return whether the JSON encoders are warmed up at start-up
         */
        public boolean isJson() {
            return json;
        }

        /**
         * Sets whether the JSON encoders are warmed up at start-up.
         *
         * @param json whether the JSON encoders are warmed up at start-up
         */
        public void setJson(boolean json) {
            this.json = json;
        }
    }
}
