package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.bridge.engine.ItemFromStream;
import dev.pollbridge.runtime.bridge.engine.ItemFromStream.Which;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Observable;

/**
 * The one-item futures of {@link FlowableBridge} and {@link ObservableBridge} ({@code firstItem},
 * {@code lastItem}, {@code singleItem} and their {@code OrNull}/{@code OrDefault} forms, and the
 * {@code awaitFirst}... awaits built on them): the engine's {@link ItemFromStream} over the
 * adapter's own streams, reporting to {@code RxJavaPlugins.onError}.
 *
 * <ul>
 *   <li>A {@code Flowable} is read through {@link StreamFromFlowable} with the prefetch the await
 *       asks for: one item for {@code firstItem}, two for {@code singleItem}, 256 at a time for
 *       {@code lastItem}; {@code firstItem} cancels the Flowable inside the first item's
 *       {@code onNext} and {@code singleItem} inside the second's ({@link Which#limit()}), as
 *       {@code firstElement()} does, so a source that ignores backpressure ({@code interval})
 *       cannot overflow before the poller takes the item.
 *   <li>An {@code Observable} has no backpressure, so {@code firstItem} and {@code singleItem} read it
 *       through RxJava's own {@code take(1)} and {@code take(2)}: the Observable is disposed inside
 *       the {@code onNext} of the item the await needs (kotlinx's {@code awaitFirst} disposes
 *       there too), so a synchronous or endless source stops at once instead of running to its
 *       end inside the poll that subscribed. The stream ({@link StreamFromObservable}) buffers
 *       exactly those items ({@code error(n)}: it cannot overflow). {@code lastItem} reads the
 *       Observable to its end keeping only the latest item ({@code latest()}); the items it
 *       passes over are released (closed if {@link AutoCloseable}).
 * </ul>
 */
final class OneItem {

    private OneItem() {}

    static <T> PollFuture<T> of(Flowable<? extends T> flowable, Which which, boolean required, T emptyValue) {
        return item(new StreamFromFlowable<>(flowable, which.prefetch(), which.limit()), which, required, emptyValue);
    }

    static <T> PollFuture<T> of(Observable<? extends T> observable, Which which, boolean required, T emptyValue) {
        PollStream<T> stream;
        switch (which) {
            case FIRST:
            case SINGLE:
                int needed = which.prefetch(); // 1 for first, 2 for single
                stream = new StreamFromObservable<>(observable.take(needed), ObservableOverflow.error(needed));
                break;
            case LAST:
                stream = new StreamFromObservable<>(observable, ObservableOverflow.latest());
                break;
            default:
                throw new AssertionError(which);
        }
        return item(stream, which, required, emptyValue);
    }

    private static <T> PollFuture<T> item(PollStream<T> stream, Which which, boolean required, T emptyValue) {
        return required
                ? ItemFromStream.required(stream, which, Undeliverable.SINK)
                : ItemFromStream.orDefault(stream, which, emptyValue, Undeliverable.SINK);
    }
}
