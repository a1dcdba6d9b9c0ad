package dev.pollbridge.runtime.internal.task;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.LongAdder;

/**
 * How many tasks a runtime spawned and completed; alive = spawned - completed. A spawn or
 * completion writes no cache line another thread writes: each worker has its own pair of
 * counters, a cache line apart from the next worker's, that only it increments; other threads
 * (spawners outside the runtime, a closer cancelling tasks, the last body of a T11 hand-over)
 * use striped {@link LongAdder}s. A spawn used to take a registry shard lock shared with the
 * workers completing tasks, and that line's round trips were most of a spawn's cost.
 *
 * <p>Every task counted as spawned is counted as completed exactly once, by the {@code release}
 * its completer makes (rule T5), a task cancelled at spawn on a closed runtime included.
 */
public final class TaskCounts {

    /** Longs per worker: its spawned count, its completed count, then padding to 128 bytes. */
    private static final int STRIDE = 16;
    private static final int SPAWNED = 0;
    private static final int COMPLETED = 1;
    private static final VarHandle COUNT = MethodHandles.arrayElementVarHandle(long[].class);

    /** Worker {@code w}'s counters at {@code (w + 1) * STRIDE}: the first stride is padding. */
    private final long[] perWorker;
    private final int workers;
    private final LongAdder spawnedElsewhere = new LongAdder();
    private final LongAdder completedElsewhere = new LongAdder();

    /** Counters for a runtime with {@code workers} worker threads (0 for the current-thread flavour). */
    public TaskCounts(int workers) {
        this.workers = workers;
        this.perWorker = new long[(workers + 2) * STRIDE];
    }

    /** Counts a new task, before it can complete; {@code worker} is the caller's index, or -1. */
    public void spawned(int worker) {
        add(worker, SPAWNED, spawnedElsewhere);
    }

    /** Counts a completed task (its completer, once); {@code worker} is the caller's index, or -1. */
    public void completed(int worker) {
        add(worker, COMPLETED, completedElsewhere);
    }

    private void add(int worker, int which, LongAdder elsewhere) {
        if (worker < 0) {
            elsewhere.increment();
            return;
        }
        // Owner-only slot: a plain read and a release store (no atomic read-modify-write). The
        // release orders the increment after what led to it (a completion after its task's
        // spawn was counted, through the queue hand-off), for the acquiring reads below.
        int slot = (worker + 1) * STRIDE + which;
        COUNT.setRelease(perWorker, slot, (long) COUNT.getOpaque(perWorker, slot) + 1);
    }

    /** Tasks ever spawned. */
    public long spawnedTotal() {
        return sum(SPAWNED, spawnedElsewhere);
    }

    /** Tasks that completed, cancelled ones included. */
    public long completedTotal() {
        return sum(COMPLETED, completedElsewhere);
    }

    private long sum(int which, LongAdder elsewhere) {
        long total = elsewhere.sum();
        for (int w = 0; w < workers; w++) {
            total += (long) COUNT.getAcquire(perWorker, (w + 1) * STRIDE + which);
        }
        return total;
    }

    /**
     * Tasks alive now, never fewer than were alive when the call began. The completions are read
     * first: each one counted was counted after its spawn, so the spawns read next include it,
     * and the difference cannot drop below the true count (a zero means none was alive then).
     */
    public long alive() {
        long done = completedTotal();
        return spawnedTotal() - done;
    }
}
