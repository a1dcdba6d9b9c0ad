/**
 * The pull-model contract and its pure combinators.
 *
 * <p>{@link dev.pollbridge.api.PollFuture} and {@link dev.pollbridge.api.PollStream} are polled
 * with a {@link dev.pollbridge.api.Context} that carries a {@link dev.pollbridge.api.Waker}; the
 * combinators in {@link dev.pollbridge.api.Futures} and {@link dev.pollbridge.api.Streams} (and the
 * fluent methods on the two interfaces) compose them without threads or timers. Each combinator
 * is a package-private final class built through those factories, owns its children and closes
 * each unfinished child exactly once.
 *
 * <h2>How the combinators are written</h2>
 * <ul>
 *   <li>One combinator per file, package-private and {@code final}, in the style of futures-rs:
 *       an explicit {@code enum State} whose terminal states ({@code COMPLETE} or
 *       {@code TERMINATED} after a result, {@code CLOSED} after an early close) make a further
 *       poll throw {@link java.lang.IllegalStateException} (rule 9).
 *   <li>A child reference is set to {@code null} (or its list slot emptied) <em>before</em> the
 *       child is closed, so no path can close it twice; {@code close()} of the combinator
 *       closes whatever is still referenced, so closing twice is a no-op.
 *   <li>A single child is polled with the poller's {@link dev.pollbridge.api.Context}
 *       unchanged: it registers the task's own waker. Combinators over many children (join,
 *       select, merge, {@link dev.pollbridge.api.FuturesUnordered} and what is built on it) give
 *       each child a waker of its own, so that a poll polls only the children that woke:
 *       {@code WokenChildren} for a fixed list, {@code ReadySet} for a set that changes; those two
 *       classes hold the only synchronisation here. Combinators are confined to their owner like
 *       every future.
 *   <li>Loops over items stop after a fixed budget and wake their own waker before returning
 *       {@code pending} (the tail of that pending, rule 5).
 *   <li>Argument checks and shared messages live once, in {@code Checks} and {@code Outcomes};
 *       closing many children in {@code Closer}.
 * </ul>
 */
package dev.pollbridge.api;
