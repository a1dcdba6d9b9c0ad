package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.SharedFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.Async;
import dev.pollbridge.runtime.async.AsyncBody;
import io.reactivex.rxjava3.core.Single;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * RxJava 3's {@link Single} and Pollbridge, both directions: a Single as a lazy
 * {@link PollFuture} ({@link #toPollFuture}) or awaited inside an {@code Async} body
 * ({@link #await}); a future, a running task or a shared result as a cold Single
 * ({@link #toSingle}); an {@code Async} body as a Single ({@link #rxSingle}, kotlinx's
 * {@code rxSingle}). Threads, and the errors nobody can take, as {@link RxJavaBridge} says for the
 * whole adapter; see {@code docs/rxjava.md} for the naming scheme and the table of conversions.
 */
public final class SingleBridge {

    static {
        NonBlockingWorkers.register();
    }

    private SingleBridge() {}

    // ---- Single -> PollFuture (into the pull model) --------------------------------------------------

    /**
     * {@code single} as a future. Nothing happens until the first poll, which subscribes on the
     * polling thread. The future is ready with the Single's value or failed with its own exception
     * instance.
     *
     * <p><b>Cancellation:</b> closing the future before the Single signalled disposes it, exactly
     * once; closing before the first poll never subscribes; closing after the signal disposes
     * nothing. Not cancel-safe: a value the Single already produced is lost with the future
     * (closed if it is {@link AutoCloseable}).
     *
     * @param <T> the value type
     * @param single the Single
     * @return a lazy future of the source's outcome
     * @throws NullPointerException if {@code single} is null
     */
    public static <T> PollFuture<T> toPollFuture(Single<? extends T> single) {
        return new FutureFromSingle<>(single);
    }

    // ---- await inside an Async body ------------------------------------------------------------------

    /**
     * Awaits {@code single} inside an {@code Async} body: suspends the body until the Single
     * signals, returns its value or rethrows its error as the same instance (undeclared if
     * checked). kotlinx's {@code Single.await()}.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while waiting, the Single is disposed and
     * this throws {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the value type
     * @param single the Single
     * @return the Single's value
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code single} is null
     */
    public static <T> T await(Single<? extends T> single) {
        return Awaits.await(toPollFuture(single), "SingleBridge.await(Single)", "SingleBridge.toPollFuture");
    }

    // ---- PollFuture -> Single (out of the pull model) ------------------------------------------------

    /**
     * {@link #toSingle(Supplier, PollRuntime)} on {@link PollRuntime#shared()}.
     *
     * @param <T> the value type
     * @param futureFactory makes the future of each subscription; called on the subscribing thread
     * @return a cold Single
     */
    public static <T> Single<T> toSingle(Supplier<? extends PollFuture<? extends T>> futureFactory) {
        return toSingle(futureFactory, PollRuntime.shared());
    }

    /**
     * A cold Single whose every subscription calls {@code futureFactory} (on the subscribing
     * thread) and spawns the new future as a task on {@code runtime}. The Single succeeds with the
     * future's value and fails with the future's own failure. A future that completes with
     * {@code null} is empty (an empty {@code Mono} gives {@code null}), and a Single needs a value:
     * it fails with a {@link java.util.NoSuchElementException} saying so, as RxJava's
     * {@code Single.fromPublisher} and Reactor's {@code Mono.single()} fail an empty source (use
     * {@link MaybeBridge#toMaybe(Supplier, PollRuntime)} for such futures). Signals arrive on a
     * runtime worker.
     *
     * <p><b>Cancellation:</b> {@code dispose()} aborts the task: the runtime closes the future
     * exactly once at its next suspension point, and nothing is signalled after (an error the
     * future produced meanwhile goes to {@code RxJavaPlugins.onError}). If the runtime is closed
     * under the task, the observer gets {@code onError(CancellationException)}. A factory that
     * throws or returns {@code null}, or a closed runtime ({@code RejectedExecutionException}),
     * fails that subscription.
     *
     * <p><b>Cancel safety:</b> as the future's own: disposing drops a result not yet delivered;
     * what the future already did stays done (rule 12).
     *
     * @param <T> the value type
     * @param futureFactory makes the future of each subscription; called on the subscribing thread
     * @param runtime runs the task of each subscription
     * @return a cold Single
     * @throws NullPointerException if an argument is null
     */
    public static <T> Single<T> toSingle(Supplier<? extends PollFuture<? extends T>> futureFactory, PollRuntime runtime) {
        return SingleFromFuture.of(futureFactory, runtime);
    }

    /**
     * {@link #toSingle(JoinHandle, PollRuntime)} relaying on {@link PollRuntime#shared()}.
     *
     * @param <T> the value type
     * @param handle the running task to adopt
     * @return a cold Single
     */
    public static <T> Single<T> toSingle(JoinHandle<T> handle) {
        return toSingle(handle, PollRuntime.shared());
    }

    /**
     * Adopts an already running task: a Single of its result. The first subscription spawns a
     * small relay task on {@code runtime} that awaits {@code handle}; the Single signals the task's
     * value or its failure ({@code CancellationException} if the task was aborted; a
     * {@code NoSuchElementException} for a {@code null} value). Only one subscription may adopt the
     * handle (a handle delivers its result once): later ones fail with
     * {@link IllegalStateException}.
     *
     * <p><b>Cancellation:</b> {@code dispose()} <em>detaches</em>, it does not abort (rule 13: a
     * handle does not own its task), as RxJava's own {@code Single.fromFuture} does not cancel its
     * future: the relay closes the handle and the task runs on, its result dropped. To stop the
     * task too, add {@code .doOnDispose(handle::abort)}.
     *
     * @param <T> the value type
     * @param handle the running task to adopt
     * @param runtime runs the task of each subscription
     * @return a cold Single
     * @throws NullPointerException if an argument is null
     */
    public static <T> Single<T> toSingle(JoinHandle<T> handle, PollRuntime runtime) {
        return SingleFromFuture.of(Subscriptions.adopting(handle), runtime);
    }

    /**
     * {@link #toSingle(SharedFuture, PollRuntime)} on {@link PollRuntime#shared()}.
     *
     * @param <T> the value type
     * @param shared the shared future; each subscription takes a clone of it
     * @return a Single of the shared outcome, subscribable any number of times
     */
    public static <T> Single<T> toSingle(SharedFuture<T> shared) {
        return toSingle(shared, PollRuntime.shared());
    }

    /**
     * A Single of a result awaited any number of times (kotlinx's {@code Deferred.asSingle}):
     * each subscription takes a new clone of {@code shared} ({@link SharedFuture#share()}) and
     * polls it in a task on {@code runtime}; the future underneath runs once, and every observer
     * gets the same value (a {@code null} value fails with
     * {@link java.util.NoSuchElementException}) or the
     * same error. The value is never released by the Single, even for a disposed observer:
     * several observers hold it.
     *
     * <p><b>Cancellation:</b> {@code dispose()} aborts that subscription's task, which closes its
     * clone only. {@code shared} stays open (the Single takes its clones from it): close it when
     * no new subscription needs the result, and the work is cancelled once the last clone is
     * closed. A subscription after {@code shared} was closed fails with
     * {@link IllegalStateException}.
     *
     * @param <T> the value type
     * @param shared the shared future; each subscription takes a clone of it
     * @param runtime runs the task of each subscription
     * @return a Single of the shared outcome, subscribable any number of times
     * @throws NullPointerException if an argument is null
     */
    public static <T> Single<T> toSingle(SharedFuture<T> shared, PollRuntime runtime) {
        Objects.requireNonNull(shared, "shared");
        return SingleFromFuture.of(shared::share, runtime);
    }

    /**
     * {@link #toSingle(PollFuture, PollRuntime)} on {@link PollRuntime#shared()}: so that
     * {@code future.to(SingleBridge::toSingle)} reads as RxJava's {@code single.to(...)}.
     *
     * @param <T> the value type
     * @param future the future; the Single's one subscription takes it over
     * @return a Single of the future's value, subscribable once
     */
    public static <T> Single<T> toSingle(PollFuture<T> future) {
        return toSingle(future, PollRuntime.shared());
    }

    /**
     * A Single of this one future: {@link #toSingle(Supplier, PollRuntime)} with a supplier that
     * hands out {@code future} to the first subscription, whose task then owns it (polls it,
     * closes it; {@code dispose()} aborts the task, which closes the future). <b>Single use:</b>
     * a future runs once and has one owner (rule 11), so a second subscription fails with an
     * {@link IllegalStateException} that says so and names the fix,
     * {@code toSingle(() -> buildTheFuture())}: a supplier that builds a new future per
     * subscription, which a Single subscribed to more than once ({@code retry()},
     * {@code repeat()}, several observers) needs. A Single that is never subscribed never polls
     * or closes the future. A {@link SharedFuture} is taken as
     * {@link #toSingle(SharedFuture, PollRuntime)} and a {@link JoinHandle} as
     * {@link #toSingle(JoinHandle, PollRuntime)}, whichever static type the caller had.
     *
     * <p><b>Cancel safety:</b> as the future's own.
     *
     * @param <T> the value type
     * @param future the future; the Single's one subscription takes it over
     * @param runtime runs the subscription's task
     * @return a Single of the future's value, subscribable once
     * @throws NullPointerException if an argument is null
     */
    public static <T> Single<T> toSingle(PollFuture<T> future, PollRuntime runtime) {
        Objects.requireNonNull(future, "future");
        if (future instanceof SharedFuture) {
            return toSingle((SharedFuture<T>) future, runtime);
        }
        if (future instanceof JoinHandle) {
            return toSingle((JoinHandle<T>) future, runtime);
        }
        return SingleFromFuture.of(Subscriptions.once(future, "a Single", "SingleBridge.toSingle"), runtime);
    }

    // ---- builder: an Async body as a Single ----------------------------------------------------------

    /**
     * {@link #rxSingle(AsyncBody, PollRuntime)} on {@link PollRuntime#shared()}: kotlinx's
     * {@code rxSingle { }}.
     *
     * @param <T> the value type
     * @param body the body, run once per subscription
     * @return a cold Single
     */
    public static <T> Single<T> rxSingle(AsyncBody<T> body) {
        return rxSingle(body, PollRuntime.shared());
    }

    /**
     * A cold Single whose every subscription runs {@code body} as an {@link Async#run} body on a
     * task of {@code runtime}. Inside the body, the RxJava awaits ({@link #await(Single)},
     * {@link FlowableBridge#awaitFirst(io.reactivex.rxjava3.core.Flowable)}, ...) suspend the body,
     * not a worker. The body's value is {@code onSuccess}; a {@code null} value fails the Single
     * with a {@link java.util.NoSuchElementException} (empty); what the body throws is
     * {@code onError}.
     *
     * <p><b>Cancellation:</b> disposing cancels the body: the {@code await} it is suspended in
     * throws {@link java.util.concurrent.CancellationException}, {@code finally} blocks run, later
     * code does not.
     *
     * @param <T> the value type
     * @param body the body, run once per subscription
     * @param runtime runs the task of each subscription
     * @return a cold Single
     * @throws NullPointerException if an argument is null
     */
    public static <T> Single<T> rxSingle(AsyncBody<T> body, PollRuntime runtime) {
        Objects.requireNonNull(body, "body");
        return toSingle(() -> Async.run(body), runtime);
    }
}
