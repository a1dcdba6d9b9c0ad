package dev.pollbridge.runtime.bridge.adapters;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live tasks of a scheduler or worker, so that disposing it cancels them all. Adding to a
 * disposed set fails; removal is O(1).
 *
 * <p>Add-versus-dispose race: {@link #add} inserts, then reads {@link #disposed}; {@link #dispose}
 * writes {@code disposed}, then iterates. Both the flag and the map's entries are volatile, so
 * either the iteration sees the new task and cancels it, or the adder sees the flag and takes
 * its task back out (and the caller rejects it).
 */
final class TaskSet {

    private final Set<Cancellable> live = ConcurrentHashMap.newKeySet();
    private volatile boolean disposed;

    /** Tracks {@code task}; returns false (tracking nothing) if this set is disposed. */
    boolean add(Cancellable task) {
        if (disposed) {
            return false;
        }
        live.add(task);
        if (disposed) {
            live.remove(task);
            return false;
        }
        return true;
    }

    /** Stops tracking {@code task} (it finished or was cancelled on its own). */
    void remove(Cancellable task) {
        live.remove(task);
    }

    /** Marks this set disposed and cancels every task it tracks. Idempotent. */
    void dispose() {
        disposed = true;
        for (Cancellable task : live) {
            live.remove(task);
            task.cancel();
        }
    }

    boolean isDisposed() {
        return disposed;
    }

    /** Tasks tracked right now. */
    int size() {
        return live.size();
    }
}
