package dev.pollbridge.runtime.internal.task;

/**
 * What a {@link Task} needs from the engine that runs it. Implemented by the schedulers in
 * {@code internal.scheduler}; every method is called without locks held and never polls inline.
 */
public interface Scheduler {

    /**
     * Pushes a task whose transition returned {@code SUBMIT} to a run queue (rule T3). Called on any
     * thread: a worker of this scheduler uses its own LIFO slot or local queue, others the global
     * queue. Exactly one call per SUBMIT outcome.
     */
    void schedule(Task<?> task);

    /**
     * Re-queues a task that was woken during its own poll (rule T4). Called only by the thread
     * that just polled it; the task goes to the back of a queue, never to the LIFO slot, so a
     * self-waking task cannot monopolise its worker.
     */
    void yieldTask(Task<?> task);

    /** The task completed: forget it (it leaves the owned-task registry). */
    void release(Task<?> task);

    /** Polls longer than this many nanoseconds are reported; {@code Long.MAX_VALUE} disables reports. */
    long slowPollThresholdNanos();

    /** Reports a slow poll of {@code task} that took {@code nanos}; called at most once per task. */
    void reportSlowPoll(Task<?> task, long nanos);

    /** Hands the failure of a detached task (or a future whose close threw) to the uncaught-failure handler. */
    void reportUncaught(Task<?> task, Throwable failure);
}
