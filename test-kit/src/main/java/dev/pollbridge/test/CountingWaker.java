package dev.pollbridge.test;

import dev.pollbridge.api.Waker;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link Waker} that counts its wakes, for tests (the analogue of futures-test's
 * {@code WakeCounter}). Thread-safe: wakes may come from any thread.
 */
public final class CountingWaker implements Waker {

    private final AtomicLong wakes = new AtomicLong();
    /** Wake count at the last {@link #markPolled()}; written only by the polling thread. */
    private volatile long wakesAtLastPoll;

    /** A waker that has not been woken yet. */
    public CountingWaker() {}

    @Override
    public void wake() {
        wakes.incrementAndGet();
    }

    /**
     * How many times {@link #wake()} was called in all.
     *
     * @return the number of wakes since this waker was created
     */
    public long count() {
        return wakes.get();
    }

    /**
     * True if {@link #wake()} was called since the last {@link #markPolled()}.
     *
     * @return true if woken since the last poll
     */
    public boolean isWoken() {
        return wakes.get() != wakesAtLastPoll;
    }

    /** Records that the task was just polled; {@link #isWoken()} then reports later wakes only. */
    public void markPolled() {
        wakesAtLastPoll = wakes.get();
    }
}
