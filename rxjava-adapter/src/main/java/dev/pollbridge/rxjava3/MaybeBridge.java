package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SharedFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import io.reactivex.rxjava3.core.Maybe;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * RxJava 3's {@link Maybe} and Pollbridge, both directions: a Maybe as a lazy {@link PollFuture}
 * ({@link #toPollFuture}, {@link #toOptionalPollFuture}) or awaited inside an {@code Async} body
 * ({@link #await}); a future, a running task or a shared result as a cold Maybe
 * ({@link #toMaybe}). A {@code null} value is the empty Maybe in both directions. Threads, and the
 * errors nobody can take, as {@link RxJavaBridge} says for the whole adapter; see
 * {@code docs/rxjava.md} for the naming scheme and the table of conversions.
 */
public final class MaybeBridge {

    static {
        NonBlockingWorkers.register();
    }

    private MaybeBridge() {}

    // ---- Maybe -> PollFuture (into the pull model) ---------------------------------------------------

    /**
     * {@code maybe} as a future: ready with the value, ready with {@code null} if the Maybe
     * completes empty, failed with its own exception instance. Lazy and disposed on close as
     * {@link SingleBridge#toPollFuture(Single)}. Not cancel-safe.
     *
     * @param <T> the value type
     * @param maybe the Maybe
     * @return a lazy future of the source's outcome
     * @throws NullPointerException if {@code maybe} is null
     */
    public static <T> PollFuture<T> toPollFuture(Maybe<? extends T> maybe) {
        return new FutureFromMaybe<>(maybe);
    }

    /**
     * Like {@link #toPollFuture(Maybe)}, but the value is wrapped: {@code Optional.of(value)}, or
     * {@code Optional.empty()} for an empty Maybe. Same cancellation.
     *
     * @param <T> the value type
     * @param maybe the Maybe
     * @return a lazy future of the source's outcome
     * @throws NullPointerException if {@code maybe} is null
     */
    public static <T> PollFuture<Optional<T>> toOptionalPollFuture(Maybe<? extends T> maybe) {
        return new FutureFromMaybe<T>(maybe).map(Optional::ofNullable);
    }

    // ---- await inside an Async body ------------------------------------------------------------------

    /**
     * Awaits {@code maybe} inside an {@code Async} body: returns its value, {@code null} if it
     * completed empty, or rethrows its error. kotlinx's {@code Maybe.awaitSingleOrNull()}; for
     * {@code awaitSingle()} await {@code maybe.toSingle()} (empty fails with
     * {@code NoSuchElementException}). Same cancel safety as {@link SingleBridge#await(Single)}.
     *
     * @param <T> the value type
     * @param maybe the Maybe
     * @return the value ({@code null} for an empty Maybe)
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code maybe} is null
     */
    public static <T> T await(Maybe<? extends T> maybe) {
        return Awaits.await(toPollFuture(maybe), "MaybeBridge.await(Maybe)", "MaybeBridge.toPollFuture");
    }

    // ---- PollFuture -> Maybe (out of the pull model) -------------------------------------------------

    /**
     * {@link #toMaybe(Supplier, PollRuntime)} on {@link PollRuntime#shared()}.
     *
     * @param <T> the value type
     * @param futureFactory makes the future of each subscription; called on the subscribing thread
     * @return a cold Maybe
     */
    public static <T> Maybe<T> toMaybe(Supplier<? extends PollFuture<? extends T>> futureFactory) {
        return toMaybe(futureFactory, PollRuntime.shared());
    }

    /**
     * A cold Maybe whose every subscription calls {@code futureFactory} and spawns the new future
     * on {@code runtime}: a value becomes {@code onSuccess}, {@code null} an empty
     * {@code onComplete}, a failure {@code onError} with the same instance. Subscription,
     * cancellation, threads and cancel safety as
     * {@link SingleBridge#toSingle(Supplier, PollRuntime)}.
     *
     * @param <T> the value type
     * @param futureFactory makes the future of each subscription; called on the subscribing thread
     * @param runtime runs the task of each subscription
     * @return a cold Maybe
     * @throws NullPointerException if an argument is null
     */
    public static <T> Maybe<T> toMaybe(Supplier<? extends PollFuture<? extends T>> futureFactory, PollRuntime runtime) {
        return MaybeFromFuture.of(futureFactory, runtime);
    }

    /**
     * {@link #toMaybe(JoinHandle, PollRuntime)} relaying on {@link PollRuntime#shared()}.
     *
     * @param <T> the value type
     * @param handle the running task to adopt
     * @return a cold Maybe
     */
    public static <T> Maybe<T> toMaybe(JoinHandle<T> handle) {
        return toMaybe(handle, PollRuntime.shared());
    }

    /**
     * Adopts a running task as a Maybe of its result ({@code null} completes empty). One
     * subscription only; {@code dispose()} detaches the task, as
     * {@link SingleBridge#toSingle(JoinHandle, PollRuntime)}.
     *
     * @param <T> the value type
     * @param handle the running task to adopt
     * @param runtime runs the task of each subscription
     * @return a cold Maybe
     * @throws NullPointerException if an argument is null
     */
    public static <T> Maybe<T> toMaybe(JoinHandle<T> handle, PollRuntime runtime) {
        return MaybeFromFuture.of(Subscriptions.adopting(handle), runtime);
    }

    /**
     * {@link #toMaybe(SharedFuture, PollRuntime)} on {@link PollRuntime#shared()}.
     *
     * @param <T> the value type
     * @param shared the shared future; each subscription takes a clone of it
     * @return a Maybe of the shared outcome, subscribable any number of times
     */
    public static <T> Maybe<T> toMaybe(SharedFuture<T> shared) {
        return toMaybe(shared, PollRuntime.shared());
    }

    /**
     * A Maybe of a result awaited any number of times (kotlinx's {@code Deferred.asMaybe}): as
     * {@link SingleBridge#toSingle(SharedFuture, PollRuntime)}, but a {@code null} value completes
     * empty.
     *
     * @param <T> the value type
     * @param shared the shared future; each subscription takes a clone of it
     * @param runtime runs the task of each subscription
     * @return a Maybe of the shared outcome, subscribable any number of times
     * @throws NullPointerException if an argument is null
     */
    public static <T> Maybe<T> toMaybe(SharedFuture<T> shared, PollRuntime runtime) {
        Objects.requireNonNull(shared, "shared");
        return MaybeFromFuture.of(shared::share, runtime);
    }

    /**
     * {@link #toMaybe(PollFuture, PollRuntime)} on {@link PollRuntime#shared()}: so that
     * {@code future.to(MaybeBridge::toMaybe)} reads as RxJava's {@code maybe.to(...)}.
     *
     * @param <T> the value type
     * @param future the future; the Maybe's one subscription takes it over
     * @return a Maybe of the future's value, subscribable once
     */
    public static <T> Maybe<T> toMaybe(PollFuture<T> future) {
        return toMaybe(future, PollRuntime.shared());
    }

    /**
     * A Maybe of this one future ({@code null} completes empty): single use, as
     * {@link SingleBridge#toSingle(PollFuture, PollRuntime)}; a second subscription fails with an
     * {@link IllegalStateException} that names the fix, {@code toMaybe(() -> buildTheFuture())}.
     * A {@link SharedFuture} is taken as {@link #toMaybe(SharedFuture, PollRuntime)} and a
     * {@link JoinHandle} as {@link #toMaybe(JoinHandle, PollRuntime)}.
     *
     * @param <T> the value type
     * @param future the future; the Maybe's one subscription takes it over
     * @param runtime runs the subscription's task
     * @return a Maybe of the future's value, subscribable once
     * @throws NullPointerException if an argument is null
     */
    public static <T> Maybe<T> toMaybe(PollFuture<T> future, PollRuntime runtime) {
        Objects.requireNonNull(future, "future");
        if (future instanceof SharedFuture) {
            return toMaybe((SharedFuture<T>) future, runtime);
        }
        if (future instanceof JoinHandle) {
            return toMaybe((JoinHandle<T>) future, runtime);
        }
        return MaybeFromFuture.of(Subscriptions.once(future, "a Maybe", "MaybeBridge.toMaybe"), runtime);
    }
}
