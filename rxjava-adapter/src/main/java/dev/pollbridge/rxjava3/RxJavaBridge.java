package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import dev.pollbridge.api.SharedFuture;
import dev.pollbridge.runtime.async.Async;
import dev.pollbridge.runtime.async.AsyncBody;
import dev.pollbridge.runtime.async.AsyncStreamBody;
import dev.pollbridge.runtime.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;
import dev.pollbridge.runtime.internal.bridge.ItemFromStream.Which;
import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.core.Single;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Converts between RxJava 3 and Pollbridge: {@link Single}, {@link Maybe}, {@link Completable},
 * {@link Flowable} and {@link Observable} to {@link PollFuture} and {@link PollStream} and back,
 * {@code Async} builders and awaits, and the runtime as an RxJava {@link Scheduler}. See
 * {@code docs/rxjava.md} for the table of conversions with their empty, null, error and
 * cancellation rules.
 *
 * <h2>Threads</h2>
 * RxJava to Pollbridge ({@code toFuture}, {@code toStream}): the bridge subscribes on the thread
 * that polls first; RxJava signals on whatever thread its operators use; the future or stream is
 * read by its poller. Pollbridge to RxJava ({@code toSingle}, {@code toMaybe},
 * {@code toCompletable}, {@code toFlowable}, {@code toObservable}): each subscription spawns a
 * task, so the observer's signals arrive on a runtime worker; hop elsewhere with
 * {@code observeOn}.
 *
 * <h2>Errors nobody can take</h2>
 * As in RxJava's own operators, an error that arrives after its consumer disposed (or closed the
 * future or stream), a second terminal signal, and an exception thrown by an observer or
 * subscriber go to {@code RxJavaPlugins.onError}, exactly once: never lost silently, never thrown
 * into a runtime worker. An error that is the cancellation itself (a
 * {@code CancellationException} after a dispose) stays silent. Values and items the bridge has to drop (an overflow strategy, a value that
 * raced a dispose, the value a {@code Completable} ignores) are closed if they are
 * {@link AutoCloseable}.
 */
public final class RxJavaBridge {

    static {
        NonBlockingWorkers.register();
    }

    private RxJavaBridge() {}

    /**
     * Registers the runtime's worker threads with RxJava as threads that must not block
     * ({@code RxJavaPlugins.setOnBeforeBlocking}), so that with
     * {@code RxJavaPlugins.setFailOnNonBlockingScheduler(true)}, {@code blockingGet()} and its kin
     * throw {@link IllegalStateException} on a worker, as they do on
     * {@code Schedulers.computation()}. Done automatically when this class is first used. A hook
     * already installed is kept: the registered hook asks it on every other thread. Call this
     * again after installing a hook of your own (RxJava's setter replaces the registered one) or
     * after {@code RxJavaPlugins.reset()}; a second call while the hook is installed does nothing.
     * After {@code RxJavaPlugins.lockdown()} it does nothing. See {@code docs/rxjava.md}.
     */
    public static void registerNonBlockingWorkers() {
        NonBlockingWorkers.register();
    }

    // ---- Single / Maybe / Completable -> PollFuture ---------------------------------------------

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
    public static <T> PollFuture<T> toFuture(Single<? extends T> single) {
        return new FutureFromSingle<>(single);
    }

    /**
     * {@code maybe} as a future: ready with the value, ready with {@code null} if the Maybe
     * completes empty, failed with its own exception instance. Lazy and disposed on close as
     * {@link #toFuture(Single)}. Not cancel-safe.
     *
     * @param <T> the value type
     * @param maybe the Maybe
     * @return a lazy future of the source's outcome
     * @throws NullPointerException if {@code maybe} is null
     */
    public static <T> PollFuture<T> toFuture(Maybe<? extends T> maybe) {
        return new FutureFromMaybe<>(maybe);
    }

    /**
     * Like {@link #toFuture(Maybe)}, but the value is wrapped: {@code Optional.of(value)}, or
     * {@code Optional.empty()} for an empty Maybe. Same cancellation.
     *
     * @param <T> the value type
     * @param maybe the Maybe
     * @return a lazy future of the source's outcome
     * @throws NullPointerException if {@code maybe} is null
     */
    public static <T> PollFuture<Optional<T>> toOptionalFuture(Maybe<? extends T> maybe) {
        return new FutureFromMaybe<T>(maybe).map(Optional::ofNullable);
    }

    /**
     * {@code completable} as a future: ready with {@code null} when it completes, failed with its
     * own exception instance. Lazy and disposed on close as {@link #toFuture(Single)}.
     * Cancel-safe: there is no value to lose.
     *
     * @param completable the Completable
     * @return a lazy future of the source's outcome
     * @throws NullPointerException if {@code completable} is null
     */
    public static PollFuture<Void> toFuture(Completable completable) {
        return new FutureFromCompletable(completable);
    }

    // ---- Flowable / Observable -> PollStream ------------------------------------------------------

    /**
     * {@code flowable} as a stream with the default prefetch of
     * {@link ReactiveStreamsBridge#DEFAULT_PREFETCH}. See {@link #toStream(Flowable, int)}.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return a lazy stream of the source's items
     */
    public static <T> PollStream<T> toStream(Flowable<? extends T> flowable) {
        return toStream(flowable, ReactiveStreamsBridge.DEFAULT_PREFETCH);
    }

    /**
     * {@code flowable} as a stream on the generic bridge ({@link ReactiveStreamsBridge#toPollStream}):
     * subscribes on the first poll, requests {@code prefetch} items and replenishes in batches as
     * they are polled, so at most {@code prefetch} items wait in the stream. A Flowable that sends
     * more than it was asked for fails the stream (after the items before) and is cancelled. An
     * empty Flowable gives {@code done}; an error is passed through after the items before it.
     * A {@code request} or {@code cancel} of the Flowable that throws is contained: the first fails
     * the stream, the second goes to {@code RxJavaPlugins.onError}.
     *
     * <p><b>Cancellation:</b> closing the stream before the end cancels the subscription, exactly
     * once, and drops the prefetched items. {@code pollNext} is cancel-safe: an item leaves the
     * stream only when it is returned.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @param prefetch items requested ahead of the poller, in {@code [1, ReactiveStreamsBridge.MAX_PREFETCH]}
     * @return a lazy stream of the source's items
     * @throws NullPointerException if {@code flowable} is null
     * @throws IllegalArgumentException if {@code prefetch} is outside
     *     {@code [1, ReactiveStreamsBridge.MAX_PREFETCH]}
     */
    public static <T> PollStream<T> toStream(Flowable<? extends T> flowable, int prefetch) {
        return new StreamFromFlowable<>(flowable, prefetch);
    }

    /**
     * {@code observable} as a stream. An Observable has no backpressure, so the caller chooses
     * what happens when it produces faster than the stream is polled: {@code overflow} bounds the
     * items that may wait and says what to do with one more (fail with a
     * {@code MissingBackpressureException}, drop the newest, drop the oldest, keep the latest; see
     * {@link ObservableOverflow}). There is no unbounded choice, and the Observable's thread never
     * waits for the poller. Subscribes on the first poll; {@code onComplete} ends the stream,
     * {@code onError} fails it with the same instance, after the items before it.
     *
     * <p><b>Cancellation:</b> closing the stream before the end disposes the Observable, exactly
     * once, and drops the waiting items (closing those that are {@link AutoCloseable}).
     * {@code pollNext} is cancel-safe: an item leaves the stream only when it is returned.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @param overflow how many items may wait, and what happens to one more
     * @return a lazy stream of the source's items
     * @throws NullPointerException if an argument is null
     */
    public static <T> PollStream<T> toStream(Observable<? extends T> observable, ObservableOverflow overflow) {
        return new StreamFromObservable<>(observable, overflow);
    }

    // ---- awaiting one item: kotlinx-coroutines-rx3's awaitFirst, awaitLast, awaitSingle ... ------

    /**
     * The first item of {@code flowable} (kotlinx-coroutines-rx3's {@code awaitFirst}): subscribes on
     * the first poll, requests one item and cancels as soon as it has the first item. Fails with
     * {@link java.util.NoSuchElementException} if the Flowable completes empty and with its error if it
     * fails first. Not cancel-safe: closing the future cancels the Flowable and drops what arrived.
     * An error after that goes to {@code RxJavaPlugins.onError} (not the cancellation itself).
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return a lazy future of the first item
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> PollFuture<T> first(Flowable<? extends T> flowable) {
        return OneItem.of(flowable, Which.FIRST, true, null);
    }

    /**
     * Like {@link #first(Flowable)}, but an empty Flowable gives {@code null} ({@code awaitFirstOrNull}).
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return a lazy future of the first item, or of {@code null}
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> PollFuture<T> firstOrNull(Flowable<? extends T> flowable) {
        return OneItem.of(flowable, Which.FIRST, false, null);
    }

    /**
     * Like {@link #first(Flowable)}, but an empty Flowable gives {@code defaultValue}
     * ({@code awaitFirstOrDefault}; for {@code awaitFirstOrElse}, map the result of
     * {@link #firstOrNull(Flowable)}).
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @param defaultValue the value if the Flowable completes empty; may be {@code null}
     * @return a lazy future of the first item, or of {@code defaultValue}
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> PollFuture<T> firstOrDefault(Flowable<? extends T> flowable, T defaultValue) {
        return OneItem.of(flowable, Which.FIRST, false, defaultValue);
    }

    /**
     * The last item of {@code flowable} ({@code awaitLast}): reads it to its end (requesting 256 items at a time)
     * and is ready with the item before {@code onComplete}, taking at most 128 items per poll.
     * Fails with {@link java.util.NoSuchElementException} if it completes empty and with its error
     * if it fails. Items passed over that are {@link AutoCloseable} are closed. Not cancel-safe.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return a lazy future of the last item
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> PollFuture<T> last(Flowable<? extends T> flowable) {
        return OneItem.of(flowable, Which.LAST, true, null);
    }

    /**
     * Like {@link #last(Flowable)}, but an empty Flowable gives {@code null}.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return a lazy future of the last item, or of {@code null}
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> PollFuture<T> lastOrNull(Flowable<? extends T> flowable) {
        return OneItem.of(flowable, Which.LAST, false, null);
    }

    /**
     * The only item of {@code flowable} ({@code awaitSingle}): requests two items, and is ready once
     * the Flowable completes after exactly one item. Fails with
     * {@link java.util.NoSuchElementException} if it completes empty, and with
     * {@link IllegalArgumentException} as soon as a second item arrives (the Flowable is then
     * cancelled). Not cancel-safe.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return a lazy future of the only item
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> PollFuture<T> single(Flowable<? extends T> flowable) {
        return OneItem.of(flowable, Which.SINGLE, true, null);
    }

    /**
     * Like {@link #single(Flowable)}, but an empty Flowable gives {@code null}; a second item still
     * fails with {@link IllegalArgumentException}.
     *
     * @param <T> the item type
     * @param flowable the Flowable
     * @return a lazy future of the only item, or of {@code null}
     * @throws NullPointerException if {@code flowable} is null
     */
    public static <T> PollFuture<T> singleOrNull(Flowable<? extends T> flowable) {
        return OneItem.of(flowable, Which.SINGLE, false, null);
    }

    /**
     * The first item of {@code observable} (kotlinx-coroutines-rx3's {@code awaitFirst}): subscribes on
     * the first poll and disposes the Observable inside the {@code onNext} of its first item (RxJava's
     * {@code take(1)}), so a synchronous or endless Observable stops there. Fails with
     * {@link java.util.NoSuchElementException} if the Observable completes empty and with its error if it
     * fails first. Not cancel-safe: closing the future cancels the Observable and drops what arrived.
     * An error after that goes to {@code RxJavaPlugins.onError} (not the cancellation itself).
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return a lazy future of the first item
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> PollFuture<T> first(Observable<? extends T> observable) {
        return OneItem.of(observable, Which.FIRST, true, null);
    }

    /**
     * Like {@link #first(Observable)}, but an empty Observable gives {@code null} ({@code awaitFirstOrNull}).
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return a lazy future of the first item, or of {@code null}
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> PollFuture<T> firstOrNull(Observable<? extends T> observable) {
        return OneItem.of(observable, Which.FIRST, false, null);
    }

    /**
     * Like {@link #first(Observable)}, but an empty Observable gives {@code defaultValue}
     * ({@code awaitFirstOrDefault}; for {@code awaitFirstOrElse}, map the result of
     * {@link #firstOrNull(Observable)}).
     *
     * @param <T> the item type
     * @param observable the Observable
     * @param defaultValue the value if the Observable completes empty; may be {@code null}
     * @return a lazy future of the first item, or of {@code defaultValue}
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> PollFuture<T> firstOrDefault(Observable<? extends T> observable, T defaultValue) {
        return OneItem.of(observable, Which.FIRST, false, defaultValue);
    }

    /**
     * The last item of {@code observable} ({@code awaitLast}): reads it to its end (keeping only the latest item while it waits for the poller)
     * and is ready with the item before {@code onComplete}, taking at most 128 items per poll.
     * Fails with {@link java.util.NoSuchElementException} if it completes empty and with its error
     * if it fails. Items passed over that are {@link AutoCloseable} are closed. Not cancel-safe.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return a lazy future of the last item
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> PollFuture<T> last(Observable<? extends T> observable) {
        return OneItem.of(observable, Which.LAST, true, null);
    }

    /**
     * Like {@link #last(Observable)}, but an empty Observable gives {@code null}.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return a lazy future of the last item, or of {@code null}
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> PollFuture<T> lastOrNull(Observable<? extends T> observable) {
        return OneItem.of(observable, Which.LAST, false, null);
    }

    /**
     * The only item of {@code observable} ({@code awaitSingle}): is ready once the Observable
     * completes after exactly one item. Fails with {@link java.util.NoSuchElementException} if it
     * completes empty, and with {@link IllegalArgumentException} as soon as a second item arrives:
     * the Observable is disposed inside the {@code onNext} of that item (RxJava's {@code take(2)}),
     * so a synchronous or endless Observable stops there. Not cancel-safe.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return a lazy future of the only item
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> PollFuture<T> single(Observable<? extends T> observable) {
        return OneItem.of(observable, Which.SINGLE, true, null);
    }

    /**
     * Like {@link #single(Observable)}, but an empty Observable gives {@code null}; a second item still
     * fails with {@link IllegalArgumentException}.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return a lazy future of the only item, or of {@code null}
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> PollFuture<T> singleOrNull(Observable<? extends T> observable) {
        return OneItem.of(observable, Which.SINGLE, false, null);
    }

    // ---- PollFuture -> Single / Maybe / Completable -------------------------------------------------

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
     * {@link #toMaybe(Supplier, PollRuntime)} for such futures). Signals arrive on a runtime worker.
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
     * {@code future.to(RxJavaBridge::toSingle)} reads as RxJava's {@code single.to(...)}.
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
        return SingleFromFuture.of(once(future, "a Single", "toSingle"), runtime);
    }

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
     * cancellation, threads and cancel safety as {@link #toSingle(Supplier, PollRuntime)}.
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
     * {@link #toSingle(JoinHandle, PollRuntime)}.
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
     * {@link #toSingle(SharedFuture, PollRuntime)}, but a {@code null} value completes empty.
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
     * {@code future.to(RxJavaBridge::toMaybe)} reads as RxJava's {@code maybe.to(...)}.
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
     * {@link #toSingle(PollFuture, PollRuntime)}; a second subscription fails with an
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
        return MaybeFromFuture.of(once(future, "a Maybe", "toMaybe"), runtime);
    }

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
     * {@link SharedFuture}, such as {@code shared::share}: other clones hand out the same value),
     * a failure {@code onError} with the same instance.
     * Subscription, cancellation and threads as {@link #toSingle(Supplier, PollRuntime)}.
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
     * Adopts a running task as a Completable of its end. One subscription only;
     * {@code dispose()} detaches the task, as {@link #toSingle(JoinHandle, PollRuntime)}.
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
     * {@code future.to(RxJavaBridge::toCompletable)} reads as RxJava's {@code completable.to(...)}.
     *
     * @param future the future; the Completable's one subscription takes it over
     * @return a Completable of the future's end, subscribable once
     */
    public static Completable toCompletable(PollFuture<?> future) {
        return toCompletable(future, PollRuntime.shared());
    }

    /**
     * A Completable of this one future's end (its value ignored, and closed if it is
     * {@link AutoCloseable}): single use, as {@link #toSingle(PollFuture, PollRuntime)}; a second
     * subscription fails with an {@link IllegalStateException} that names the fix,
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
        return CompletableFromFuture.of(once(future, "a Completable", "toCompletable"), runtime);
    }

    /** The factory of a source of one future or stream: single use; the refusal names the supplier form. */
    private static <S extends AutoCloseable> Supplier<S> once(S source, String publisher, String method) {
        String kind = source instanceof PollStream ? "Stream" : "Future";
        return SingleUse.once(source, publisher + " of one Poll" + kind + " (RxJavaBridge." + method + "("
                + kind.toLowerCase(Locale.ROOT) + "))", "RxJavaBridge." + method + "(() -> buildThe" + kind + "())");
    }

    // ---- PollStream -> Flowable / Observable --------------------------------------------------------

    /**
     * {@link #toFlowable(Supplier, PollRuntime)} on {@link PollRuntime#shared()}.
     *
     * @param <T> the item type
     * @param streamFactory makes the stream of each subscription; called on the subscribing thread
     * @return a cold Flowable
     */
    public static <T> Flowable<T> toFlowable(Supplier<? extends PollStream<? extends T>> streamFactory) {
        return toFlowable(streamFactory, PollRuntime.shared());
    }

    /**
     * A cold Flowable whose every subscription calls {@code streamFactory} (on the subscribing
     * thread) and spawns a task on {@code runtime} that polls the new stream <em>at most one
     * item ahead of the subscriber's demand</em> (backpressure is "nobody polled"), on the
     * generic {@link ReactiveStreamsBridge#toPublisher} engine. Items are {@code onNext}, the end
     * {@code onComplete}, a failure {@code onError} with the same instance; the end goes out
     * without waiting for demand (an empty stream completes a subscriber that never requested). Signals arrive on a
     * runtime worker. {@code request(n <= 0)} ends the subscription with
     * {@code onError(IllegalArgumentException)} (rule 3.9). Passes the Reactive Streams TCK.
     *
     * <p><b>Cancellation:</b> {@code Subscription.cancel()} aborts the task: the runtime closes
     * the stream exactly once at the task's next suspension point, and nothing is signalled after
     * (a failure the stream produced meanwhile goes to {@code RxJavaPlugins.onError}). A runtime
     * closed under a live subscription ends it with {@code onError(CancellationException)}; a
     * closed runtime fails new subscriptions with {@code RejectedExecutionException}. A factory that
     * throws or returns {@code null} fails that subscription.
     *
     * <p><b>Cancel safety:</b> items are pulled at most one ahead of demand, so a cancel loses
     * at most that one pulled item (dropped, and closed if it is {@link AutoCloseable}); the
     * stream's own cancel safety covers the rest.
     *
     * @param <T> the item type
     * @param streamFactory makes the stream of each subscription; called on the subscribing thread
     * @param runtime runs the task of each subscription
     * @return a cold Flowable
     * @throws NullPointerException if an argument is null
     */
    public static <T> Flowable<T> toFlowable(Supplier<? extends PollStream<? extends T>> streamFactory, PollRuntime runtime) {
        return FlowableFromStream.of(streamFactory, runtime);
    }

    /**
     * {@link #toObservable(Supplier, PollRuntime)} on {@link PollRuntime#shared()}.
     *
     * @param <T> the item type
     * @param streamFactory makes the stream of each subscription; called on the subscribing thread
     * @return a cold Observable
     */
    public static <T> Observable<T> toObservable(Supplier<? extends PollStream<? extends T>> streamFactory) {
        return toObservable(streamFactory, PollRuntime.shared());
    }

    /**
     * A cold Observable whose every subscription calls {@code streamFactory} and spawns a task on
     * {@code runtime} that polls the new stream as fast as the observer takes the items (an
     * Observable has no demand): one poll per item, each item pushed as soon as it is polled, at
     * most 128 per poll before the task yields its worker. Items are {@code onNext}, the end
     * {@code onComplete}, a failure {@code onError} with the same instance. Signals arrive on a
     * runtime worker, serially.
     *
     * <p><b>Cancellation:</b> {@code dispose()} aborts the task: the runtime closes the stream
     * exactly once at the task's next suspension point, and nothing is signalled after (a failure
     * produced meanwhile goes to {@code RxJavaPlugins.onError}). PollRuntime shutdown, a closed
     * runtime and a failing factory as {@link #toFlowable(Supplier, PollRuntime)}.
     *
     * <p><b>Cancel safety:</b> items are pulled one at a time and pushed at once, so a dispose
     * loses no pulled item.
     *
     * @param <T> the item type
     * @param streamFactory makes the stream of each subscription; called on the subscribing thread
     * @param runtime runs the task of each subscription
     * @return a cold Observable
     * @throws NullPointerException if an argument is null
     */
    public static <T> Observable<T> toObservable(Supplier<? extends PollStream<? extends T>> streamFactory, PollRuntime runtime) {
        return ObservableFromStream.of(streamFactory, runtime);
    }

    /**
     * {@link #toFlowable(PollStream, PollRuntime)} on {@link PollRuntime#shared()}: so that
     * {@code stream.to(RxJavaBridge::toFlowable)} reads as RxJava's {@code flowable.to(...)}.
     *
     * @param <T> the item type
     * @param stream the stream; the Flowable's one subscription takes it over
     * @return a Flowable of the stream's items, subscribable once
     */
    public static <T> Flowable<T> toFlowable(PollStream<T> stream) {
        return toFlowable(stream, PollRuntime.shared());
    }

    /**
     * A Flowable of this one stream: {@link #toFlowable(Supplier, PollRuntime)} with a supplier that
     * hands out {@code stream} to the first subscription, whose task then owns it.
     * <b>Single use:</b> a second subscription fails with an {@link IllegalStateException} that
     * names the fix, {@code toFlowable(() -> buildTheStream())}, a supplier that builds a new
     * stream per subscription. A Flowable that is never subscribed never polls or closes the
     * stream.
     *
     * @param <T> the item type
     * @param stream the stream; the Flowable's one subscription takes it over
     * @param runtime runs the subscription's task
     * @return a Flowable of the stream's items, subscribable once
     * @throws NullPointerException if an argument is null
     */
    public static <T> Flowable<T> toFlowable(PollStream<T> stream, PollRuntime runtime) {
        Objects.requireNonNull(stream, "stream");
        return FlowableFromStream.of(once(stream, "a Flowable", "toFlowable"), runtime);
    }

    /**
     * {@link #toObservable(PollStream, PollRuntime)} on {@link PollRuntime#shared()}: so that
     * {@code stream.to(RxJavaBridge::toObservable)} reads as RxJava's {@code observable.to(...)}.
     *
     * @param <T> the item type
     * @param stream the stream; the Observable's one subscription takes it over
     * @return an Observable of the stream's items, subscribable once
     */
    public static <T> Observable<T> toObservable(PollStream<T> stream) {
        return toObservable(stream, PollRuntime.shared());
    }

    /**
     * An Observable of this one stream: single use, as {@link #toFlowable(PollStream, PollRuntime)};
     * a second subscription fails with an {@link IllegalStateException} that names the fix,
     * {@code toObservable(() -> buildTheStream())}.
     *
     * @param <T> the item type
     * @param stream the stream; the Observable's one subscription takes it over
     * @param runtime runs the subscription's task
     * @return an Observable of the stream's items, subscribable once
     * @throws NullPointerException if an argument is null
     */
    public static <T> Observable<T> toObservable(PollStream<T> stream, PollRuntime runtime) {
        Objects.requireNonNull(stream, "stream");
        return ObservableFromStream.of(once(stream, "an Observable", "toObservable"), runtime);
    }

    // ---- Async builders and awaits -------------------------------------------------------------------

    /**
     * {@link #single(AsyncBody, PollRuntime)} on {@link PollRuntime#shared()}: kotlinx's {@code rxSingle { }}.
     *
     * @param <T> the value type
     * @param body the body, run once per subscription
     * @return a cold Single
     */
    public static <T> Single<T> single(AsyncBody<T> body) {
        return single(body, PollRuntime.shared());
    }

    /**
     * A cold Single whose every subscription runs {@code body} as an {@link Async#run} body on a
     * task of {@code runtime}. Inside the body, {@link #await(Single)} and its overloads suspend
     * the body, not a worker. The body's value is {@code onSuccess}; a {@code null} value fails the
     * Single with a {@link java.util.NoSuchElementException} (empty); what the body throws is
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
    public static <T> Single<T> single(AsyncBody<T> body, PollRuntime runtime) {
        Objects.requireNonNull(body, "body");
        return toSingle(() -> Async.run(body), runtime);
    }

    /**
     * {@link #flowable(AsyncStreamBody, PollRuntime)} on {@link PollRuntime#shared()}: kotlinx's {@code rxFlowable { }}.
     *
     * @param <T> the item type
     * @param body the body, run once per subscription
     * @return a cold Flowable
     */
    public static <T> Flowable<T> flowable(AsyncStreamBody<T> body) {
        return flowable(body, PollRuntime.shared());
    }

    /**
     * A cold Flowable whose every subscription runs {@code body} as an {@link Async#stream} body on
     * a task of {@code runtime}: each {@link dev.pollbridge.runtime.async.AsyncEmitter#emit emit} waits
     * until the item was taken; the bridge takes items at most one ahead of the subscriber's
     * demand, so the body runs at most two items ahead of its subscriber (one held by the bridge,
     * one it is offering), as kotlinx's builder runs one {@code send} ahead. The body returning
     * completes the Flowable, also without demand; what it throws is the error.
     *
     * <p><b>Cancellation:</b> cancelling the subscription (a downstream {@code take(n)}, a
     * {@code timeout}, a disposed subscriber) cancels the body: its pending {@code emit} or
     * {@code await} throws {@link java.util.concurrent.CancellationException}, {@code finally}
     * blocks run, later code does not; an item it was offering, and one the bridge held, are
     * dropped.
     *
     * @param <T> the item type
     * @param body the body, run once per subscription
     * @param runtime runs the task of each subscription
     * @return a cold Flowable
     * @throws NullPointerException if an argument is null
     */
    public static <T> Flowable<T> flowable(AsyncStreamBody<T> body, PollRuntime runtime) {
        Objects.requireNonNull(body, "body");
        return toFlowable(() -> Async.stream(body), runtime);
    }

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
        Objects.requireNonNull(single, "single");
        checkInBody("await(Single)");
        return Async.await(toFuture(single));
    }

    /**
     * Awaits {@code maybe} inside an {@code Async} body: returns its value, {@code null} if it
     * completed empty, or rethrows its error. kotlinx's {@code Maybe.awaitSingleOrNull()}; for
     * {@code awaitSingle()} await {@code maybe.toSingle()} (empty fails with
     * {@code NoSuchElementException}). Same cancel safety as {@link #await(Single)}.
     *
     * @param <T> the value type
     * @param maybe the Maybe
     * @return the value ({@code null} for an empty Maybe)
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code maybe} is null
     */
    public static <T> T await(Maybe<? extends T> maybe) {
        Objects.requireNonNull(maybe, "maybe");
        checkInBody("await(Maybe)");
        return Async.await(toFuture(maybe));
    }

    /**
     * Awaits {@code completable} inside an {@code Async} body: returns when it completes, or
     * rethrows its error. kotlinx's {@code Completable.await()}. Same cancel safety as
     * {@link #await(Single)}.
     *
     * @param completable the Completable
     * @throws IllegalStateException if called outside an {@code Async} body
     * @throws NullPointerException if {@code completable} is null
     */
    public static void await(Completable completable) {
        Objects.requireNonNull(completable, "completable");
        checkInBody("await(Completable)");
        Async.await(toFuture(completable));
    }

    private static void checkInBody(String method) {
        if (!Async.inBody()) {
            throw new IllegalStateException("RxJavaBridge." + method + " only works inside an Async body "
                    + "(RxJavaBridge.single, RxJavaBridge.flowable, Async.run); elsewhere use toFuture with "
                    + "PollRuntime.blockOn or a task");
        }
    }

    // ---- Scheduler -------------------------------------------------------------------------------------

    /**
     * A new RxJava {@link Scheduler} whose tasks run as tasks of {@code runtime}, so that
     * {@code observeOn(scheduler)}, {@code subscribeOn(scheduler)} and time operators
     * ({@code interval}, {@code timer}, {@code delay}, {@code timeout} with this scheduler) run on
     * the runtime's workers and timers.
     *
     * <ul>
     *   <li>{@code scheduleDirect(run)} spawns one task; with a delay it waits on the runtime's
     *       timer first (its timing wheel, so a runtime on a {@code VirtualClock} runs it when the
     *       clock gets there); {@code schedulePeriodicallyDirect} runs on the grid of a runtime
     *       interval (1 ms resolution; a run that overruns its period makes the missed ticks be
     *       skipped, where RxJava's own schedulers catch up); a period of zero or less runs back to
     *       back, yielding in between.
     *   <li>{@code createWorker()} gives a worker that runs its tasks one at a time, in order.
     *   <li>The returned {@code Disposable} aborts its task: a task not yet run never runs; a
     *       running one completes (tasks are cancelled between polls).
     *   <li>A runnable that throws goes to {@code RxJavaPlugins.onError}; a periodic one then
     *       stops. Runnables are decorated with {@code RxJavaPlugins.onSchedule}.
     *   <li>{@code shutdown()} disposes all pending tasks and workers and makes later schedule
     *       calls do nothing (they return {@code Disposable.disposed()}) until {@code start()};
     *       it does not close the runtime. A closed runtime makes schedule calls report its
     *       {@code RejectedExecutionException} to {@code RxJavaPlugins.onError}.
     *   <li>{@code now(unit)} is the wall clock on a runtime with the system clock, and the
     *       runtime's clock otherwise.
     * </ul>
     * Runnables run inside a poll on a worker thread: keep them non-blocking and send blocking
     * work to {@code Schedulers.io()}.
     *
     * @param runtime the runtime whose workers and timers run the scheduled tasks
     * @return a new Scheduler on {@code runtime}
     * @throws NullPointerException if {@code runtime} is null
     */
    public static Scheduler scheduler(PollRuntime runtime) {
        return new RuntimeScheduler(runtime);
    }
}
