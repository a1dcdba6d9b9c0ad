package dev.pollbridge.rxjava3;

import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;

/**
 * What {@link ObservableBridge#toPollStream(io.reactivex.rxjava3.core.Observable, ObservableOverflow)}
 * does when an {@code Observable}, which has no backpressure, produces faster than the stream is
 * polled. A poll that finds no item waits for one (RxJava's {@code request(1)}): the next item is
 * handed to it, whatever the strategy. Items that arrive while nobody waits go to a bounded
 * buffer of {@link #capacity()} items, and the strategy says what happens to one that finds it
 * full. Every choice is bounded (at most {@code capacity() + 1} items wait) and none blocks the
 * producer: {@code onNext} never waits for the consumer.
 *
 * <p>Each strategy does what the operator in the last column does for a subscriber that requests
 * one item at a time (checked side by side in the tests): for a synchronous {@code 1..5},
 * {@code latest()} gives {@code [1, 5]}, {@code dropOldest(2)} {@code [1, 4, 5]},
 * {@code dropNewest(2)} {@code [1, 2, 3]}, {@code error(2)} {@code [1, 2, 3]} and then the
 * error.
 *
 * <table>
 *   <caption>The strategies</caption>
 *   <tr><th>factory</th><th>buffer</th><th>an item that finds it full</th><th>the same as</th></tr>
 *   <tr><td>{@link #error()}</td><td>0</td><td>fails the stream with a
 *       {@link io.reactivex.rxjava3.exceptions.MissingBackpressureException} and disposes the
 *       Observable: only a waiting poller takes an item</td><td>RxJava's {@code toFlowable(ERROR)}</td></tr>
 *   <tr><td>{@link #error(int) error(n)}</td><td>n</td><td>the same, after the buffered items:
 *       "buffer up to n, then fail"</td><td>RxJava's {@code onBackpressureBuffer(n, true)}
 *       ({@code delayError}); Reactor's {@code onBackpressureBuffer(n, ERROR)}</td></tr>
 *   <tr><td>{@link #dropNewest(int) dropNewest(n)}</td><td>n</td><td>is dropped (the stream keeps
 *       the oldest)</td><td>Reactor's {@code onBackpressureBuffer(n, DROP_LATEST)}; RxJava's
 *       {@code toFlowable(DROP)} is the same without a buffer. (RxJava's {@code DROP_LATEST} is
 *       different: it drops the newest <em>buffered</em> item to queue the arriving one.)</td></tr>
 *   <tr><td>{@link #dropOldest(int) dropOldest(n)}</td><td>n</td><td>is queued; the oldest
 *       buffered item is dropped</td><td>RxJava's {@code onBackpressureBuffer(n, null, DROP_OLDEST)};
 *       Reactor's {@code onBackpressureBuffer(n, DROP_OLDEST)}</td></tr>
 *   <tr><td>{@link #latest()}</td><td>1</td><td>replaces the buffered item</td>
 *       <td>RxJava's {@code toFlowable(LATEST)}</td></tr>
 * </table>
 *
 * <p>A dropped item that is {@link AutoCloseable} is closed. Instances are immutable and may be
 * shared.
 */
public final class ObservableOverflow {

    /** What happens to an item that finds the buffer full. */
    enum Policy {
        /** The stream fails with a {@code MissingBackpressureException}. */
        FAIL,
        /** The new item is dropped. */
        DROP_NEWEST,
        /** The oldest buffered item is dropped to make room. */
        DROP_OLDEST
    }

    private final Policy policy;
    private final int capacity;

    /** The one strategy with no buffer: {@link #error()}. */
    private static final ObservableOverflow NO_BUFFER = new ObservableOverflow(Policy.FAIL, 0, 0);

    private ObservableOverflow(Policy policy, int capacity) {
        this(policy, capacity, 1);
    }

    private ObservableOverflow(Policy policy, int capacity, int minCapacity) {
        if (capacity < minCapacity || capacity > ReactiveStreamsBridge.MAX_PREFETCH) {
            throw new IllegalArgumentException("capacity must be in [1, " + ReactiveStreamsBridge.MAX_PREFETCH
                    + "], was " + capacity);
        }
        this.policy = policy;
        this.capacity = capacity;
    }

    /**
     * No slack: an item is taken only by a poller that waits for it; an item that arrives while
     * the poller is not waiting (busy with the one before) fails the stream with a
     * {@code MissingBackpressureException} and disposes the Observable. For sources that must
     * never run ahead of their consumer: RxJava's {@code toFlowable(ERROR)}.
     *
     * @return the strategy
     */
    public static ObservableOverflow error() {
        return NO_BUFFER;
    }

    /**
     * Buffers up to {@code capacity} items besides the one handed to a waiting poller; the next
     * item that finds them all waiting fails the stream with a
     * {@code MissingBackpressureException} (after the buffered items) and disposes the
     * Observable: RxJava's {@code onBackpressureBuffer(capacity, true)}.
     *
     * @param capacity the most items that may wait, in {@code [1, 2^24]}
     * @return the strategy
     * @throws IllegalArgumentException if {@code capacity} is outside {@code [1, 2^24]}
     */
    public static ObservableOverflow error(int capacity) {
        return new ObservableOverflow(Policy.FAIL, capacity);
    }

    /**
     * Buffers up to {@code capacity} items besides the one handed to a waiting poller, and drops
     * any item that arrives while they all wait. The stream sees the oldest items: Reactor's
     * {@code onBackpressureBuffer(capacity, BufferOverflowStrategy.DROP_LATEST)}, which drops the
     * arriving item. (RxJava's {@code BackpressureOverflowStrategy.DROP_LATEST} drops the newest
     * buffered item instead, to queue the arriving one.)
     *
     * @param capacity the most items that may wait, in {@code [1, 2^24]}
     * @return the strategy
     * @throws IllegalArgumentException if {@code capacity} is outside {@code [1, 2^24]}
     */
    public static ObservableOverflow dropNewest(int capacity) {
        return new ObservableOverflow(Policy.DROP_NEWEST, capacity);
    }

    /**
     * Buffers up to {@code capacity} items besides the one handed to a waiting poller; an item
     * that arrives while they all wait is queued and the oldest buffered item is dropped. The
     * stream sees the newest items: RxJava's
     * {@code onBackpressureBuffer(capacity, null, DROP_OLDEST)}.
     *
     * @param capacity the most items that may wait, in {@code [1, 2^24]}
     * @return the strategy
     * @throws IllegalArgumentException if {@code capacity} is outside {@code [1, 2^24]}
     */
    public static ObservableOverflow dropOldest(int capacity) {
        return new ObservableOverflow(Policy.DROP_OLDEST, capacity);
    }

    /**
     * Keeps only the latest item: a waiting poller gets the next item, and while it is busy a
     * new item replaces the one it has not taken yet. RxJava's {@code toFlowable(LATEST)}: a
     * synchronous {@code 1..5} gives {@code [1, 5]}. Same as {@code dropOldest(1)}.
     *
     * @return the strategy
     */
    public static ObservableOverflow latest() {
        return new ObservableOverflow(Policy.DROP_OLDEST, 1);
    }

    /**
     * The size of the buffer: the most items that wait in the stream besides the one handed to a
     * waiting poller (0 for {@link #error()}).
     *
     * @return the capacity
     */
    public int capacity() {
        return capacity;
    }

    Policy policy() {
        return policy;
    }

    @Override
    public String toString() {
        switch (policy) {
            case FAIL:
                return capacity == 0 ? "ObservableOverflow.error()" : "ObservableOverflow.error(" + capacity + ")";
            case DROP_NEWEST:
                return "ObservableOverflow.dropNewest(" + capacity + ")";
            case DROP_OLDEST:
                return capacity == 1 ? "ObservableOverflow.latest()" : "ObservableOverflow.dropOldest(" + capacity + ")";
            default:
                throw new AssertionError(policy);
        }
    }
}
