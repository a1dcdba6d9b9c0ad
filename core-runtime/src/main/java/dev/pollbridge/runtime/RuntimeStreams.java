package dev.pollbridge.runtime;

import dev.pollbridge.api.PollStream;
import dev.pollbridge.runtime.internal.stream.Operators;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The stream operators that need a runtime: a timer ({@link #debounce}, {@link #sample},
 * {@link #throttle}, {@link #timeout}, {@link #chunksTimeout}) or a task of their own
 * ({@link #buffer}, {@link #conflate}). The pure operators ({@code map}, {@code zip},
 * {@code chunks}, {@code bufferUnordered}, ...) are in {@link dev.pollbridge.api.Streams}.
 *
 * <pre>{@code
 * PollStream<String> settled = RuntimeStreams.debounce(keystrokes, Duration.ofMillis(300), runtime);
 * PollStream<List<Event>> batches = RuntimeStreams.chunksTimeout(events, 100, Duration.ofMillis(50), runtime);
 * }</pre>
 *
 * <h2>Common rules</h2>
 * As for {@link dev.pollbridge.api.Streams}: lazy (nothing runs and no timer is registered before
 * the first poll; arguments are checked at once), each operator owns its upstream and closes it
 * exactly once (when it ends, fails, or the operator is closed), a {@code null} item fails the
 * stream with a {@link NullPointerException}, and done and failed are final. Timers are the
 * runtime's ({@link PollRuntime#clock()}, 1 ms resolution, virtual time in tests); each operator keeps
 * one timer and moves it rather than making a new one per item. Closing an operator removes its
 * timer. After the runtime is closed a pending timer fails the stream with
 * {@link java.util.concurrent.CancellationException}.
 *
 * <p><b>Dropped items.</b> An item an operator took from upstream and will not hand out (a
 * debounced or sampled-over one, a conflated one, a partial chunk on a failure, what a buffer
 * holds when it is closed) is dropped, and closed if it is {@link AutoCloseable}; a throwing
 * close goes to the runtime's uncaught-failure handler.
 *
 * <p><b>Threads.</b> Polled and closed by one owner at a time, like any stream, from any poller.
 * The timer operators run everything in the owner's poll; {@code buffer} and {@code conflate} run
 * the upstream on the runtime's workers.
 */
public final class RuntimeStreams {

    private RuntimeStreams() {}

    /**
     * Runs {@code stream} ahead of its consumer, as a task of its own on {@code runtime}, with up
     * to {@code capacity} items buffered (kotlinx's {@code buffer(capacity)}): the producer and the
     * consumer proceed concurrently, the producer waiting only when the buffer is full. The task is
     * spawned at the first poll; items, then the end (done or the failure), come in order.
     *
     * <p><b>Cancel-safety:</b> not cancel-safe: closing drops the items buffered (closing each
     * {@link AutoCloseable} one). <b>Close</b> aborts the producer task; the runtime then closes
     * the upstream, once, on one of its threads. The upstream is polled on the runtime's workers,
     * never on the consumer's thread.
     *
     * @param <T> the item type
     * @param stream the upstream; the result owns it (then its producer task does)
     * @param capacity how many items may wait for the consumer, at least 1
     * @param runtime where the producer task runs
     * @return the buffered stream
     * @throws IllegalArgumentException if {@code capacity} is below 1
     */
    public static <T> PollStream<T> buffer(PollStream<? extends T> stream, int capacity, PollRuntime runtime) {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(runtime, "runtime");
        if (capacity < 1) {
            throw new IllegalArgumentException("buffer(capacity) needs capacity >= 1, got " + capacity);
        }
        return Operators.buffer(stream, capacity, runtime.engine());
    }

    /**
     * Runs {@code stream} as a task of its own on {@code runtime} that never waits for its
     * consumer; the consumer gets the latest item, and the items it was too slow for are dropped
     * (kotlinx's {@code conflate()}, a buffer of one that keeps the newest). The end comes after
     * the last item.
     *
     * <p><b>Cancel-safety:</b> not cancel-safe (conflating drops items by design, and closing
     * drops the one waiting); dropped items are closed if {@link AutoCloseable}. <b>Close</b> as
     * for {@link #buffer}.
     *
     * @param <T> the item type
     * @param stream the upstream; the result owns it (then its producer task does)
     * @param runtime where the producer task runs
     * @return the conflated stream
     */
    public static <T> PollStream<T> conflate(PollStream<? extends T> stream, PollRuntime runtime) {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(runtime, "runtime");
        return Operators.conflate(stream, runtime.engine());
    }

    /**
     * Hands an item out only once {@code timeout} has passed without a newer one (kotlinx's
     * {@code debounce}): a newer item replaces the one waiting and restarts the timeout. When the
     * upstream ends, the item waiting goes out at once, then the end. A zero timeout passes every
     * item through. An item due at the same poll as a newer arrival goes out first.
     *
     * <p><b>Cancel-safety:</b> not cancel-safe: closing drops the item waiting. <b>Close</b>
     * closes the upstream and the timer.
     *
     * @param <T> the item type
     * @param stream the upstream; the result owns it
     * @param timeout the quiet time an item must wait, zero or more
     * @param runtime whose timer and clock to use
     * @return the debounced stream
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    @SuppressWarnings("unchecked") // a zero timeout hands the stream on as it is: it only yields Ts
    public static <T> PollStream<T> debounce(PollStream<? extends T> stream, Duration timeout, PollRuntime runtime) {
        checkTimed(stream, timeout, runtime, "debounce(timeout)", false);
        return timeout.isZero() ? (PollStream<T>) stream : Operators.debounce(stream, timeout, runtime.engine());
    }

    /**
     * At each tick of {@code period}, the latest item that arrived since the previous tick, if any
     * (kotlinx's {@code sample}); the others are dropped. Ticks are on the grid
     * {@code first poll + k * period}; a tick the consumer was too late for is skipped. When the
     * upstream ends, the item waiting is dropped (as in kotlinx) and the stream is done. An item
     * that arrives at the very poll a tick is due belongs to the next window.
     *
     * <p><b>Cancel-safety:</b> not cancel-safe: closing drops the item waiting. <b>Close</b>
     * closes the upstream and the timer.
     *
     * @param <T> the item type
     * @param stream the upstream; the result owns it
     * @param period the time between two samples, more than zero
     * @param runtime whose timer and clock to use
     * @return the sampled stream
     * @throws IllegalArgumentException if {@code period} is zero or negative
     */
    public static <T> PollStream<T> sample(PollStream<? extends T> stream, Duration period, PollRuntime runtime) {
        checkTimed(stream, period, runtime, "sample(period)", true);
        return Operators.sample(stream, period, runtime.engine());
    }

    /**
     * At most one item per {@code period} (Tokio's {@code StreamExt::throttle}): the first item at
     * once, then the upstream is not polled again until {@code period} after the item before, so
     * items are delayed, never dropped (unlike Reactor's {@code throttleFirst}, which drops). A
     * zero period passes every item through.
     *
     * <p><b>Cancel-safety:</b> cancel-safe when {@code stream} is: it holds no item between polls.
     * <b>Close</b> closes the upstream and the timer.
     *
     * @param <T> the item type
     * @param stream the upstream; the result owns it
     * @param period the least time between two items, zero or more
     * @param runtime whose timer and clock to use
     * @return the throttled stream
     * @throws IllegalArgumentException if {@code period} is negative
     */
    @SuppressWarnings("unchecked") // a zero period hands the stream on as it is: it only yields Ts
    public static <T> PollStream<T> throttle(PollStream<? extends T> stream, Duration period, PollRuntime runtime) {
        checkTimed(stream, period, runtime, "throttle(period)", false);
        return period.isZero() ? (PollStream<T>) stream : Operators.throttle(stream, period, runtime.engine());
    }

    /**
     * Fails with {@link java.util.concurrent.TimeoutException} (and closes the upstream) when an
     * item takes longer than {@code limit} to come: the first within {@code limit} of this call,
     * each next within {@code limit} of the one before (the per-item timeout of Tokio's
     * {@code StreamExt::timeout} and kotlinx's {@code Flow.timeout}). Each poll polls the upstream
     * first, so an item ready at the deadline wins. Tokio yields an {@code Elapsed} error item and
     * goes on; here a stream's failure is final, as in kotlinx.
     *
     * <p><b>Cancel-safety:</b> cancel-safe when {@code stream} is. <b>Close</b> closes the upstream
     * and the timer.
     *
     * @param <T> the item type
     * @param stream the upstream; the result owns it
     * @param limit the longest wait for an item, more than zero
     * @param runtime whose timer and clock to use
     * @return the stream, failing if an item is late
     * @throws IllegalArgumentException if {@code limit} is zero or negative
     */
    public static <T> PollStream<T> timeout(PollStream<? extends T> stream, Duration limit, PollRuntime runtime) {
        checkTimed(stream, limit, runtime, "timeout(limit)", true);
        return Operators.timeout(stream, limit, runtime.engine());
    }

    /**
     * The items in unmodifiable lists of at most {@code maxSize} (Tokio's
     * {@code StreamExt::chunks_timeout}): a list goes out when it is full, when {@code timeout} has
     * passed since its first item, or when the upstream ends; an empty list never goes out. A
     * failure of the upstream drops the partial list (closing its {@link AutoCloseable} items).
     *
     * <p><b>Cancel-safety:</b> not cancel-safe: closing drops the partial list the same way.
     * <b>Close</b> closes the upstream and the timer.
     *
     * @param <T> the item type
     * @param stream the upstream; the result owns it
     * @param maxSize the most items per list, at least 1
     * @param timeout how long a list may wait after its first item, zero or more
     * @param runtime whose timer and clock to use
     * @return a stream of lists
     * @throws IllegalArgumentException if {@code maxSize} is below 1 or {@code timeout} is negative
     */
    public static <T> PollStream<List<T>> chunksTimeout(PollStream<? extends T> stream, int maxSize,
            Duration timeout, PollRuntime runtime) {
        checkTimed(stream, timeout, runtime, "chunksTimeout(timeout)", false);
        if (maxSize < 1) {
            throw new IllegalArgumentException("chunksTimeout(maxSize) needs maxSize >= 1, got " + maxSize);
        }
        return Operators.chunksTimeout(stream, maxSize, timeout, runtime.engine());
    }

    private static void checkTimed(PollStream<?> stream, Duration duration, PollRuntime runtime, String what,
            boolean positive) {
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(runtime, "runtime");
        if (duration.isNegative() || (positive && duration.isZero())) {
            throw new IllegalArgumentException(what + " needs a duration " + (positive ? "> 0" : ">= 0")
                    + ", got " + duration);
        }
    }
}
