package dev.pollbridge.runtime.internal.task;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;

/**
 * Every live task of one runtime (Tokio's {@code OwnedTasks}): intrusive doubly linked lists in
 * shards chosen by task id, each guarded by its own monitor. Shutdown needs it to reach tasks that
 * sit idle in no queue. Closing is atomic with insertion: {@link #bind} checks the closed flag
 * under the shard lock, and {@link #close} takes every shard lock after setting it, so no task is
 * added after the shutdown scan saw its shard. No user code runs under these locks.
 */
public final class OwnedTasks {

    private final Shard[] shards;
    private final int mask;
    /** Set once by {@link #close}; read under the shard locks by {@link #bind}. */
    private volatile boolean closed;

    /** A registry with at least {@code minShards} shards (rounded up to a power of two). */
    public OwnedTasks(int minShards) {
        int count = Integer.highestOneBit(Math.max(1, minShards - 1) << 1);
        shards = new Shard[count];
        for (int i = 0; i < count; i++) {
            shards[i] = new Shard();
        }
        mask = count - 1;
    }

    /**
     * Adds a new task to the shard picked by {@code hint} (any int; the low bits choose).
     *
     * @throws RejectedExecutionException once the registry is closed
     */
    public void bind(Task<?> task, int hint) {
        int index = hint & mask;
        task.shard = index;
        Shard shard = shards[index];
        synchronized (shard) {
            if (closed) {
                throw new RejectedExecutionException("the runtime is closed");
            }
            Task<?> head = shard.head;
            task.next = head;
            if (head != null) {
                head.previous = task;
            }
            shard.head = task;
            shard.alive++;
            shard.spawned++;
        }
    }

    /** Removes a completed task (idempotent per task: only its completer calls it). */
    public void remove(Task<?> task) {
        Shard shard = shards[task.shard];
        synchronized (shard) {
            Task<?> before = task.previous;
            Task<?> after = task.next;
            if (before != null) {
                before.next = after;
            } else if (shard.head == task) {
                shard.head = after;
            } else {
                return;
            }
            if (after != null) {
                after.previous = before;
            }
            task.previous = null;
            task.next = null;
            shard.alive--;
            shard.completed++;
        }
    }

    /** True once {@link #close} was called. */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Rejects further {@link #bind} calls and returns the tasks alive at that moment (a copy; the
     * caller shuts them down outside the locks).
     */
    public List<Task<?>> close() {
        closed = true;
        List<Task<?>> alive = new ArrayList<>();
        for (Shard shard : shards) {
            synchronized (shard) {
                for (Task<?> task = shard.head; task != null; task = task.next) {
                    alive.add(task);
                }
            }
        }
        return alive;
    }

    /** Tasks alive now. */
    public long alive() {
        long total = 0;
        for (Shard shard : shards) {
            synchronized (shard) {
                total += shard.alive;
            }
        }
        return total;
    }

    /** Tasks ever bound. */
    public long spawned() {
        long total = 0;
        for (Shard shard : shards) {
            synchronized (shard) {
                total += shard.spawned;
            }
        }
        return total;
    }

    /** Tasks that completed (including cancelled ones). */
    public long completed() {
        long total = 0;
        for (Shard shard : shards) {
            synchronized (shard) {
                total += shard.completed;
            }
        }
        return total;
    }

    /** One list and its counters; all fields guarded by the shard's monitor. */
    private static final class Shard {
        Task<?> head;
        long alive;
        long spawned;
        long completed;
    }
}
