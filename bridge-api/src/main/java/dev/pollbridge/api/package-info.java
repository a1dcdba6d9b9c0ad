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
 *   <li>Every combinator (and every future it makes) extends {@link dev.pollbridge.api.SingleUse}
 *       and claims its children where it takes them (in its constructor, or when a function
 *       hands it its next future); a multi-child combinator claims with {@code claimAll}, all or
 *       nothing.
 *   <li>Values it collected and will never hand out (a failed join's) are dropped through
 *       {@link dev.pollbridge.api.Dropped}.
 * </ul>
 *
 * <h2>Rule 11 beyond cancelling: one owner, and values nobody reads</h2>
 * Two classes here serve every module, so that each half of the rule is kept in one place:
 * <ul>
 *   <li>{@link dev.pollbridge.api.SingleUse}: a future has one owner. The check is made at the
 *       hand-over (spawn, blockOn, a combinator's child, an adapter's subscription, an await),
 *       one compare-and-set of an owner field once in the future's life; {@code poll} is not
 *       touched, so a poll costs what it did. A second hand-over fails with an
 *       {@link java.lang.IllegalStateException} that names both owners, the rule and the fix (a
 *       {@code Supplier} per owner), before anything is polled. A future opts in by extending
 *       the class (one field); whoever takes futures claims them in one line. Its
 *       {@code polledAfter} is the one "polled after the end" error, with the same fix.
 *   <li>{@link dev.pollbridge.api.Dropped}: a value nobody will read is closed if it owns a
 *       resource, exactly once (the producer's own CAS decides who drops), a throwing
 *       {@code close()} contained and reported to the producer's
 *       {@link dev.pollbridge.api.Dropped.Sink}.
 * </ul>
 */
package dev.pollbridge.api;
