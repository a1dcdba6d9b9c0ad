package dev.pollbridge.runtime.metrics;


/**
 * An immutable snapshot of a runtime's counters, from {@link dev.pollbridge.runtime.PollRuntime#metrics()}. The counters are
 * read one after another while the runtime runs, so they are individually accurate but not taken
 * at one instant (for example {@code tasksAlive} may not equal {@code tasksSpawned -
 * tasksCompleted} exactly, nor {@code polls} the sum of the workers' polls).
 *
 * <h2>Thread-safety and cost</h2>
 * {@link dev.pollbridge.runtime.PollRuntime#metrics()} may be called from any thread at any time, and takes no lock a worker
 * needs to poll. The per-worker counters and the poll-time histogram are plain counters that only
 * their worker writes (an opaque store, no atomic instruction) and a snapshot reads racily, so
 * keeping them costs a worker a few increments per poll; a snapshot costs about one array of
 * {@link PollTimeHistogram#BUCKETS} longs per worker, plus a sum of striped counters for the task
 * counts (no lock). Call it every few seconds, not in a loop. The figures are in
 * {@code docs/observability.md}.
 *
 * @param workers worker threads (0 for the current-thread flavour)
 * @param tasksSpawned tasks ever spawned (including {@link dev.pollbridge.runtime.PollRuntime#executor()} runnables)
 * @param tasksAlive tasks spawned and not yet completed
 * @param tasksCompleted tasks that completed: with a value, a failure or by cancellation
 * @param polls task polls made by the workers
 * @param steals tasks moved from one worker's queue to another's by work stealing
 * @param globalQueueDepth tasks waiting in the global injection queue now
 * @param parks times a worker (or the current-thread driver) parked for lack of work
 * @param blockingThreadsBusy blocking-pool threads running work now
 * @param blockingThreadsIdle blocking-pool threads alive and waiting for work
 * @param blockingQueueDepth blocking jobs waiting for a thread
 * @param deadWorkers worker threads that died of a throwable that escaped the runtime's own code
 *     (user code never kills a worker: its failures are contained and reported). Each one is
 *     logged at {@code ERROR}, and replaced by a new thread of the same name unless the runtime
 *     was shutting down or no thread could be started; above 0 the JVM is likely in trouble
 *     (out of memory, say)
 * @param unwindingBodies {@code Async} bodies that were cancelled while they ran (by an abort, a
 *     select, a scope, a shutdown, a {@code blockOn}) and have not finished their {@code finally}
 *     blocks yet; the tasks and calls that cancelled them wait for them. After {@link
 *     dev.pollbridge.runtime.PollRuntime#close()} returns, these are the bodies that did not end in time (a log line names
 *     them)
 * @param budgetForcedYields polls after which the task's poll budget was spent (rule 16), summed
 *     over the workers (see {@link WorkerMetrics#budgetForcedYields()})
 * @param localQueueDepth tasks in the workers' local queues now, summed
 * @param blockingThreadsMax the blocking pool's maximum size ({@link dev.pollbridge.runtime.PollRuntimeBuilder#blockingThreads});
 *     {@code blockingThreadsBusy == blockingThreadsMax} with a {@code blockingQueueDepth} above 0
 *     means blocking work waits for a thread
 * @param perWorker each worker's counters, by index (empty for the current-thread flavour)
 * @param pollTimes how long the polls took, over all workers (the current-thread flavour's
 *     polls too); all zero unless the runtime was built with
 *     {@link dev.pollbridge.runtime.PollRuntimeBuilder#pollTimeHistogram(boolean) pollTimeHistogram(true)}
 */
public record PollRuntimeMetrics(
        int workers,
        long tasksSpawned,
        long tasksAlive,
        long tasksCompleted,
        long polls,
        long steals,
        long globalQueueDepth,
        long parks,
        int blockingThreadsBusy,
        int blockingThreadsIdle,
        int blockingQueueDepth,
        long deadWorkers,
        long unwindingBodies,
        long budgetForcedYields,
        long localQueueDepth,
        int blockingThreadsMax,
        java.util.List<WorkerMetrics> perWorker,
        PollTimeHistogram pollTimes) {}
