package dev.pollbridge.rxjava3;

import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.bridge.ItemFromStream;
import dev.pollbridge.runtime.internal.bridge.ItemFromStream.Which;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Observable;

/**
 * The one-item awaits of {@link RxJavaBridge} ({@code first}, {@code last}, {@code single} and
 * their {@code OrNull}/{@code OrDefault} forms): the engine's {@link ItemFromStream} over the
 * adapter's own streams, reporting to {@code RxJavaPlugins.onError}.
 *
 * <ul>
 *   <li>A {@code Flowable} is read through {@link StreamFromFlowable} with the prefetch the await
 *       asks for: one item for {@code first}, two for {@code single}, 256 at a time for
 *       {@code last}.
 *   <li>An {@code Observable} has no backpressure; it is read through
 *       {@link StreamFromObservable} with the smallest buffer that keeps what the await needs:
 *       {@code first} keeps the first item ({@code dropNewest(1)}), {@code single} the first two
 *       ({@code dropNewest(2)}: a second item is all it takes to fail), {@code last} the latest
 *       ({@code latest()}). Items it drops are released (closed if {@link AutoCloseable}).
 * </ul>
 */
final class OneItem {

    private OneItem() {}

    static <T> PollFuture<T> of(Flowable<? extends T> flowable, Which which, boolean required, T emptyValue) {
        return item(new StreamFromFlowable<>(flowable, which.prefetch()), which, required, emptyValue);
    }

    static <T> PollFuture<T> of(Observable<? extends T> observable, Which which, boolean required, T emptyValue) {
        ObservableOverflow overflow;
        switch (which) {
            case FIRST:
                overflow = ObservableOverflow.dropNewest(1);
                break;
            case LAST:
                overflow = ObservableOverflow.latest();
                break;
            case SINGLE:
                overflow = ObservableOverflow.dropNewest(2);
                break;
            default:
                throw new AssertionError(which);
        }
        return item(new StreamFromObservable<>(observable, overflow), which, required, emptyValue);
    }

    private static <T> PollFuture<T> item(PollStream<T> stream, Which which, boolean required, T emptyValue) {
        return required
                ? ItemFromStream.required(stream, which, Undeliverable.SINK)
                : ItemFromStream.orDefault(stream, which, emptyValue, Undeliverable.SINK);
    }
}
