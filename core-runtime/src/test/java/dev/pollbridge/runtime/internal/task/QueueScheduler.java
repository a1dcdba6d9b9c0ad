package dev.pollbridge.runtime.internal.task;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test {@link Scheduler}: one shared FIFO queue that test threads drain by hand. It checks that a
 * task is never pushed while already queued (rule T3: at most one queue entry per task).
 */
final class QueueScheduler implements Scheduler {

    final ConcurrentLinkedQueue<Task<?>> queue = new ConcurrentLinkedQueue<>();
    final List<Throwable> uncaught = new CopyOnWriteArrayList<>();
    final AtomicInteger released = new AtomicInteger();
    final AtomicInteger doubleQueued = new AtomicInteger();
    private final java.util.Set<Task<?>> queued = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final boolean requeuesOwned;
    /** What {@link #coarseClockUnits()} returns; set by a test. */
    volatile long coarseUnits = TaskState.UNTIMED;

    QueueScheduler() {
        this(false);
    }

    /** A scheduler whose queue may hold tasks still RUNNING (rules T1 and T4) if {@code requeuesOwned}. */
    QueueScheduler(boolean requeuesOwned) {
        this.requeuesOwned = requeuesOwned;
    }

    @Override
    public boolean requeuesOwned() {
        return requeuesOwned;
    }

    @Override
    public long coarseClockUnits() {
        return coarseUnits;
    }

    /** Queues a task created by the test (a spawn's push, rule T1). */
    void push(Task<?> task) {
        schedule(task);
    }

    @Override
    public void schedule(Task<?> task) {
        if (!queued.add(task)) {
            doubleQueued.incrementAndGet();
        }
        queue.add(task);
    }

    @Override
    public void yieldTask(Task<?> task) {
        schedule(task);
    }

    /** Runs one queued task on the calling thread; false if the queue was empty. */
    boolean runOne() {
        Task<?> task = queue.poll();
        if (task == null) {
            return false;
        }
        queued.remove(task);
        task.run();
        return true;
    }

    /** Runs queued tasks until the queue is empty. */
    void runAll() {
        while (runOne()) {
            // keep going
        }
    }

    @Override
    public boolean enterRegistry(Task<?> task) {
        return true;
    }

    @Override
    public void release(Task<?> task) {
        released.incrementAndGet();
    }

    @Override
    public long slowPollThresholdNanos() {
        return Long.MAX_VALUE;
    }

    @Override
    public void reportSlowPoll(Task<?> task, long nanos) {}

    @Override
    public void reportUncaught(Throwable failure, String source) {
        uncaught.add(failure);
    }
}
