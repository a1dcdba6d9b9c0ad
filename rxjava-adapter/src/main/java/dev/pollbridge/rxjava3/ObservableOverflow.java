package dev.pollbridge.rxjava3;

import dev.pollbridge.runtime.bridge.ReactiveStreamsBridge;

/**
 * What {@link RxJavaBridge#toStream(io.reactivex.rxjava3.core.Observable, ObservableOverflow)}
 * does when an {@code Observable}, which has no backpressure, produces faster than the stream is
 * polled: a bounded buffer of {@link #capacity()} items and a rule for the item that finds it
 * full. Every choice is bounded and none blocks the producer: {@code onNext} never waits for the
 * consumer.
 *
 * <table>
 *   <caption>The strategies</caption>
 *   <tr><th>factory</th><th>buffer</th><th>an item that finds it full</th><th>RxJava's nearest</th></tr>
 *   <tr><td>{@link #error()}</td><td>1</td><td>fails the stream with a
 *       {@link io.reactivex.rxjava3.exceptions.MissingBackpressureException} (after the buffered
 *       item) and disposes the Observable</td><td>{@code toFlowable(ERROR)}</td></tr>
 *   <tr><td>{@link #error(int) error(n)}</td><td>n</td><td>the same: "buffer up to n, then
 *       fail"</td><td>{@code onBackpressureBuffer(n)}</td></tr>
 *   <tr><td>{@link #dropNewest(int) dropNewest(n)}</td><td>n</td><td>is dropped</td>
 *       <td>{@code onBackpressureBuffer(n, null, DROP_LATEST)}, {@code toFlowable(DROP)}</td></tr>
 *   <tr><td>{@link #dropOldest(int) dropOldest(n)}</td><td>n</td><td>is queued; the oldest
 *       buffered item is dropped</td><td>{@code onBackpressureBuffer(n, null, DROP_OLDEST)}</td></tr>
 *   <tr><td>{@link #latest()}</td><td>1</td><td>replaces the buffered item</td>
 *       <td>{@code toFlowable(LATEST)}</td></tr>
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

    private ObservableOverflow(Policy policy, int capacity) {
        if (capacity < 1 || capacity > ReactiveStreamsBridge.MAX_PREFETCH) {
            throw new IllegalArgumentException("capacity must be in [1, " + ReactiveStreamsBridge.MAX_PREFETCH
                    + "], was " + capacity);
        }
        this.policy = policy;
        this.capacity = capacity;
    }

    /**
     * No slack: one item may wait for the poller; an item that arrives while it still waits
     * fails the stream with a {@code MissingBackpressureException}. For sources that must never
     * run ahead of their consumer. Same as {@code error(1)}.
     *
     * @return the strategy
     */
    public static ObservableOverflow error() {
        return new ObservableOverflow(Policy.FAIL, 1);
    }

    /**
     * Buffers up to {@code capacity} items; the next item that finds them all waiting fails the
     * stream with a {@code MissingBackpressureException} (after the buffered items) and disposes
     * the Observable.
     *
     * @param capacity the most items that may wait, in {@code [1, 2^24]}
     * @return the strategy
     * @throws IllegalArgumentException if {@code capacity} is outside {@code [1, 2^24]}
     */
    public static ObservableOverflow error(int capacity) {
        return new ObservableOverflow(Policy.FAIL, capacity);
    }

    /**
     * Buffers up to {@code capacity} items and drops any item that arrives while they all wait.
     * The stream sees the oldest items.
     *
     * @param capacity the most items that may wait, in {@code [1, 2^24]}
     * @return the strategy
     * @throws IllegalArgumentException if {@code capacity} is outside {@code [1, 2^24]}
     */
    public static ObservableOverflow dropNewest(int capacity) {
        return new ObservableOverflow(Policy.DROP_NEWEST, capacity);
    }

    /**
     * Buffers up to {@code capacity} items; an item that arrives while they all wait is queued and
     * the oldest waiting item is dropped. The stream sees the newest items.
     *
     * @param capacity the most items that may wait, in {@code [1, 2^24]}
     * @return the strategy
     * @throws IllegalArgumentException if {@code capacity} is outside {@code [1, 2^24]}
     */
    public static ObservableOverflow dropOldest(int capacity) {
        return new ObservableOverflow(Policy.DROP_OLDEST, capacity);
    }

    /**
     * Keeps only the latest item: a new item replaces one the poller has not taken yet. Same as
     * {@code dropOldest(1)}.
     *
     * @return the strategy
     */
    public static ObservableOverflow latest() {
        return new ObservableOverflow(Policy.DROP_OLDEST, 1);
    }

    /**
     * The most items that ever wait in the stream.
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
                return "ObservableOverflow.error(" + capacity + ")";
            case DROP_NEWEST:
                return "ObservableOverflow.dropNewest(" + capacity + ")";
            case DROP_OLDEST:
                return capacity == 1 ? "ObservableOverflow.latest()" : "ObservableOverflow.dropOldest(" + capacity + ")";
            default:
                throw new AssertionError(policy);
        }
    }
}
