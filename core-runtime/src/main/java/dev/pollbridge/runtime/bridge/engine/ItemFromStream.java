package dev.pollbridge.runtime.bridge.engine;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.PollStream;
import dev.pollbridge.api.SingleUse;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * One item of a stream as a future: the engine behind every cardinality await ({@code first},
 * {@code firstOrNull}, {@code firstOrDefault}, {@code last}, {@code lastOrNull}, {@code single},
 * {@code singleOrNull}) of the Reactive Streams, {@code Flow}, Reactor and RxJava bridges, which
 * differ only in the stream they hand it (and its prefetch).
 *
 * <ul>
 *   <li>{@link Which#FIRST}: ready with the first item; the stream is closed (its subscription
 *       cancelled) as soon as the item arrives: a publisher's stream is made with
 *       {@link Which#limit()}, so it cancels inside the item's {@code onNext}, before the poller
 *       takes it.
 *   <li>{@link Which#LAST}: reads the stream to its end and is ready with the last item; each
 *       poll takes at most {@value #ITEMS_PER_POLL} items and then yields (rule 16).
 *   <li>{@link Which#SINGLE}: ready with the only item once the stream ends; a second item fails
 *       the future with {@link IllegalArgumentException} at once and closes the stream.
 * </ul>
 * An empty stream fails with {@link NoSuchElementException}, or, if a value for the empty case
 * was given ({@link #orDefault}), is ready with it ({@code null} for the {@code OrNull} forms).
 * A failed stream fails the future with the same exception.
 *
 * <p>A stream of the bridge's own ({@link BatchStream}) hands its items over without a
 * {@code Poll} each; the future polls it only when no item is ready.
 *
 * <p><b>Cancellation:</b> closing the future closes the stream. Not cancel-safe: an item
 * received and not returned (the candidate of {@code single} or {@code last}) is dropped, and
 * closed if it is {@link AutoCloseable}; so are the items {@code last} passes over and both
 * items of a {@code single} that fails. Owner-thread only, like every future.
 *
 * @param <T> the item type
 */
public final class ItemFromStream<T> extends SingleUse implements PollFuture<T> {

    /** Items taken in one poll before the future yields its worker (rule 16). */
    static final int ITEMS_PER_POLL = 128;

    /** Which item the future is ready with. */
    public enum Which {
        /** The first item; the stream is closed as soon as it arrives. Requests one item. */
        FIRST(1, 1),
        /** The last item before the end. Requests 256 at a time, as a stream does by default. */
        LAST(256, Long.MAX_VALUE),
        /** The only item; a second one fails the future. Requests two, to see a second at once. */
        SINGLE(2, 2);

        private final int prefetch;
        private final long limit;

        Which(int prefetch, long limit) {
            this.prefetch = prefetch;
            this.limit = limit;
        }

        /** How many items the stream under this await should request ahead. */
        public int prefetch() {
            return prefetch;
        }

        /**
         * The most items this await needs ({@code Long.MAX_VALUE}: all): the stream under it
         * cancels its source inside the {@code onNext} of the last of them, so that a source that
         * ignores backpressure stops before it can overflow (StreamFromPublisher, "A limit").
         */
        public long limit() {
            return limit;
        }

        String operation() {
            return name().toLowerCase(java.util.Locale.ROOT) + "()";
        }
    }

    private final PollStream<? extends T> stream;
    /** {@link #stream}'s batch path, or null: items taken without a {@code Poll} each. */
    private final BatchStream<? extends T> batch;
    private final Which which;
    /** True: an empty stream fails; false: it gives {@link #emptyValue}. */
    private final boolean emptyFails;
    private final T emptyValue;
    /** Where a dropped item's failing {@code close()} is reported; null: the polling thread's runtime. */
    private final FailureSink sink;
    /** The item kept for {@code LAST}/{@code SINGLE}; owner only. */
    private T candidate;
    private boolean hasCandidate;
    private boolean finished;
    private boolean closed;

    private ItemFromStream(PollStream<? extends T> stream, Which which, boolean emptyFails, T emptyValue,
            FailureSink sink) {
        this.which = Objects.requireNonNull(which, "which");
        this.stream = SingleUse.claim(stream, "a one-item await (first, last or single)");
        this.batch = BatchStream.of(stream);
        this.emptyFails = emptyFails;
        this.emptyValue = emptyValue;
        this.sink = sink;
    }

    /**
     * {@code which} item of {@code stream}; an empty stream fails with
     * {@link NoSuchElementException}.
     *
     * @param sink where a dropped item's failing {@code close()} goes; null: the uncaught-failure
     *     handler of the runtime that polls
     */
    public static <T> ItemFromStream<T> required(PollStream<? extends T> stream, Which which, FailureSink sink) {
        return new ItemFromStream<>(stream, which, true, null, sink);
    }

    /** {@code which} item of {@code stream}; an empty stream gives {@code emptyValue} (may be null). */
    public static <T> ItemFromStream<T> orDefault(PollStream<? extends T> stream, Which which, T emptyValue,
            FailureSink sink) {
        return new ItemFromStream<>(stream, which, false, emptyValue, sink);
    }

    @Override
    public Poll<T> poll(Context cx) {
        if (finished) {
            throw SingleUse.polledAfter(which.operation(), "it completed");
        }
        if (closed) {
            throw SingleUse.polledAfter(which.operation(), "close()");
        }
        for (int taken = 0; taken < ITEMS_PER_POLL; taken++) {
            T item = batch != null ? batch.takeReady() : null;
            if (item == null) {
                Poll<? extends T> next = stream.pollNext(cx);
                if (next.isPending()) {
                    return Poll.pending();
                }
                if (next.isDone()) {
                    return end();
                }
                if (next.isFailed()) {
                    return fail(next.error());
                }
                item = next.value();
            }
            switch (which) {
                case FIRST:
                    return succeed(item);
                case LAST:
                    discard(candidate); // passed over: the newer item replaces it
                    candidate = item;
                    hasCandidate = true;
                    break;
                case SINGLE:
                    if (hasCandidate) {
                        discard(item);
                        return fail(new IllegalArgumentException("singleItem(): the publisher emitted more than one"
                                + " item; the subscription was cancelled"));
                    }
                    candidate = item;
                    hasCandidate = true;
                    break;
                default:
                    throw new AssertionError(which);
            }
        }
        cx.waker().wake(); // out of budget: the self-wake is the tail of this pending (rule 5)
        return Poll.pending();
    }

    private Poll<T> end() {
        if (hasCandidate) {
            T value = candidate;
            candidate = null;
            return succeed(value);
        }
        finished = true;
        close();
        return emptyFails
                ? Poll.failed(new NoSuchElementException(which.operation() + ": the publisher completed without an item"))
                : Poll.ready(emptyValue);
    }

    private Poll<T> succeed(T value) {
        finished = true;
        close(); // the value is all we need: cancel upstream now (a no-op after the end)
        return Poll.ready(value);
    }

    private Poll<T> fail(Throwable error) {
        finished = true;
        close(); // drops the candidate
        return Poll.failed(error);
    }

    /** Closes the stream; a candidate received and not returned is dropped (closed if AutoCloseable). */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            T dropped = candidate;
            candidate = null;
            stream.close();
            discard(dropped);
        }
    }

    private void discard(Object item) {
        if (item != null) {
            (sink != null ? sink : UncaughtFailures.ofCurrentThread()).discard(item);
        }
    }
}
