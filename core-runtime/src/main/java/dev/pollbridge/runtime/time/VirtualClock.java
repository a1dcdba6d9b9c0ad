package dev.pollbridge.runtime.time;

import dev.pollbridge.runtime.internal.time.VirtualTime;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A {@link Clock} that moves only when told to: virtual time for tests. It starts at its origin
 * (0 by default) and {@link #advance(Duration)} moves it forward, synchronously firing every
 * timer that falls due, on the calling thread. Nothing ever waits in real time.
 *
 * <p>Timers of every timer driver built on this clock (for example a runtime created with
 * {@code Runtime.builder().clock(virtualClock)}) are driven by it.
 *
 * <pre>{@code
 * VirtualClock clock = new VirtualClock();
 * try (Runtime runtime = Runtime.builder().clock(clock).build()) {
 *     PollFuture<Void> sleep = runtime.sleep(Duration.ofSeconds(5));
 *     // poll it: pending
 *     clock.advance(Duration.ofSeconds(5)); // the sleep's waker is called here
 * }
 * }</pre>
 *
 * <p><b>Threads.</b> {@link #nanoTime()} may be read from any thread. {@link #advance} is called
 * by one thread at a time and never from inside a waker it triggers; both mistakes throw
 * {@link IllegalStateException}.
 */
public final class VirtualClock implements Clock {

    static {
        VirtualTime.install(new Access());
    }

    /** Written only by the advancing thread; volatile so other threads read the latest time. */
    private volatile long now;
    private final List<VirtualTime.Listener> listeners = new CopyOnWriteArrayList<>();
    private final AtomicBoolean advancing = new AtomicBoolean();

    /** A virtual clock reading 0. */
    public VirtualClock() {
        this(0);
    }

    /**
     * A virtual clock reading {@code originNanos}.
     *
     * @param originNanos what {@link #nanoTime()} reads until the first advance
     */
    public VirtualClock(long originNanos) {
        this.now = originNanos;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    /**
     * Moves the clock forward by {@code duration} and fires, on this thread, every timer due by
     * the new time, in deadline order. The clock steps through each deadline on the way, so a
     * timer fires while {@link #nanoTime()} reads its own instant (at 1 ms resolution), and a
     * timer registered by code that runs during the advance (on another thread, since wakers
     * never poll inline) fires in the same advance if it falls due before its end.
     *
     * @param duration how far to move the clock, zero or more
     * @throws IllegalArgumentException if {@code duration} is negative
     * @throws IllegalStateException if another advance is in progress (on another thread, or
     *     re-entered from a waker)
     */
    public void advance(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("a clock cannot go back: " + duration);
        }
        if (!advancing.compareAndSet(false, true)) {
            throw new IllegalStateException("VirtualClock.advance is already running");
        }
        try {
            long target = plus(now, duration);
            while (true) {
                long next = Long.MAX_VALUE;
                for (VirtualTime.Listener listener : listeners) {
                    next = Math.min(next, listener.nextDeadlineNanos());
                }
                if (next == Long.MAX_VALUE || next > target) {
                    break;
                }
                if (next > now) {
                    now = next;
                }
                fireAll();
            }
            now = target;
            fireAll();
        } finally {
            advancing.set(false);
        }
    }

    private void fireAll() {
        for (VirtualTime.Listener listener : listeners) {
            listener.fireUntil(now);
        }
    }

    private static long plus(long base, Duration duration) {
        long nanos;
        try {
            nanos = duration.toNanos();
        } catch (ArithmeticException tooLong) {
            nanos = Long.MAX_VALUE;
        }
        long sum = base + nanos;
        return sum < base ? Long.MAX_VALUE : sum; // nanos >= 0: overflow only upwards
    }

    @Override
    public String toString() {
        return "VirtualClock[" + Duration.ofNanos(now) + "]";
    }

    /** Lets the unexported timer engine attach its drivers to virtual clocks. */
    private static final class Access implements VirtualTime.Access {

        @Override
        public boolean isVirtual(Clock clock) {
            return clock instanceof VirtualClock;
        }

        @Override
        public void attach(Clock clock, VirtualTime.Listener listener) {
            ((VirtualClock) clock).listeners.add(listener);
        }

        @Override
        public void detach(Clock clock, VirtualTime.Listener listener) {
            ((VirtualClock) clock).listeners.remove(listener);
        }
    }
}
