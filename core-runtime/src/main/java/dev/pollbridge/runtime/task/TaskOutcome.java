package dev.pollbridge.runtime.task;

import java.util.Objects;
import java.util.concurrent.CancellationException;

/**
 * How one child of a {@link TaskScope} ended: with a value, with a failure, or cancelled (closed
 * before it finished, by the scope or by the runtime). Immutable.
 *
 * @param <T> the value type
 */
public final class TaskOutcome<T> {

    private final long id;
    private final T value;
    private final Throwable failure;
    private final boolean cancelled;

    private TaskOutcome(long id, T value, Throwable failure, boolean cancelled) {
        this.id = id;
        this.value = value;
        this.failure = failure;
        this.cancelled = cancelled;
    }

    static <T> TaskOutcome<T> success(long id, T value) {
        return new TaskOutcome<>(id, value, null, false);
    }

    static <T> TaskOutcome<T> failure(long id, Throwable failure) {
        return new TaskOutcome<>(id, null, Objects.requireNonNull(failure, "failure"), false);
    }

    static <T> TaskOutcome<T> cancelled(long id) {
        return new TaskOutcome<>(id, null,
                new CancellationException("task " + id + " of a TaskScope was cancelled before it finished"), true);
    }

    /**
     * The id {@link TaskScope#spawn} returned for this child.
     *
     * @return the child's id
     */
    public long id() {
        return id;
    }

    /**
     * True if the child finished with a value.
     *
     * @return true if the child succeeded
     */
    public boolean isSuccess() {
        return failure == null;
    }

    /**
     * True if the child was closed before it finished (aborted by the scope, or the runtime closed).
     *
     * @return true if the child was cancelled
     */
    public boolean isCancelled() {
        return cancelled;
    }

    /**
     * The child's value (may be {@code null}).
     *
     * @return the child's value
     * @throws IllegalStateException if the child failed or was cancelled; the failure is the cause
     */
    public T value() {
        if (failure != null) {
            throw new IllegalStateException("task " + id + " did not succeed", failure);
        }
        return value;
    }

    /**
     * What the child failed with: the same instance its future failed with, or a
     * {@link CancellationException} if it was cancelled.
     *
     * @return the failure, never {@code null}
     * @throws IllegalStateException if the child succeeded
     */
    public Throwable failure() {
        if (failure == null) {
            throw new IllegalStateException("task " + id + " succeeded");
        }
        return failure;
    }

    @Override
    public String toString() {
        if (failure == null) {
            return "TaskOutcome(" + id + ": " + value + ")";
        }
        return "TaskOutcome(" + id + (cancelled ? ": cancelled)" : ": failed " + failure + ")");
    }
}
