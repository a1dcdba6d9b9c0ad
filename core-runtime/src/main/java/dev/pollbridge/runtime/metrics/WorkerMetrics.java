package dev.pollbridge.runtime.metrics;

/**
 * The counters of one worker thread, part of a {@link PollRuntimeMetrics} snapshot. Each counter is
 * written only by its worker and read racily, so a snapshot costs the worker nothing; values are
 * individually accurate, may lag by a few operations, and never go down (except the queue depth).
 *
 * @param index the worker's index, 0 to {@code workers - 1} (its thread is named {@code <prefix>worker-<index>})
 * @param polls task polls this worker made
 * @param steals tasks this worker moved from another worker's queue (or LIFO slot) to its own
 * @param parks times this worker parked for lack of work
 * @param localQueueDepth tasks in this worker's local queue now
 * @param budgetForcedYields polls after which the task's poll budget (rule 16) was spent: the task
 *     was made to yield to its neighbours (or finished on its last unit)
 */
public record WorkerMetrics(
        int index,
        long polls,
        long steals,
        long parks,
        long localQueueDepth,
        long budgetForcedYields) {}
