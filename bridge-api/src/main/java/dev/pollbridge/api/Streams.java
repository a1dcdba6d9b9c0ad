package dev.pollbridge.api;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collector;

/**
 * Builds and composes {@link PollStream}s without threads or timers.
 *
 * <h2>Common rules</h2>
 * <ul>
 *   <li><b>Lazy</b>: building runs nothing and polls no input; {@code null} streams, functions
 *       or items fail at build time with a {@link NullPointerException} naming the argument.
 *   <li><b>Ownership</b>: every combinator owns its inputs. An input is closed as soon as it is
 *       no longer needed (it ended, it failed, {@code take} reached its limit, {@code next} got
 *       its item) and {@code close()} closes every input not closed yet, each exactly once.
 *   <li><b>Null items</b>: an input that yields {@code ready(null)} breaks the stream contract;
 *       every combinator here then fails with a {@link NullPointerException} that says so and
 *       closes its inputs.
 *   <li><b>User functions</b> run on the polling thread inside the poll; one that throws fails
 *       the combinator with that exception and closes its inputs.
 *   <li><b>Backpressure</b> is "nobody polled": nothing here buffers; an item is taken from an
 *       input only when the consumer asks for one.
 *   <li><b>Yielding</b>: consumers that loop over many items in one poll ({@code filter},
 *       {@code fold}, {@code collect}, {@code forEach}) stop after a fixed budget of items, wake
 *       their own waker and return {@code pending}, so an always-ready input cannot hold a
 *       worker (rule 16).
 *   <li><b>Threads</b>: polled by one thread at a time, closed by the owner, like any stream.
 * </ul>
 *
 * <h2>Cancel-safety</h2>
 * Stream combinators are cancel-safe between items: closing one after it returned an item loses
 * nothing already delivered, and no item is taken from an input without being delivered in the
 * same poll. Consumers that fold many items into one value ({@code fold}, {@code collect},
 * {@code forEach}) are not cancel-safe: closing them drops the items consumed so far.
 */
public final class Streams {

    private Streams() {}

    // ---- sources ----

    /**
     * The items of {@code iterable}, one per poll, then done. The iterator is created on the first
     * poll (and again for each stream built from the same iterable). An iterator that throws
     * fails the stream; a {@code null} element fails it with a {@link NullPointerException}.
     * Never pending. Cancel-safe.
     *
     * @param <T> the item type
     * @param iterable the items; its elements must not be null
     * @return a stream of the iterable's items
     */
    public static <T> PollStream<T> fromIterable(Iterable<? extends T> iterable) {
        return new IterableStream<>(Checks.notNull(iterable, "iterable"));
    }

    /**
     * The given items, one per poll, then done. The array is copied at build time. Never
     * pending. Cancel-safe.
     *
     * @param <T> the item type
     * @param items the items, none null
     * @return a stream of the items
     * @throws NullPointerException if the array or an item is null (naming the index)
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, by Checks.elementsNotNull, and never stored
    public static <T> PollStream<T> of(T... items) {
        return new IterableStream<>(Checks.elementsNotNull("items", items));
    }

    /**
     * A stream that is done on its first poll. Cancel-safe.
     *
     * @param <T> the item type
     * @return an empty stream
     */
    public static <T> PollStream<T> empty() {
        return new TerminalStream<>(Poll.done());
    }

    /**
     * A stream that fails with {@code error} on its first poll. Cancel-safe.
     *
     * @param <T> the item type
     * @param error the failure; not {@code null}
     * @return a stream failed with {@code error}
     */
    public static <T> PollStream<T> failed(Throwable error) {
        return new TerminalStream<>(Poll.failed(Checks.notNull(error, "error")));
    }

    // ---- several inputs ----

    /**
     * {@link #concat(List)} over the arguments; cancel-safe when every input is.
     *
     * @param <T> the common item type
     * @param streams the inputs, in order; the result owns them
     * @return a stream of every input's items, input after input
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, by Checks.elementsNotNull, and never stored
    public static <T> PollStream<T> concat(PollStream<? extends T>... streams) {
        return concat(Checks.elementsNotNull("streams", streams));
    }

    /**
     * Every item of the first stream, then of the second, and so on; done after the last. Later
     * streams are not polled before the earlier ones end. Each input is closed when it ends; a
     * failure fails the result and closes the rest. Cancel-safe when every input is.
     *
     * @param <T> the common item type
     * @param streams the inputs, in order; the result owns them
     * @return a stream of every input's items, input after input
     * @throws NullPointerException if the list or any element is null (naming the index)
     */
    public static <T> PollStream<T> concat(List<? extends PollStream<? extends T>> streams) {
        return new ConcatStream<>(Checks.elementsNotNull(streams, "streams"));
    }

    /**
     * {@link #merge(List)} over the arguments; cancel-safe when every input is.
     *
     * @param <T> the common item type
     * @param streams the inputs; the result owns them
     * @return a stream of all inputs' items, interleaved
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read, by Checks.elementsNotNull, and never stored
    public static <T> PollStream<T> merge(PollStream<? extends T>... streams) {
        return merge(Checks.elementsNotNull("streams", streams));
    }

    /**
     * Items from every stream as they arrive, interleaved. Fair: each poll starts asking at the
     * next input in round-robin order, so one always-ready input cannot starve the others. Done
     * when all inputs are done (an empty list is done at once). An input is closed when it
     * ends; a failure fails the merge and closes the rest. Cancel-safe when every input is.
     *
     * @param <T> the common item type
     * @param streams the inputs; the result owns them
     * @return a stream of all inputs' items, interleaved
     * @throws NullPointerException if the list or any element is null (naming the index)
     */
    public static <T> PollStream<T> merge(List<? extends PollStream<? extends T>> streams) {
        return new MergeStream<>(Checks.elementsNotNull(streams, "streams"));
    }

    // ---- one input ----

    /**
     * Each item transformed by {@code mapper}; a {@code null} result fails the stream (items are
     * never null). Cancel-safe when {@code stream} is.
     *
     * @param <T> the item type of {@code stream}
     * @param <R> the type of the mapped items
     * @param stream the input; the result owns it
     * @param mapper turns each item into a non-null result, on the polling thread
     * @return a stream of the mapped items
     */
    public static <T, R> PollStream<R> map(PollStream<? extends T> stream, Function<? super T, ? extends R> mapper) {
        return new MapStream<>(Checks.notNull(stream, "stream"), Checks.notNull(mapper, "mapper"));
    }

    /**
     * Only the items {@code predicate} accepts. Cancel-safe when {@code stream} is.
     *
     * @param <T> the item type
     * @param stream the input; the result owns it
     * @param predicate keeps the items it accepts, on the polling thread
     * @return a stream of the accepted items
     */
    public static <T> PollStream<T> filter(PollStream<? extends T> stream, Predicate<? super T> predicate) {
        return new FilterStream<>(Checks.notNull(stream, "stream"), Checks.notNull(predicate, "predicate"));
    }

    /**
     * The first {@code n} items, then done. Upstream is closed as soon as the n-th item was taken
     * from it; {@code take(0)} is done on its first poll without ever polling upstream (which it
     * closes then). Cancel-safe when {@code stream} is.
     *
     * @param <T> the item type
     * @param stream the input; the result owns it
     * @param n how many items to take, at least zero
     * @return a stream of at most {@code n} items
     * @throws IllegalArgumentException if {@code n} is negative
     */
    public static <T> PollStream<T> take(PollStream<? extends T> stream, long n) {
        Checks.notNull(stream, "stream");
        if (n < 0) {
            throw new IllegalArgumentException("take(n) needs n >= 0, got " + n);
        }
        return new TakeStream<>(stream, n);
    }

    // ---- consumers (stream to future) ----

    /**
     * Folds every item into an accumulator, starting from {@code initial}: ready with the last
     * accumulator when the stream is done (with {@code initial} if it was empty); fails when the
     * stream fails or {@code step} throws. Not cancel-safe: closing drops the partial result.
     *
     * @param <T> the item type
     * @param <R> the accumulator type
     * @param stream the input; the result owns it
     * @param initial the accumulator before the first item
     * @param step combines the accumulator with the next item, on the polling thread
     * @return a future of the last accumulator
     */
    public static <T, R> PollFuture<R> fold(PollStream<? extends T> stream, R initial,
            BiFunction<R, ? super T, R> step) {
        Checks.notNull(stream, "stream");
        Checks.notNull(step, "step");
        return new FoldFuture<T, R, R>(stream, () -> initial, step, Function.identity(), "fold");
    }

    /**
     * Collects every item with a {@link Collector} (its container is created on the first poll,
     * its finisher applied when the stream is done). Not cancel-safe: closing drops the partial
     * container.
     *
     * @param <T> the item type
     * @param <A> the collector's mutable accumulation type
     * @param <R> the collector's result type
     * @param stream the input; the result owns it
     * @param collector accumulates the items, on the polling thread
     * @return a future of the collector's result
     */
    public static <T, A, R> PollFuture<R> collect(PollStream<? extends T> stream,
            Collector<? super T, A, R> collector) {
        Checks.notNull(stream, "stream");
        Checks.notNull(collector, "collector");
        BiConsumer<A, ? super T> accumulator = collector.accumulator();
        return new FoldFuture<T, A, R>(stream, collector.supplier(), (container, item) -> {
            accumulator.accept(container, item);
            return container;
        }, collector.finisher(), "collect");
    }

    /**
     * The first item, or {@code null} if the stream ended without one; a failure before the first
     * item fails it. The stream is closed as soon as the first item arrives (like Reactor's
     * {@code Flux.next()}). Cancel-safe when {@code stream} is: closing before an item arrived
     * takes none.
     *
     * @param <T> the item type
     * @param stream the input; the result owns it
     * @return a future of the first item, or of {@code null} if there was none
     */
    public static <T> PollFuture<T> next(PollStream<? extends T> stream) {
        return new NextFuture<>(Checks.notNull(stream, "stream"));
    }

    /**
     * Calls {@code action} with every item on the polling thread; ready with {@code null} when
     * the stream is done. A throwing action fails it and closes the stream. Not cancel-safe in
     * the sense that the items already handed to the action are consumed.
     *
     * @param <T> the item type
     * @param stream the input; the result owns it
     * @param action runs for each item, in order, on the polling thread
     * @return a future that completes ({@code null}) when the stream is done
     */
    public static <T> PollFuture<Void> forEach(PollStream<? extends T> stream, Consumer<? super T> action) {
        Checks.notNull(stream, "stream");
        Checks.notNull(action, "action");
        return new FoldFuture<T, Void, Void>(stream, () -> null, (nothing, item) -> {
            action.accept(item);
            return null;
        }, Function.identity(), "forEach");
    }
}
