/**
 * The pull-model contract and its pure combinators.
 *
 * <p>{@link dev.pollbridge.api.PollFuture} and {@link dev.pollbridge.api.PollStream} are polled
 * with a {@link dev.pollbridge.api.Context} that carries a {@link dev.pollbridge.api.Waker}; the
 * combinators in {@link dev.pollbridge.api.Futures} and {@link dev.pollbridge.api.Streams} (and the
 * fluent methods on the two interfaces) compose them without threads or timers. Each combinator
 * is a package-private final class built through those factories, owns its children and closes
 * each unfinished child exactly once.
 */
package dev.pollbridge.api;
