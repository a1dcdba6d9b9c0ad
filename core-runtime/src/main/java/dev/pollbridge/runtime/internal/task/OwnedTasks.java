package dev.pollbridge.runtime.internal.task;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Every task that waits (Tokio's {@code OwnedTasks}, entered lazily): intrusive doubly linked
 * lists in shards (one per worker, see {@link #shardIndex}), each guarded by its own lock.
 * Shutdown needs it to reach tasks that sit idle in no queue, reachable only through their
 * wakers. A task enters it the first time its poll returns pending, before it goes idle (rule
 * T4), not at spawn: until then it is in a run queue or owned by the thread running it, where
 * shutdown reaches it anyway (rule T7), so a task that completes in its first poll never touches
 * a registry lock. Closing is atomic with insertion: {@link #bind} checks the closed flag under
 * the shard lock, and {@link #close} takes every shard lock after setting it, so no task is added
 * after the shutdown scan saw its shard. No user code runs under these locks. Counting tasks is
 * {@link TaskCounts}'s job.
 *
 * <p><b>The shard lock</b> is a {@link SpinLock}, not a monitor: it guards a handful of field
 * writes, so it is almost never contended, and then a take-and-release costs one atomic
 * instruction where a monitor costs two (enter and exit), and a collision never inflates it. A
 * shard extends it, padded on both sides, so that two shards never share a cache line.
 */
public final class OwnedTasks {

    /** {@code Task.shard} of a task that never entered the registry. */
    static final byte UNBOUND = -1;
    /** Most shards: their index must fit in {@code Task.shard}, a byte. */
    static final int MAX_SHARDS = 64;

    private final Shard[] shards;
    private final int mask;
    /** Set once by {@link #close}; read under the shard locks by {@link #bind}. */
    private volatile boolean closed;

    /**
     * A registry with at least {@code minShards} shards (rounded up to a power of two), at most
     * {@link #MAX_SHARDS}.
     */
    public OwnedTasks(int minShards) {
        int count = Math.min(MAX_SHARDS, Integer.highestOneBit(Math.max(1, minShards - 1) << 1));
        shards = new Shard[count];
        for (int i = 0; i < count; i++) {
            shards[i] = new Shard();
        }
        mask = count - 1;
    }

    /**
     * The shard a task enters when it first waits: the binding worker's own (workers {@code w},
     * {@code w + shards}, ... share one), else (a task first polled outside the workers) the low
     * bits of its id's sequence part, so consecutive tasks use different shards. A task mostly
     * completes on the worker that bound it (its wakes go to that worker's LIFO slot or queue),
     * so its shard's lock and its neighbours in the list stay in that worker's cache; with the
     * shard chosen by sequence, both workers took every shard's lock and wrote each other's tasks
     * (about 20 % of ping_pong's samples in the registry, issue 26). An earlier per-worker shard
     * was the spawning worker's, fixed at spawn, which contended whenever one worker spawned and
     * another completed.
     */
    private int shardIndex(Task<?> task, int worker) {
        return (worker >= 0 ? worker : (int) (task.id >>> 16)) & mask;
    }

    /**
     * Adds a task that is about to go idle to its shard, unless the registry is closed. Called by
     * the task's RUNNING holder, at most once per task, on worker {@code worker} (-1 elsewhere).
     *
     * @return false (and the task is not added) once the registry is closed
     */
    public boolean bind(Task<?> task, int worker) {
        int index = shardIndex(task, worker);
        Shard shard = shards[index];
        shard.lock();
        try {
            if (closed) {
                return false;
            }
            Task<?> head = shard.head;
            task.next = head;
            if (head != null) {
                head.previous = task;
            }
            shard.head = task;
            // Read and written by RUNNING holders only; the state CAS that passes RUNNING on
            // orders this write before the completer's read in remove().
            task.shard = (byte) index;
            return true;
        } finally {
            shard.unlock();
        }
    }

    /** Removes a completed task if it was bound (only its completer calls it, once). */
    public void remove(Task<?> task) {
        int index = task.shard;
        if (index == UNBOUND) {
            return; // completed before it ever waited: it was never bound
        }
        Shard shard = shards[index];
        shard.lock();
        try {
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
        } finally {
            shard.unlock();
        }
    }

    /** True once {@link #close} was called. */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Rejects further {@link #bind} calls and returns the tasks bound at that moment (a copy; the
     * caller shuts them down outside the locks).
     */
    public List<Task<?>> close() {
        closed = true;
        return boundTasks();
    }

    /**
     * The tasks bound now (a copy), for shutdown, reports and the task dump: made one shard at a
     * time, each shard's lock held only while its list is copied (pollers never take it). A task
     * bound or removed meanwhile may or may not be in it. Within a shard, in the order the tasks
     * were bound (a list is built at its head, so it is copied backwards): the dump's sort by age
     * then keeps that order for tasks of the same clock unit.
     */
    public List<Task<?>> boundTasks() {
        List<Task<?>> bound = new ArrayList<>();
        for (Shard shard : shards) {
            int from = bound.size();
            shard.lock();
            try {
                for (Task<?> task = shard.head; task != null; task = task.next) {
                    bound.add(task);
                }
            } finally {
                shard.unlock();
            }
            Collections.reverse(bound.subList(from, bound.size()));
        }
        return bound;
    }

    /** The lock word and the list it guards, on one cache line (superclass fields are laid out first). */
    private abstract static class ShardList extends SpinLock {
        /** Guarded by the lock: the newest task of the list. */
        Task<?> head;
    }

    /** A shard: its lock word and list between two pads, so neighbouring shards share no cache line. */
    @SuppressWarnings("unused")
    private static final class Shard extends ShardList {
        long q01, q02, q03, q04, q05, q06, q07, q08;
    }
}
