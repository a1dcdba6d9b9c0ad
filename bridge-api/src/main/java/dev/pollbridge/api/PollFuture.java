package dev.pollbridge.api;

/**
 * A handle to one value that is not here yet, advanced by polling (the pull model; see
 * {@code docs/concepts.md}).
 *
 * <h2>Lifecycle</h2>
 * A future is <em>lazy</em>: building it runs nothing; its work starts on the first
 * {@link #poll(Context)} (rule 2). Each poll advances its state machine one step and returns
 * {@code pending}, {@code ready(value)} or {@code failed(error)} (rule 3). Ready and failed are
 * final (rule 9).
 *
 * <h2>The poll contract</h2>
 * <ul>
 *   <li><b>Never blocks</b> (rule 4): no sleeping, spinning, blocking locks or blocking I/O.
 *   <li><b>Pending has a tail</b> (rule 5): {@code pending} may be returned only if something now
 *       holds {@code cx.waker()} and will call it when progress is possible, either because this
 *       future stored it with its event source or because a child future it just polled did.
 *   <li><b>No lost wake-ups</b> (rule 6): checking for a result and registering the waker happen
 *       under one lock or one atomic transition, so a completion in between still wakes.
 *   <li><b>The latest waker wins</b> (rule 7): each poll may carry a different waker.
 *   <li><b>Ready is final</b> (rule 9): polling again after {@code ready} or {@code failed} is a
 *       caller bug and throws {@link IllegalStateException} (see {@link Futures#fuse} for a
 *       future that tolerates it).
 *   <li><b>Happens-before</b> (rule 10): everything the producer wrote before completing is
 *       visible to the poller that sees {@code ready}.
 * </ul>
 * A future is polled by one thread at a time (its owner); polls need not be on the same thread.
 * {@link Waker#wake()} calls may arrive on any thread.
 *
 * <h2>Ownership and cancellation</h2>
 * Whoever polls a future owns it and calls {@link #close()} exactly once when it stops polling,
 * whether the future finished or not. Closing an unfinished future is cancellation (rule 11): it
 * cancels whatever the future waits on (a subscription, a timer, child futures). Combinators own
 * their children and close them.
 *
 * @param <T> the value type; {@code null} values are allowed (a {@code Void} future, an empty
 *     {@code Mono})
 */
public interface PollFuture<T> extends AutoCloseable {

    /**
     * Advances this future one step.
     *
     * @param cx the poller's context; its waker must be registered before returning
     *     {@code pending}
     * @return {@code pending}, {@code ready(value)} or {@code failed(error)}; never {@code done}
     *     and never {@code null}
     * @throws IllegalStateException if called after the future returned ready or failed
     */
    Poll<T> poll(Context cx);

    /**
     * Drops this future: idempotent, non-blocking, never throws, safe after completion (to
     * release resources) and from any thread that owns the future. Closing before completion
     * cancels the work it waits on; code after the pending suspension point never runs. The
     * default does nothing, which suits futures that hold no resources.
     */
    @Override
    default void close() {}
}
