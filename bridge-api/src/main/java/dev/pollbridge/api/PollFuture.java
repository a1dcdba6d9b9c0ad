package dev.pollbridge.api;

import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

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

    /**
     * {@link Futures#map}: this future's value transformed by {@code mapper} on the polling
     * thread. Takes ownership of this future. Cancel-safe when this future is.
     *
     * @param <R> the type of the mapped value
     * @param mapper turns the value into the result; runs once, on the thread that polls
     * @return a future of the mapped value, owning this future
     */
    default <R> PollFuture<R> map(Function<? super T, ? extends R> mapper) {
        return Futures.map(this, mapper);
    }

    /**
     * {@link Futures#flatMap}: the continuation; awaits this future, then the future
     * {@code next} builds from its value. Takes ownership of this future. Cancel-safe when both
     * futures are.
     *
     * @param <R> the value type of the next future
     * @param next builds the next future from this future's value; runs once, on the thread that polls
     * @return a future of the next future's value, owning both futures
     */
    default <R> PollFuture<R> flatMap(Function<? super T, ? extends PollFuture<R>> next) {
        return Futures.flatMap(this, next);
    }

    /**
     * {@link Futures#recover}: a failure of this future turned into a value. Takes ownership of
     * this future. Cancel-safe when this future is.
     *
     * @param handler turns the failure into a value; runs once, on the thread that polls
     * @return a future of this value, or of the recovered value if this future fails
     */
    default PollFuture<T> recover(Function<? super Throwable, ? extends T> handler) {
        return Futures.recover(this, handler);
    }

    /**
     * {@link Futures#recoverWith}: on failure, awaits the fallback future {@code handler} builds.
     * Takes ownership of this future. Cancel-safe when both futures are.
     *
     * @param handler builds the fallback future from the failure; runs once, on the thread that polls
     * @return a future of this value, or of the fallback's outcome if this future fails
     */
    default PollFuture<T> recoverWith(Function<? super Throwable, ? extends PollFuture<T>> handler) {
        return Futures.recoverWith(this, handler);
    }

    /**
     * {@link Futures#inspect}: shows the value to {@code action} and passes it on. Takes
     * ownership of this future. Cancel-safe when this future is.
     *
     * @param action sees the value once, on the thread that polls, before it is passed on
     * @return a future of the same outcome
     */
    default PollFuture<T> inspect(Consumer<? super T> action) {
        return Futures.inspect(this, action);
    }

    /**
     * {@link Futures#inspectError}: shows a failure to {@code action} and passes it on. Takes
     * ownership of this future. Cancel-safe when this future is.
     *
     * @param action sees the failure once, on the thread that polls, before it is passed on
     * @return a future of the same outcome
     */
    default PollFuture<T> inspectError(Consumer<? super Throwable> action) {
        return Futures.inspectError(this, action);
    }

    /**
     * {@link Futures#fuse}: a future that returns {@code pending} instead of throwing once it
     * completed, for select loops. Takes ownership of this future. Cancel-safe when this future is.
     *
     * @return a fused view that owns this future
     */
    default FusedFuture<T> fuse() {
        return Futures.fuse(this);
    }

    /**
     * Applies {@code converter} to this future and returns what it returns: a fluent conversion
     * (Reactor's {@code Mono.as}, RxJava's {@code Single.to}), so that a chain reads left to right:
     * {@code fetchUser(id).map(User::name).to(MonoBridge::toMono)}. It adds nothing: it is
     * {@code converter.apply(this)}, called at once on the calling thread, and what happens to
     * this future (who owns it, polls it and closes it; whether it may be used once or many
     * times) is the converter's to say. The usual converters ({@code MonoBridge::toMono},
     * {@code SingleBridge::toSingle}, {@code CompletableFutureBridge::toCompletableFuture}) take
     * ownership of this future.
     *
     * @param <R> what the converter makes
     * @param converter turns this future into something else; not {@code null}
     * @return what {@code converter} returned
     * @throws NullPointerException if {@code converter} is null
     */
    default <R> R to(Function<? super PollFuture<T>, ? extends R> converter) {
        return Objects.requireNonNull(converter, "converter").apply(this);
    }
}
