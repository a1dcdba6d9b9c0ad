package dev.pollbridge.runtime.internal.task;

import dev.pollbridge.api.Waker;

/**
 * What a {@link Task} needs from the engine that runs it. Implemented by the schedulers in
 * {@code internal.scheduler}; every method is called without locks held and never polls inline.
 */
public interface Scheduler extends UnwindSet.Owner {

    /**
     * Pushes a task whose transition returned {@code SUBMIT} to a run queue (rule T3). Called on any
     * thread: a worker of this scheduler uses its own LIFO slot or local queue, others the global
     * queue. Exactly one call per SUBMIT outcome.
     */
    void schedule(Task<?> task);

    /**
     * Re-queues a task that was woken during its own poll (rule T4). Called only by the thread
     * that just polled it; the task goes to the back of a queue, never to the LIFO slot, so a
     * self-waking task cannot monopolise its worker. The task is SCHEDULED, or, if
     * {@link #requeuesOwned()}, possibly still RUNNING (T4's owned re-queue). A turn run through
     * {@link Task#runYieldingToCaller} hands an owned re-queue to its caller instead.
     */
    void yieldTask(Task<?> task);

    /**
     * Whether this scheduler's queues may hold a task that is still RUNNING, its queue entry
     * carrying the ownership (rule T4's owned re-queue through {@link #yieldTask}, and T1's owned
     * spawn, {@link Task#bornOwned}): only if every thread that takes a task out of its queues
     * either runs it ({@link Task#run()}, {@link Task#runYieldingToCaller}) or, as the closer, shuts it down with
     * {@link Task#shutdownQueued()}. Constant for a scheduler.
     */
    default boolean requeuesOwned() {
        return false;
    }

    /**
     * Calls {@code joiner}, the join waker of a task that has just completed on this thread (rule
     * T9), letting the scheduler choose where the tasks it wakes are queued. May throw what the
     * waker throws (the caller contains it, rule T10).
     */
    default void wakeJoiner(Waker joiner) {
        joiner.wake();
    }

    /**
     * The RUNNING holder's task returned pending for the first time and is about to go idle: enter
     * it in the owned-task registry, where shutdown finds it (rule T4).
     *
     * @return false if the runtime is closed: the caller cancels the task (it holds RUNNING)
     */
    boolean enterRegistry(Task<?> task);

    /** The task completed: forget it (it leaves the registry if it entered it) and count it. */
    void release(Task<?> task);

    /** Polls longer than this many nanoseconds are reported; {@code Long.MAX_VALUE} disables reports. */
    long slowPollThresholdNanos();

    /**
     * Whether {@link Task#run()} times each poll with two {@code System.nanoTime()} reads, checks
     * it against {@link #slowPollThresholdNanos()} and returns its duration (for the poll-time
     * histogram). If not, a turn reads no clock; the engine may time long turns from outside
     * (the work-stealing engine's watchdog does). By default: whenever slow-poll reports are on.
     */
    default boolean timesEachPoll() {
        return slowPollThresholdNanos() != Long.MAX_VALUE;
    }

    /**
     * The time now as a {@link TaskClock} timestamp, from a coarse clock this scheduler keeps
     * without a clock read by the caller (never ahead of {@code System.nanoTime()}, never going
     * back), for the task dump's timestamps of turns that {@link #timesEachPoll()} does not time;
     * or -1 if it keeps none (those turns then record no time). Any thread.
     */
    default long coarseClockUnits() {
        return TaskState.UNTIMED;
    }

    /**
     * Reports a slow poll of {@code task} that took {@code nanos}; called at most once per task.
     * Never throws: a report that fails (a broken logging backend) is itself reported.
     */
    void reportSlowPoll(Task<?> task, long nanos);

    /**
     * Hands a failure nobody else will receive to the uncaught-failure handler: the failure of a
     * detached task, or what a contained call into user code threw (rule T10). {@code source}
     * names where it came from ({@code "task-3"}, {@code "the join waker of task-3"}) for the
     * fallback log line; the handler gets {@code failure} unchanged. Never throws.
     */
    @Override
    void reportUncaught(Throwable failure, String source);
}
