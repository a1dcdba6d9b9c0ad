package dev.pollbridge.api;

import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collector;

/**
 * A sequence of items that arrive over time, pulled one at a time by
 * {@link #pollNext(Context)}; the stream counterpart of {@link PollFuture}.
 *
 * <h2>Return value of {@code pollNext}</h2>
 * <ul>
 *   <li>{@code ready(item)}: the next item; never {@code null} (as in Reactive Streams). A
 *       stream that yields {@code ready(null)} is broken, and every consumer in this library
 *       fails with {@link NullPointerException} when it sees one.
 *   <li>{@code pending}: no item yet; the waker of {@code cx} is registered (rule 5).
 *   <li>{@code done}: the stream ended normally. Final.
 *   <li>{@code failed(error)}: the stream failed. Final.
 * </ul>
 * After {@code done} or {@code failed}, polling again throws {@link IllegalStateException}.
 * Every rule of {@link PollFuture} about blocking, wakers, wake-ups and happens-before applies
 * to each call of {@code pollNext}.
 *
 * <h2>Backpressure and ownership</h2>
 * Backpressure is "nobody polled": a stream produces at most as fast as it is polled, and
 * nothing in this library buffers without bound. The owner of a stream closes it exactly once
 * when it stops polling (rule 11); closing an unfinished stream cancels its source.
 *
 * @param <T> the item type
 */
public interface PollStream<T> extends AutoCloseable {

    /**
     * Polls for the next item.
     *
     * @param cx the poller's context; its waker must be registered before returning
     *     {@code pending}
     * @return {@code ready(item)}, {@code pending}, {@code done} or {@code failed(error)}
     * @throws IllegalStateException if called after {@code done} or {@code failed}
     */
    Poll<T> pollNext(Context cx);

    /**
     * Drops this stream: idempotent, non-blocking, never throws. Closing before the end cancels
     * the source (a subscription, a producer task, child streams).
     */
    @Override
    default void close() {}

    /**
     * {@link Streams#map}: each item transformed. Takes ownership of this stream. Cancel-safe when this stream is.
     *
     * @param <R> the type of the mapped items
     * @param mapper turns each item into a non-null result; runs on the thread that polls
     * @return a stream of the mapped items, owning this stream
     */
    default <R> PollStream<R> map(Function<? super T, ? extends R> mapper) {
        return Streams.map(this, mapper);
    }

    /**
     * {@link Streams#filter}: only accepted items. Takes ownership of this stream. Cancel-safe when this stream is.
     *
     * @param predicate keeps the items it accepts; runs on the thread that polls
     * @return a stream of the accepted items, owning this stream
     */
    default PollStream<T> filter(Predicate<? super T> predicate) {
        return Streams.filter(this, predicate);
    }

    /**
     * {@link Streams#take}: the first {@code n} items; this stream is closed as soon as the n-th
     * was taken. Takes ownership of this stream. Cancel-safe when this stream is.
     *
     * @param n how many items to take; zero ends the stream at once
     * @return a stream of at most {@code n} items, owning this stream
     * @throws IllegalArgumentException if {@code n} is negative
     */
    default PollStream<T> take(long n) {
        return Streams.take(this, n);
    }

    /**
     * {@link Streams#scan}: {@code initial}, then the accumulator after each item. Takes ownership
     * of this stream. Cancel-safe when this stream is.
     *
     * @param <R> the accumulator type
     * @param initial the first item; not null
     * @param step combines the accumulator with the next item; runs on the thread that polls
     * @return a stream of the accumulators, owning this stream
     */
    default <R> PollStream<R> scan(R initial, BiFunction<? super R, ? super T, ? extends R> step) {
        return Streams.scan(this, initial, step);
    }

    /**
     * {@link Streams#distinctUntilChanged}: without items equal to the one before. Takes ownership
     * of this stream. Cancel-safe when this stream is.
     *
     * @return a stream without consecutive duplicates, owning this stream
     */
    default PollStream<T> distinctUntilChanged() {
        return Streams.distinctUntilChanged(this);
    }

    /**
     * {@link Streams#chunks}: the items in lists of {@code size}. Takes ownership of this stream.
     * Not cancel-safe (closing drops a partial chunk).
     *
     * @param size the items per chunk, at least 1
     * @return a stream of chunks, owning this stream
     */
    default PollStream<List<T>> chunks(int size) {
        return Streams.chunks(this, size);
    }

    /**
     * {@link Streams#zip}: this stream's items paired with {@code other}'s. Takes ownership of both.
     *
     * @param <U> the item type of {@code other}
     * @param <R> the type of the combined items
     * @param other the second input
     * @param combiner combines two items into a non-null result; runs on the thread that polls
     * @return a stream of the combined pairs, owning both streams
     */
    default <U, R> PollStream<R> zip(PollStream<? extends U> other, BiFunction<? super T, ? super U, ? extends R> combiner) {
        return Streams.zip(this, other, combiner);
    }

    /**
     * {@link Streams#mapAsync}: each item mapped to a future, up to {@code concurrency} running at
     * once, values in completion order (kotlinx's {@code flatMapMerge}). Takes ownership of this
     * stream. Cancel-safe when this stream is.
     *
     * @param <R> the value type of the futures
     * @param concurrency how many futures may run at once, at least 1
     * @param mapper turns an item into a future; runs on the thread that polls
     * @return a stream of the futures' values, owning this stream
     */
    default <R> PollStream<R> mapAsync(int concurrency, Function<? super T, ? extends PollFuture<? extends R>> mapper) {
        return Streams.mapAsync(this, concurrency, mapper);
    }

    /**
     * {@link Streams#fold}: all items folded into one value. Takes ownership of this stream. Not cancel-safe.
     *
     * @param <R> the type of the folded value
     * @param initial the value before the first item
     * @param step combines the value so far with the next item; runs on the thread that polls
     * @return a future of the value after the last item
     */
    default <R> PollFuture<R> fold(R initial, BiFunction<R, ? super T, R> step) {
        return Streams.fold(this, initial, step);
    }

    /**
     * {@link Streams#collect}: all items collected. Takes ownership of this stream. Not cancel-safe.
     *
     * @param <A> the collector's mutable accumulation type
     * @param <R> the collector's result type
     * @param collector accumulates the items; runs on the thread that polls
     * @return a future of the collector's result after the last item
     */
    default <A, R> PollFuture<R> collect(Collector<? super T, A, R> collector) {
        return Streams.collect(this, collector);
    }

    /**
     * {@link Streams#next}: the first item or {@code null} if empty; this stream is closed once the
     * item arrived. Takes ownership of this stream. Cancel-safe when this stream is.
     *
     * @return a future of the first item, or of {@code null} if the stream ended empty
     */
    default PollFuture<T> next() {
        return Streams.next(this);
    }

    /**
     * {@link Streams#forEach}: {@code action} for every item. Takes ownership of this stream. Not cancel-safe.
     *
     * @param action runs for each item, in order, on the thread that polls
     * @return a future that completes ({@code null}) when the stream ends, or fails with its failure
     */
    default PollFuture<Void> forEach(Consumer<? super T> action) {
        return Streams.forEach(this, action);
    }

    /**
     * Applies {@code converter} to this stream and returns what it returns: a fluent conversion
     * (Reactor's {@code Flux.as}, RxJava's {@code Flowable.to}), so that a chain reads left to
     * right: {@code events.filter(Event::isError).to(FluxBridge::toFlux)}. It adds nothing:
     * it is {@code converter.apply(this)}, called at once on the calling thread, and what happens
     * to this stream (who owns it, polls it and closes it; whether it may be used once or many
     * times) is the converter's to say.
     *
     * @param <R> what the converter makes
     * @param converter turns this stream into something else; not {@code null}
     * @return what {@code converter} returned
     * @throws NullPointerException if {@code converter} is null
     */
    default <R> R to(Function<? super PollStream<T>, ? extends R> converter) {
        return Objects.requireNonNull(converter, "converter").apply(this);
    }
}
