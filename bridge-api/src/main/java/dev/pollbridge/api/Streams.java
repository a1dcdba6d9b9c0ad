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
 *   <li><b>Backpressure</b> is "nobody polled": an item is taken from an input only when the
 *       consumer asks for one, and nothing buffers without bound: {@code chunks} holds one
 *       partial chunk, {@code zip} one item waiting for its partner, {@code bufferUnordered},
 *       {@code buffered} and {@code mapAsync} at most their limit of futures.
 *   <li><b>Yielding</b>: operators that loop over many items in one poll ({@code filter},
 *       {@code distinctUntilChanged}, {@code chunks}, {@code fold}, {@code collect},
 *       {@code forEach}) stop after a fixed budget of items, wake
 *       their own waker and return {@code pending}, so an always-ready input cannot hold a
 *       worker (rule 16).
 *   <li><b>Threads</b>: polled by one thread at a time, closed by the owner, like any stream.
 * </ul>
 *
 * <h2>Cancel-safety</h2>
 * Stream combinators are cancel-safe between items: closing one after it returned an item loses
 * nothing already delivered, and no item is taken from an input without being delivered in the
 * same poll. The exceptions hold items across polls and drop them on close (closing each
 * {@link AutoCloseable} one): {@code chunks} (a partial chunk), {@code zip} (an item waiting for
 * its partner) and {@code buffered} (values waiting for their turn). Consumers that fold many
 * items into one value ({@code fold}, {@code collect}, {@code forEach}) are not cancel-safe:
 * closing them drops the items consumed so far.
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

    /**
     * The n-th item of {@code left} and the n-th of {@code right}, combined by {@code combiner};
     * done as soon as either stream ends, and both are then closed (futures-rs's {@code zip},
     * kotlinx's {@code zip}). An item taken from one stream waits for its partner (one at most);
     * if the other stream ends first it is dropped, and closed if it is {@link AutoCloseable}.
     * Not cancel-safe for that waiting item: closing the zip drops it the same way.
     *
     * @param <A> the item type of {@code left}
     * @param <B> the item type of {@code right}
     * @param <R> the type of the combined items
     * @param left the first input; the result owns it
     * @param right the second input; the result owns it
     * @param combiner combines two items into a non-null result, on the polling thread
     * @return a stream of the combined pairs
     */
    public static <A, B, R> PollStream<R> zip(PollStream<? extends A> left, PollStream<? extends B> right,
            BiFunction<? super A, ? super B, ? extends R> combiner) {
        return new ZipStream<>(Checks.notNull(left, "left"), Checks.notNull(right, "right"),
                Checks.notNull(combiner, "combiner"));
    }

    // ---- streams of futures ----

    /**
     * Runs up to {@code limit} of the futures {@code futures} yields at once, inside the polling
     * task, and yields their values as they finish, in completion order (futures-rs's
     * {@code buffer_unordered}; Reactor's {@code flatMap(f, limit)} over futures). Each poll first
     * takes futures from upstream while fewer than {@code limit} run, then polls only the futures
     * that woke (each has a waker of its own, as in {@link FuturesUnordered}). Done when upstream
     * ended and every future finished. A failed future, a failure of upstream, a null future or a
     * null value fails the stream and closes upstream and every running future. Cancel-safe when
     * upstream is: a value is taken from a future only in the poll that returns it; closing closes
     * the running futures.
     *
     * @param <T> the value type of the futures
     * @param futures a stream of futures; the result owns it and every future it yields
     * @param limit how many futures may run at once, at least 1
     * @return a stream of the futures' values, in completion order
     * @throws IllegalArgumentException if {@code limit} is below 1
     */
    public static <T> PollStream<T> bufferUnordered(PollStream<? extends PollFuture<? extends T>> futures, int limit) {
        return BufferedStream.unordered("bufferUnordered", Checks.notNull(futures, "futures"),
                positive(limit, "bufferUnordered(limit)"));
    }

    /**
     * {@link #bufferUnordered}, with the values in the order upstream yielded the futures
     * (futures-rs's {@code buffered}; Reactor's {@code flatMapSequential(f, limit)}, Akka's
     * {@code mapAsync}): a value that finishes early waits for the values before it, and counts
     * against {@code limit} while it waits (as in {@link FuturesOrdered}). Not cancel-safe for
     * those waiting values: closing drops them (each {@link AutoCloseable} one closed).
     *
     * @param <T> the value type of the futures
     * @param futures a stream of futures; the result owns it and every future it yields
     * @param limit how many futures may run (or wait with their value) at once, at least 1
     * @return a stream of the futures' values, in upstream order
     * @throws IllegalArgumentException if {@code limit} is below 1
     */
    public static <T> PollStream<T> buffered(PollStream<? extends PollFuture<? extends T>> futures, int limit) {
        return BufferedStream.ordered("buffered", Checks.notNull(futures, "futures"), positive(limit, "buffered(limit)"));
    }

    /**
     * Maps each item to a future with {@code mapper} and runs up to {@code concurrency} of those
     * futures at once, yielding their values in completion order: {@code bufferUnordered(map(stream,
     * mapper), concurrency)}, what kotlinx calls {@code flatMapMerge(concurrency)} and Reactor
     * {@code flatMap(f, concurrency)}. For values in item order, use {@link #buffered} over
     * {@link #map}. Everything else is as for {@link #bufferUnordered}.
     *
     * @param <T> the item type of {@code stream}
     * @param <R> the value type of the futures
     * @param stream the input; the result owns it
     * @param concurrency how many futures may run at once, at least 1
     * @param mapper turns an item into a non-null future, on the polling thread; the result owns it
     * @return a stream of the futures' values, in completion order
     * @throws IllegalArgumentException if {@code concurrency} is below 1
     */
    public static <T, R> PollStream<R> mapAsync(PollStream<? extends T> stream, int concurrency,
            Function<? super T, ? extends PollFuture<? extends R>> mapper) {
        Checks.notNull(stream, "stream");
        Checks.notNull(mapper, "mapper");
        positive(concurrency, "mapAsync(concurrency)");
        return BufferedStream.unordered("mapAsync", new MapStream<T, PollFuture<? extends R>>(stream, mapper),
                concurrency);
    }

    private static int positive(int value, String what) {
        if (value < 1) {
            throw new IllegalArgumentException(what + " needs a value >= 1, got " + value);
        }
        return value;
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

    /**
     * {@code initial}, then the accumulator after each item: {@code step(initial, first)},
     * {@code step(that, second)}, ... (kotlinx's {@code scan}, Reactor's
     * {@code scan(initial, f)}; what {@link #fold} would return at each step). The initial value
     * is the first item, returned by the first poll without polling upstream. Cancel-safe when
     * {@code stream} is.
     *
     * @param <T> the item type of {@code stream}
     * @param <R> the accumulator type
     * @param stream the input; the result owns it
     * @param initial the first item, and the accumulator before the first input item; not null
     * @param step combines the accumulator with the next item into a non-null one, on the polling thread
     * @return a stream of {@code initial} and every accumulator after it
     */
    public static <T, R> PollStream<R> scan(PollStream<? extends T> stream, R initial,
            BiFunction<? super R, ? super T, ? extends R> step) {
        return new ScanStream<>(Checks.notNull(stream, "stream"), Checks.notNull(initial, "initial"),
                Checks.notNull(step, "step"));
    }

    /**
     * The items, without the ones equal ({@link java.util.Objects#equals}) to the item just
     * before them (kotlinx's {@code distinctUntilChanged}). A run of equal items is skipped in one
     * poll, up to a budget of items before the poll yields. Cancel-safe when {@code stream} is.
     *
     * @param <T> the item type
     * @param stream the input; the result owns it
     * @return a stream without consecutive duplicates
     */
    public static <T> PollStream<T> distinctUntilChanged(PollStream<? extends T> stream) {
        return new DistinctStream<T, T>(Checks.notNull(stream, "stream"), Function.identity());
    }

    /**
     * The items, without the ones whose key equals the key of the item just before them
     * (kotlinx's {@code distinctUntilChangedBy}). Cancel-safe when {@code stream} is.
     *
     * @param <T> the item type
     * @param <K> the key type
     * @param stream the input; the result owns it
     * @param key computes an item's key (may be null), on the polling thread
     * @return a stream without consecutive items of equal key
     */
    public static <T, K> PollStream<T> distinctUntilChangedBy(PollStream<? extends T> stream,
            Function<? super T, ? extends K> key) {
        return new DistinctStream<>(Checks.notNull(stream, "stream"), Checks.notNull(key, "key"));
    }

    /**
     * The items in unmodifiable lists of {@code size}; the last list is shorter if upstream ends
     * mid-way, and an empty upstream gives no list (futures-rs's {@code chunks}, kotlinx's
     * {@code chunked}, Reactor's {@code buffer(n)}). A chunk waits until it is full (for a chunk
     * that also goes out after a time, see {@code RuntimeStreams.chunksTimeout}). A failure of
     * upstream drops the partial chunk (closing its {@link AutoCloseable} items) and is passed
     * on. Not cancel-safe: closing drops the partial chunk the same way.
     *
     * @param <T> the item type
     * @param stream the input; the result owns it
     * @param size the items per chunk, at least 1
     * @return a stream of chunks
     * @throws IllegalArgumentException if {@code size} is below 1
     */
    public static <T> PollStream<List<T>> chunks(PollStream<? extends T> stream, int size) {
        return new ChunksStream<>(Checks.notNull(stream, "stream"), positive(size, "chunks(size)"));
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
