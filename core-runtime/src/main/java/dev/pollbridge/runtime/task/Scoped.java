package dev.pollbridge.runtime.task;

import dev.pollbridge.api.SingleUse;
import dev.pollbridge.runtime.internal.async.LocalBindings;

/**
 * What {@link ScopedFuture} and {@link ScopedStream} share: binding one task-local value around
 * each call into the inner future or stream.
 *
 * <p>{@link #enter()} pushes the value in front of whatever the polling thread has bound now and
 * returns that previous head; the caller hands it back to {@link LocalBindings#install} in a
 * {@code finally}, so the thread is left exactly as it was, even if the inner poll throws.
 * The pushed frame is cached and reused while the bindings under it stay the same (the usual
 * case: the same task polled by the same kind of poller), so a steady poll allocates nothing.
 * Owner only, like the poll itself.
 */
abstract class Scoped<T> extends SingleUse {

    private final TaskLocal<T> local;
    private final T value;
    /** The frame pushed at the last poll; reused while its {@code next} is still current. Owner only. */
    private LocalBindings.Frame frame;
    /** close() was called. Owner only. */
    private boolean closed;

    Scoped(TaskLocal<T> local, T value) {
        this.local = local;
        this.value = value;
    }

    /** Binds the value on this thread; returns the bindings to restore afterwards. */
    final LocalBindings.Frame enter() {
        LocalBindings.Frame previous = LocalBindings.current();
        LocalBindings.Frame mine = frame;
        if (mine == null || mine.next() != previous) {
            mine = new LocalBindings.Frame(local, value, previous, local.isInheritable());
            frame = mine;
        }
        LocalBindings.install(mine);
        return previous;
    }

    /**
     * True the first time only: the scope owns its inner future or stream and closes it once,
     * however often it is closed itself (rule 11).
     */
    final boolean firstClose() {
        if (closed) {
            return false;
        }
        closed = true;
        return true;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "(" + local + " = " + value + ")";
    }
}
