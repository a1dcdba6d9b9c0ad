package dev.pollbridge.api;

import java.util.Objects;
import java.util.function.Function;

/**
 * The result of one poll: {@code pending}, {@code ready(value)}, {@code failed(error)}, or
 * (streams only) {@code done}.
 *
 * <ul>
 *   <li>{@link #pending()}: no result yet. Returning it promises that the poller's waker is now
 *       held by something that will call it when progress is possible (rule 5).
 *   <li>{@link #ready(Object)}: a future's value (which may be {@code null}) or a stream's next
 *       item (never {@code null}).
 *   <li>{@link #failed(Throwable)}: the future or stream failed. This is a completion, not
 *       "try again later": nobody polls again (rules 1 and 9).
 *   <li>{@link #done()}: a stream ended normally. Futures never return it.
 * </ul>
 *
 * Instances are immutable and safe to share.
 *
 * @param <T> the type of the value or item
 */
public final class Poll<T> {

    private enum Kind { PENDING, READY, FAILED, DONE }

    private static final Poll<?> PENDING = new Poll<>(Kind.PENDING, null, null);
    private static final Poll<?> DONE = new Poll<>(Kind.DONE, null, null);
    private static final Poll<?> READY_NULL = new Poll<>(Kind.READY, null, null);

    private final Kind kind;
    private final T value;
    private final Throwable error;

    private Poll(Kind kind, T value, Throwable error) {
        this.kind = kind;
        this.value = value;
        this.error = error;
    }

    /**
     * No result yet; the caller's waker has been registered.
     *
     * @param <T> the value type the poll would carry
     * @return the shared {@code pending} poll
     */
    @SuppressWarnings("unchecked")
    public static <T> Poll<T> pending() {
        return (Poll<T>) PENDING;
    }

    /**
     * A ready value. {@code null} is allowed for futures and rejected by every stream consumer.
     *
     * @param <T> the value type
     * @param value the value; {@code null} only for futures
     * @return a {@code ready} poll carrying {@code value}
     */
    @SuppressWarnings("unchecked")
    public static <T> Poll<T> ready(T value) {
        return value == null ? (Poll<T>) READY_NULL : new Poll<>(Kind.READY, value, null);
    }

    /**
     * A failure. A failure is final.
     *
     * @param <T> the value type the poll would carry
     * @param error the failure; not {@code null}
     * @return a {@code failed} poll carrying {@code error}
     */
    public static <T> Poll<T> failed(Throwable error) {
        return new Poll<>(Kind.FAILED, null, Objects.requireNonNull(error, "error"));
    }

    /**
     * The end of a stream.
     *
     * @param <T> the item type of the stream
     * @return the shared {@code done} poll
     */
    @SuppressWarnings("unchecked")
    public static <T> Poll<T> done() {
        return (Poll<T>) DONE;
    }

    /**
     * True for {@code pending}: no result yet.
     *
     * @return true if this poll is {@code pending}
     */
    public boolean isPending() {
        return kind == Kind.PENDING;
    }

    /**
     * True for {@code ready}: a value (or a stream item).
     *
     * @return true if this poll is {@code ready}
     */
    public boolean isReady() {
        return kind == Kind.READY;
    }

    /**
     * True for {@code failed}: a final failure.
     *
     * @return true if this poll is {@code failed}
     */
    public boolean isFailed() {
        return kind == Kind.FAILED;
    }

    /**
     * True for {@code done}: the normal end of a stream.
     *
     * @return true if this poll is {@code done}
     */
    public boolean isDone() {
        return kind == Kind.DONE;
    }

    /**
     * True for {@code failed} and {@code done}: nothing follows. (A future is also over once ready.)
     *
     * @return true if this poll is {@code failed} or {@code done}
     */
    public boolean isTerminal() {
        return kind == Kind.FAILED || kind == Kind.DONE;
    }

    /**
     * The ready value.
     *
     * @return the value, possibly {@code null}
     * @throws IllegalStateException if this poll is not {@code ready}
     */
    public T value() {
        if (kind != Kind.READY) {
            throw new IllegalStateException("value() of a " + this + " poll", error);
        }
        return value;
    }

    /**
     * The failure.
     *
     * @return the failure, never {@code null}
     * @throws IllegalStateException if this poll is not {@code failed}
     */
    public Throwable error() {
        if (kind != Kind.FAILED) {
            throw new IllegalStateException("error() of a " + this + " poll");
        }
        return error;
    }

    /**
     * Maps a ready value; other kinds are returned as they are (retyped).
     *
     * @param <R> the type of the mapped value
     * @param mapper turns a ready value into the new value; not called for other kinds
     * @return a poll of the same kind, with the mapped value if {@code ready}
     */
    @SuppressWarnings("unchecked")
    public <R> Poll<R> map(Function<? super T, ? extends R> mapper) {
        return kind == Kind.READY ? Poll.ready(mapper.apply(value)) : (Poll<R>) this;
    }

    /**
     * This poll retyped; only legal when it carries no value (not {@code ready}).
     *
     * @param <R> the new value type
     * @return this poll, as a {@code Poll<R>}
     */
    @SuppressWarnings("unchecked")
    public <R> Poll<R> cast() {
        if (kind == Kind.READY) {
            throw new IllegalStateException("cast() of a ready poll");
        }
        return (Poll<R>) this;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Poll<?> that
                && kind == that.kind
                && Objects.equals(value, that.value)
                && Objects.equals(error, that.error);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, value, error);
    }

    @Override
    public String toString() {
        switch (kind) {
            case READY: return "ready(" + value + ")";
            case FAILED: return "failed(" + error + ")";
            case DONE: return "done";
            default: return "pending";
        }
    }
}
