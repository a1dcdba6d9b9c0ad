package dev.pollbridge.runtime;

import dev.pollbridge.runtime.internal.time.VirtualTime;
import dev.pollbridge.runtime.time.Clock;
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
 * {@code PollRuntime.builder().clock(virtualClock)}) are driven by it.
 *
 * <pre>{@code
 * VirtualClock clock = new VirtualClock();
 * try (PollRuntime runtime = PollRuntime.builder().clock(clock).build()) {
 *     PollFuture<Void> sleep = runtime.sleep(Duration.ofSeconds(5));
 *     // poll it: pending
 *     clock.advance(Duration.ofSeconds(5)); // the sleep's waker is called here
 * }
 * }</pre>
 *
 * <p><b>Other libraries' virtual time.</b> A {@link Timeline} {@linkplain #link linked} to the
 * clock (Reactor's {@code VirtualTimeScheduler} or RxJava's {@code TestScheduler}, through the
 * test runtime's {@code ReactorVirtualTime} and {@code RxJavaVirtualTime}) moves with every
 * advance: one time line for both libraries. See {@link #advance(Duration)} for the order.
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
    private final CopyOnWriteArrayList<Timeline> timelines = new CopyOnWriteArrayList<>();
    /**
     * The linked time line being advanced, or null. While set, {@link #nanoTime()} reads its time
     * (clamped to {@code [now, followingTo]}), so code it runs reads its own instant here too.
     * Written by the advancing thread only, after {@link #followingTo}.
     */
    private volatile Timeline following;
    /** The instant {@link #following} is being moved to; written before {@link #following}. */
    private volatile long followingTo;

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

    /**
     * The clock's time; while a {@linkplain #link linked} time line is being advanced, that time
     * line's own instant (so a runtime timer started from one of its tasks counts from the task's
     * instant). Never goes back.
     */
    @Override
    public long nanoTime() {
        Timeline timeline = following;
        long base = now;
        if (timeline == null) {
            return base;
        }
        return Math.min(Math.max(timeline.nanoTime(), base), followingTo);
    }

    /**
     * Another library's virtual time, moved by this clock. Both methods are called on the thread
     * that advances the clock.
     */
    public interface Timeline {

        /**
         * Moves this time line to clock time {@code clockNanos}, running what falls due on the way
         * in its own order and at its own instants.
         *
         * @param clockNanos the instant to reach, in this clock's nanoseconds
         */
        void advanceTo(long clockNanos);

        /**
         * This time line's current instant, in this clock's nanoseconds; read while
         * {@link #advanceTo} runs.
         *
         * @return the instant
         */
        long nanoTime();

        /**
         * The next instant, in this clock's nanoseconds, at which this time line has work it
         * knows of; the clock stops there on its way, so the two libraries' work interleaves in
         * time order. Work it does not announce runs at the clock's next stop instead.
         *
         * @return the instant, or {@link Long#MAX_VALUE} if it knows of none
         */
        default long nextDeadlineNanos() {
            return Long.MAX_VALUE;
        }
    }

    /**
     * Links {@code timeline}: from now on every {@link #advance} moves it too. Its time should
     * read {@link #nanoTime()} when linked.
     *
     * @param timeline the other library's virtual time
     * @throws IllegalStateException if it is linked already
     */
    public void link(Timeline timeline) {
        Objects.requireNonNull(timeline, "timeline");
        if (!timelines.addIfAbsent(timeline)) {
            throw new IllegalStateException(timeline + " is linked to this clock already");
        }
    }

    /**
     * Unlinks {@code timeline}; later advances leave it where it is. Does nothing if it is not
     * linked.
     *
     * @param timeline a time line linked before
     */
    public void unlink(Timeline timeline) {
        timelines.remove(timeline);
    }

    /**
     * Moves the clock forward by {@code duration} and fires, on this thread, every timer due by
     * the new time, in deadline order. The clock steps through each deadline on the way, so a
     * timer fires while {@link #nanoTime()} reads its own instant (at 1 ms resolution), and a
     * timer registered by code that runs during the advance (on another thread, since wakers
     * never poll inline) fires in the same advance if it falls due before its end.
     *
     * <p>The clock also stops at every deadline a {@linkplain #link linked} time line announces
     * ({@link Timeline#nextDeadlineNanos()}). At each stop, the linked time lines move first, in
     * the order they were linked, running their tasks due up to the stop's instant; then this
     * clock's timers due at that instant fire; then the time lines move again at the same instant
     * (so that what the timers woke runs there, and the clock sees the timers it starts before it
     * picks the next stop). So the work of both libraries runs in time order, except for work a
     * time line does not announce: that runs at the clock's next stop, and a timer it starts that
     * falls due before that stop fires at the stop.
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
                moveTimelines(now); // what they run at this instant may start timers: before next
                long next = Long.MAX_VALUE;
                for (VirtualTime.Listener listener : listeners) {
                    next = Math.min(next, listener.nextDeadlineNanos());
                }
                for (Timeline timeline : timelines) {
                    long deadline = timeline.nextDeadlineNanos();
                    if (deadline > now) { // it has moved to now: an earlier one is stale
                        next = Math.min(next, deadline);
                    }
                }
                if (next == Long.MAX_VALUE || next > target) {
                    break;
                }
                step(Math.max(next, now));
            }
            step(target);
        } finally {
            advancing.set(false);
        }
    }

    /** Moves the linked time lines to {@code instant}, then the clock, and fires its timers. */
    private void step(long instant) {
        moveTimelines(instant);
        now = instant;
        fireAll();
    }

    private void moveTimelines(long instant) {
        for (Timeline timeline : timelines) {
            followingTo = instant; // before following: a reader that sees following sees this bound
            following = timeline;
            try {
                timeline.advanceTo(instant);
            } finally {
                following = null;
            }
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
