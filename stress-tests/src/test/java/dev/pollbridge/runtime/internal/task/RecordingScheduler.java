package dev.pollbridge.runtime.internal.task;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link Scheduler} with no queues: it counts what a task asks of it, so a test can check that
 * each transition outcome led to exactly one push (rule T3/T4) and that failures were reported
 * exactly once (rule T8). Any thread may call it.
 */
final class RecordingScheduler implements Scheduler {

    final AtomicInteger scheduled = new AtomicInteger();
    final AtomicInteger yielded = new AtomicInteger();
    final AtomicInteger released = new AtomicInteger();
    final AtomicInteger uncaught = new AtomicInteger();
    /** The thread of the last uncaught report. */
    volatile Thread reporter;
    private final boolean requeuesOwned;

    RecordingScheduler() {
        this(false);
    }

    /** A scheduler that takes a self-woken task back still RUNNING if {@code requeuesOwned} (rule T4). */
    RecordingScheduler(boolean requeuesOwned) {
        this.requeuesOwned = requeuesOwned;
    }

    @Override
    public boolean requeuesOwned() {
        return requeuesOwned;
    }

    @Override
    public void schedule(Task<?> task) {
        scheduled.incrementAndGet();
    }

    @Override
    public void yieldTask(Task<?> task) {
        yielded.incrementAndGet();
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
    public void reportSlowPoll(Task<?> task, long nanos) {
        throw new AssertionError("slow-poll reports are off");
    }

    @Override
    public void reportUncaught(Throwable failure, String source) {
        reporter = Thread.currentThread();
        uncaught.incrementAndGet();
    }

    /** Pushes caused by wakes and aborts (T3, T6) plus re-queues after a poll (T4). */
    int pushes() {
        return scheduled.get() + yielded.get();
    }
}
