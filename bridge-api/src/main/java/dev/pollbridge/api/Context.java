package dev.pollbridge.api;

import java.util.Objects;

/**
 * What a poller hands to {@link PollFuture#poll} and {@link PollStream#pollNext}: the
 * {@linkplain #waker() waker} of the task doing the polling, plus an opaque
 * {@linkplain #attachment() attachment} the runtime uses to carry per-task data (task-locals).
 *
 * <p>A future that returns {@code pending} must have stored {@code cx.waker()} with whatever will
 * complete it, or delegated to a child that did (rule 5). The waker may differ between polls:
 * keep the latest one (rule 7).
 *
 * <p>A combinator that wraps the waker for its children builds their context with
 * {@link #withWaker(Waker)}, which keeps the attachment, so per-task data survives any depth of
 * combinators. Contexts are immutable and may be shared across threads.
 */
public final class Context {

    private final Waker waker;
    private final Object attachment;

    private Context(Waker waker, Object attachment) {
        this.waker = Objects.requireNonNull(waker, "waker");
        this.attachment = attachment;
    }

    /**
     * A context with the given waker and no attachment.
     *
     * @param waker the waker of the task doing the poll; not {@code null}
     * @return a new context
     */
    public static Context of(Waker waker) {
        return new Context(waker, null);
    }

    /**
     * A context with the given waker and attachment. Meant for pollers (the runtime attaches its
     * task); user code reads task data through the runtime's {@code TaskLocal}, not this.
     *
     * @param waker the waker of the task doing the poll; not {@code null}
     * @param attachment the poller's per-task data, or {@code null}
     * @return a new context
     */
    public static Context of(Waker waker, Object attachment) {
        return new Context(waker, attachment);
    }

    /**
     * The waker of the task doing this poll. Never {@code null}.
     *
     * @return the waker to store when a poll returns {@code pending}
     */
    public Waker waker() {
        return waker;
    }

    /**
     * The poller's opaque per-task data, or {@code null}.
     *
     * @return the attachment, or {@code null} if the poller attached nothing
     */
    public Object attachment() {
        return attachment;
    }

    /**
     * This context with another waker and the same attachment; returns {@code this} if unchanged.
     *
     * @param other the waker the new context carries; not {@code null}
     * @return a context with {@code other} as its waker
     */
    public Context withWaker(Waker other) {
        return other == waker ? this : new Context(other, attachment);
    }
}
