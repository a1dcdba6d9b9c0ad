package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.bridge.engine.ItemFromStream.Which;
import io.reactivex.rxjava3.core.Observable;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * RxJava 3's {@link Observable} and Pollbridge, both directions: an Observable as a lazy
 * {@link PollStream} with a bound of the caller's choice ({@link #toPollStream}, see
 * {@link ObservableOverflow}: an Observable has no backpressure); one of its items as a lazy
 * {@link PollFuture} ({@link #firstItem}, {@link #lastItem}, {@link #singleItem} and their
 * {@code OrNull} and {@code OrDefault} forms) or awaited inside an {@code Async} body
 * ({@link #awaitFirst}, {@link #awaitLast}, {@link #awaitSingle} and their forms,
 * kotlinx-coroutines-rx3's names); a stream as a cold Observable ({@link #toObservable}).
 * Threads, and the errors nobody can take, as {@link RxJavaBridge} says for the whole adapter; see
 * {@code docs/rxjava.md} for the naming scheme and the table of conversions.
 */
public final class ObservableBridge {

    static {
        NonBlockingWorkers.register();
    }

    private ObservableBridge() {}

    // ---- Observable -> PollStream (into the pull model) ----------------------------------------------

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
    public static <T> PollStream<T> toPollStream(Observable<? extends T> observable, ObservableOverflow overflow) {
        return new StreamFromObservable<>(observable, overflow);
    }

    // ---- one item of a Observable, as a future -------------------------------------------------------

    /**
     * The first item of {@code observable} (the future form of {@link #awaitFirst}): subscribes on
     * the first poll and disposes the Observable inside the {@code onNext} of its first item
     * (RxJava's {@code take(1)}), so a synchronous or endless Observable stops there. Fails with
     * {@link java.util.NoSuchElementException} if the Observable completes empty and with its error
     * if it fails first. Not cancel-safe: closing the future cancels the Observable and drops what
     * arrived. An error after that goes to {@code RxJavaPlugins.onError} (not the cancellation
     * itself).
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return a lazy future of the first item
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> PollFuture<T> firstItem(Observable<? extends T> observable) {
        return OneItem.of(observable, Which.FIRST, true, null);
    }

    /**
     * Like {@link #firstItem(Observable)}, but an empty Observable gives {@code null} (the future
     * form of {@link #awaitFirstOrNull}).
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return a lazy future of the first item, or of {@code null}
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> PollFuture<T> firstItemOrNull(Observable<? extends T> observable) {
        return OneItem.of(observable, Which.FIRST, false, null);
    }

    /**
     * Like {@link #firstItem(Observable)}, but an empty Observable gives {@code defaultValue} (the
     * future form of {@link #awaitFirstOrDefault}; for kotlinx's {@code awaitFirstOrElse}, map the
     * result of {@link #firstItemOrNull(Observable)}).
     *
     * @param <T> the item type
     * @param observable the Observable
     * @param defaultValue the value if the Observable completes empty; may be {@code null}
     * @return a lazy future of the first item, or of {@code defaultValue}
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> PollFuture<T> firstItemOrDefault(Observable<? extends T> observable, T defaultValue) {
        return OneItem.of(observable, Which.FIRST, false, defaultValue);
    }

    /**
     * The last item of {@code observable} (the future form of {@link #awaitLast}): reads it to its
     * end (keeping only the latest item while it waits for the poller) and is ready with the item
     * before {@code onComplete}, taking at most 128 items per poll. Fails with
     * {@link java.util.NoSuchElementException} if it completes empty and with its error if it
     * fails. Items passed over that are {@link AutoCloseable} are closed. Not cancel-safe.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return a lazy future of the last item
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> PollFuture<T> lastItem(Observable<? extends T> observable) {
        return OneItem.of(observable, Which.LAST, true, null);
    }

    /**
     * Like {@link #lastItem(Observable)}, but an empty Observable gives {@code null}.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return a lazy future of the last item, or of {@code null}
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> PollFuture<T> lastItemOrNull(Observable<? extends T> observable) {
        return OneItem.of(observable, Which.LAST, false, null);
    }

    /**
     * The only item of {@code observable} (the future form of {@link #awaitSingle}): is ready once
     * the Observable completes after exactly one item. Fails with
     * {@link java.util.NoSuchElementException} if it completes empty, and with
     * {@link IllegalArgumentException} as soon as a second item arrives: the Observable is disposed
     * inside the {@code onNext} of that item (RxJava's {@code take(2)}), so a synchronous or
     * endless Observable stops there. Not cancel-safe.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return a lazy future of the only item
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> PollFuture<T> singleItem(Observable<? extends T> observable) {
        return OneItem.of(observable, Which.SINGLE, true, null);
    }

    /**
     * Like {@link #singleItem(Observable)}, but an empty Observable gives {@code null}; a second
     * item still fails with {@link IllegalArgumentException}.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return a lazy future of the only item, or of {@code null}
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> PollFuture<T> singleItemOrNull(Observable<? extends T> observable) {
        return OneItem.of(observable, Which.SINGLE, false, null);
    }

    // ---- await one item inside an Async body (kotlinx-coroutines-rx3's names) ----------------------

    /**
     * Awaits the first item of {@code observable} inside an {@code Async} body and returns the
     * first item: kotlinx-coroutines-rx3's {@code awaitFirst}, the same as
     * {@code Async.await(firstItem(observable))} ({@link #firstItem(Observable)} says how the
     * source is read and when it is stopped). Fails with {@link java.util.NoSuchElementException}
     * if the Observable completes empty. Errors are rethrown as the same instance (undeclared if
     * checked).
     *
     * <p>Threads: suspends the body, not a worker. The source is subscribed when the body awaits,
     * RxJava signals on its own threads, and the body resumes once the item or the end arrived.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while it waits, the Observable is disposed,
     * the items that had arrived are dropped (closed if {@link AutoCloseable}), and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return the first item
     * @throws IllegalStateException if called outside an {@code Async} body (nothing is subscribed)
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> T awaitFirst(Observable<? extends T> observable) {
        return Awaits.await(firstItem(observable), "ObservableBridge.awaitFirst(Observable)", "ObservableBridge.firstItem");
    }

    /**
     * Awaits the first item of {@code observable} inside an {@code Async} body and returns the
     * first item, or {@code null} for an empty Observable: kotlinx-coroutines-rx3's
     * {@code awaitFirstOrNull}, the same as {@code Async.await(firstItemOrNull(observable))}
     * ({@link #firstItemOrNull(Observable)} says how the source is read and when it is stopped).
     * Errors are rethrown as the same instance (undeclared if checked).
     *
     * <p>Threads: suspends the body, not a worker. The source is subscribed when the body awaits,
     * RxJava signals on its own threads, and the body resumes once the item or the end arrived.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while it waits, the Observable is disposed,
     * the items that had arrived are dropped (closed if {@link AutoCloseable}), and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return the first item, or {@code null} for an empty Observable
     * @throws IllegalStateException if called outside an {@code Async} body (nothing is subscribed)
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> T awaitFirstOrNull(Observable<? extends T> observable) {
        return Awaits.await(firstItemOrNull(observable), "ObservableBridge.awaitFirstOrNull(Observable)", "ObservableBridge.firstItemOrNull");
    }

    /**
     * Awaits the first item of {@code observable} inside an {@code Async} body and returns the
     * first item, or {@code defaultValue} for an empty Observable: kotlinx-coroutines-rx3's
     * {@code awaitFirstOrDefault}, the same as
     * {@code Async.await(firstItemOrDefault(observable, defaultValue))}
     * ({@link #firstItemOrDefault(Observable, Object)} says how the source is read and when it is
     * stopped). Errors are rethrown as the same instance (undeclared if checked).
     *
     * <p>Threads: suspends the body, not a worker. The source is subscribed when the body awaits,
     * RxJava signals on its own threads, and the body resumes once the item or the end arrived.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while it waits, the Observable is disposed,
     * the items that had arrived are dropped (closed if {@link AutoCloseable}), and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @param defaultValue the value if the Observable completes empty; may be {@code null}
     * @return the first item, or {@code defaultValue} for an empty Observable
     * @throws IllegalStateException if called outside an {@code Async} body (nothing is subscribed)
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> T awaitFirstOrDefault(Observable<? extends T> observable, T defaultValue) {
        return Awaits.await(firstItemOrDefault(observable, defaultValue), "ObservableBridge.awaitFirstOrDefault(Observable)", "ObservableBridge.firstItemOrDefault");
    }

    /**
     * Awaits the last item of {@code observable} inside an {@code Async} body and returns the last
     * item: kotlinx-coroutines-rx3's {@code awaitLast}, the same as
     * {@code Async.await(lastItem(observable))} ({@link #lastItem(Observable)} says how the source
     * is read and when it is stopped). Fails with {@link java.util.NoSuchElementException} if the
     * Observable completes empty. Errors are rethrown as the same instance (undeclared if checked).
     *
     * <p>Threads: suspends the body, not a worker. The source is subscribed when the body awaits,
     * RxJava signals on its own threads, and the body resumes once the item or the end arrived.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while it waits, the Observable is disposed,
     * the items that had arrived are dropped (closed if {@link AutoCloseable}), and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return the last item
     * @throws IllegalStateException if called outside an {@code Async} body (nothing is subscribed)
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> T awaitLast(Observable<? extends T> observable) {
        return Awaits.await(lastItem(observable), "ObservableBridge.awaitLast(Observable)", "ObservableBridge.lastItem");
    }

    /**
     * Awaits the last item of {@code observable} inside an {@code Async} body and returns the last
     * item, or {@code null} for an empty Observable: kotlinx-coroutines-rx3's
     * {@code awaitLastOrNull}, the same as {@code Async.await(lastItemOrNull(observable))}
     * ({@link #lastItemOrNull(Observable)} says how the source is read and when it is stopped).
     * Errors are rethrown as the same instance (undeclared if checked).
     *
     * <p>Threads: suspends the body, not a worker. The source is subscribed when the body awaits,
     * RxJava signals on its own threads, and the body resumes once the item or the end arrived.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while it waits, the Observable is disposed,
     * the items that had arrived are dropped (closed if {@link AutoCloseable}), and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return the last item, or {@code null} for an empty Observable
     * @throws IllegalStateException if called outside an {@code Async} body (nothing is subscribed)
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> T awaitLastOrNull(Observable<? extends T> observable) {
        return Awaits.await(lastItemOrNull(observable), "ObservableBridge.awaitLastOrNull(Observable)", "ObservableBridge.lastItemOrNull");
    }

    /**
     * Awaits the only item of {@code observable} inside an {@code Async} body and returns the only
     * item: kotlinx-coroutines-rx3's {@code awaitSingle}, the same as
     * {@code Async.await(singleItem(observable))} ({@link #singleItem(Observable)} says how the
     * source is read and when it is stopped). Fails with {@link java.util.NoSuchElementException}
     * if the Observable completes empty, and with {@link IllegalArgumentException} at a second
     * item. Errors are rethrown as the same instance (undeclared if checked).
     *
     * <p>Threads: suspends the body, not a worker. The source is subscribed when the body awaits,
     * RxJava signals on its own threads, and the body resumes once the item or the end arrived.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while it waits, the Observable is disposed,
     * the items that had arrived are dropped (closed if {@link AutoCloseable}), and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return the only item
     * @throws IllegalStateException if called outside an {@code Async} body (nothing is subscribed)
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> T awaitSingle(Observable<? extends T> observable) {
        return Awaits.await(singleItem(observable), "ObservableBridge.awaitSingle(Observable)", "ObservableBridge.singleItem");
    }

    /**
     * Awaits the only item of {@code observable} inside an {@code Async} body and returns the only
     * item, or {@code null} for an empty Observable: kotlinx-coroutines-rx3's
     * {@code awaitSingleOrNull}, the same as {@code Async.await(singleItemOrNull(observable))}
     * ({@link #singleItemOrNull(Observable)} says how the source is read and when it is stopped). A
     * second item still fails with {@link IllegalArgumentException}. Errors are rethrown as the
     * same instance (undeclared if checked).
     *
     * <p>Threads: suspends the body, not a worker. The source is subscribed when the body awaits,
     * RxJava signals on its own threads, and the body resumes once the item or the end arrived.
     *
     * <p><b>Cancel safety:</b> if the body is cancelled while it waits, the Observable is disposed,
     * the items that had arrived are dropped (closed if {@link AutoCloseable}), and this throws
     * {@link java.util.concurrent.CancellationException}.
     *
     * @param <T> the item type
     * @param observable the Observable
     * @return the only item, or {@code null} for an empty Observable
     * @throws IllegalStateException if called outside an {@code Async} body (nothing is subscribed)
     * @throws NullPointerException if {@code observable} is null
     */
    public static <T> T awaitSingleOrNull(Observable<? extends T> observable) {
        return Awaits.await(singleItemOrNull(observable), "ObservableBridge.awaitSingleOrNull(Observable)", "ObservableBridge.singleItemOrNull");
    }

    // ---- PollStream -> Observable (out of the pull model) --------------------------------------------

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
     * runtime and a failing factory as {@link FlowableBridge#toFlowable(Supplier, PollRuntime)}.
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
     * {@link #toObservable(PollStream, PollRuntime)} on {@link PollRuntime#shared()}: so that
     * {@code stream.to(ObservableBridge::toObservable)} reads as RxJava's
     * {@code observable.to(...)}.
     *
     * @param <T> the item type
     * @param stream the stream; the Observable's one subscription takes it over
     * @return an Observable of the stream's items, subscribable once
     */
    public static <T> Observable<T> toObservable(PollStream<T> stream) {
        return toObservable(stream, PollRuntime.shared());
    }

    /**
     * An Observable of this one stream: single use, as
     * {@link FlowableBridge#toFlowable(PollStream, PollRuntime)}; a second subscription fails with
     * an {@link IllegalStateException} that names the fix,
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
        return ObservableFromStream.of(Subscriptions.once(stream, "an Observable", "ObservableBridge.toObservable"), runtime);
    }
}
