package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import io.reactivex.rxjava3.core.Completable;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * RxJava 3's {@link Completable} and Pollbridge, both directions: a Completable as a lazy
 * {@code PollFuture<Void>} ({@link #toPollFuture}) or awaited inside an {@code Async} body
 * ({@link #await}); the end of a future or a running task as a cold Completable
 * ({@link #toCompletable}). Threads, and the errors nobody can take, as {@link RxJavaBridge} says
 * for the whole adapter; see {@code docs/rxjava.md} for the naming scheme and the table of
 * conversions.
 */
public final class CompletableBridge {

    static {
        NonBlockingWorkers.register();
    }

    private CompletableBridge() {}

    // ---- Completable -> PollFuture (into the pull model) ---------------------------------------------

    /**
     * {@code completable} as a future: ready with {@code null} when it completes, failed with its
     * own exception instance. Lazy and disposed on close as
     * {@link SingleBridge#toPollFuture(Single)}. Cancel-safe: there is no value to lose.
     *
     * @param completable the Completable
     * @return a lazy future of the source's outcome
     * @throws NullPointerException if {@code completable} is null
     */
    public static PollFuture<Void> toPollFuture(Completable completable) {
        return new FutureFromCompletable(completable);
    }

    // ---- await inside an Async body ------------------------------------------------------------------

    /**
     * Awaits {@code completable} inside an {@code Async} body: returns when it completes, or
     * rethrows its error. kotlinx's {@code Completable.await()}. Same cancel safety as
     * {@link SingleBridge#await(Single)}.
     *
     * @param completable the Completable
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code completable} is null
     */
    public static void await(Completable completable) {
        Awaits.await(toPollFuture(completable), "CompletableBridge.await(Completable)", "CompletableBridge.toPollFuture");
    }

    // ---- PollFuture -> Completable (out of the pull model) -------------------------------------------

    /**
     * {@link #toCompletable(Supplier, PollRuntime)} on {@link PollRuntime#shared()}.
     *
     * @param futureFactory makes the future of each subscription; called on the subscribing thread
     * @return a cold Completable
     */
    public static Completable toCompletable(Supplier<? extends PollFuture<?>> futureFactory) {
        return toCompletable(futureFactory, PollRuntime.shared());
    }

    /**
     * A cold Completable whose every subscription calls {@code futureFactory} and spawns the new
     * future on {@code runtime}: completion becomes {@code onComplete} (the value is ignored, and
     * closed if it is {@link AutoCloseable}, unless the future is a clone of a
     * {@link dev.pollbridge.api.SharedFuture}, such as {@code shared::share}: other clones hand out the same value), a
     * failure {@code onError} with the same instance. Subscription, cancellation and threads as
     * {@link SingleBridge#toSingle(Supplier, PollRuntime)}.
     *
     * @param futureFactory makes the future of each subscription; called on the subscribing thread
     * @param runtime runs the task of each subscription
     * @return a cold Completable
     * @throws NullPointerException if an argument is null
     */
    public static Completable toCompletable(Supplier<? extends PollFuture<?>> futureFactory, PollRuntime runtime) {
        return CompletableFromFuture.of(futureFactory, runtime);
    }

    /**
     * {@link #toCompletable(JoinHandle, PollRuntime)} relaying on {@link PollRuntime#shared()}.
     *
     * @param handle the running task to adopt
     * @return a cold Completable
     */
    public static Completable toCompletable(JoinHandle<?> handle) {
        return toCompletable(handle, PollRuntime.shared());
    }

    /**
     * Adopts a running task as a Completable of its end. One subscription only; {@code dispose()}
     * detaches the task, as {@link SingleBridge#toSingle(JoinHandle, PollRuntime)}.
     *
     * @param handle the running task to adopt
     * @param runtime runs the task of each subscription
     * @return a cold Completable
     * @throws NullPointerException if an argument is null
     */
    public static Completable toCompletable(JoinHandle<?> handle, PollRuntime runtime) {
        return CompletableFromFuture.of(Subscriptions.adopting(handle), runtime);
    }

    /**
     * {@link #toCompletable(PollFuture, PollRuntime)} on {@link PollRuntime#shared()}: so that
     * {@code future.to(CompletableBridge::toCompletable)} reads as RxJava's
     * {@code completable.to(...)}.
     *
     * @param future the future; the Completable's one subscription takes it over
     * @return a Completable of the future's end, subscribable once
     */
    public static Completable toCompletable(PollFuture<?> future) {
        return toCompletable(future, PollRuntime.shared());
    }

    /**
     * A Completable of this one future's end (its value ignored, and closed if it is
     * {@link AutoCloseable}): single use, as
     * {@link SingleBridge#toSingle(PollFuture, PollRuntime)}; a second subscription fails with an
     * {@link IllegalStateException} that names the fix,
     * {@code toCompletable(() -> buildTheFuture())}. A {@link JoinHandle} is taken as
     * {@link #toCompletable(JoinHandle, PollRuntime)}.
     *
     * @param future the future; the Completable's one subscription takes it over
     * @param runtime runs the subscription's task
     * @return a Completable of the future's end, subscribable once
     * @throws NullPointerException if an argument is null
     */
    public static Completable toCompletable(PollFuture<?> future, PollRuntime runtime) {
        Objects.requireNonNull(future, "future");
        if (future instanceof JoinHandle) {
            return toCompletable((JoinHandle<?>) future, runtime);
        }
        return CompletableFromFuture.of(Subscriptions.once(future, "a Completable", "CompletableBridge.toCompletable"), runtime);
    }
}
