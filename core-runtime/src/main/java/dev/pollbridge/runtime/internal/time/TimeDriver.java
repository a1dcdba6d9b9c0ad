package dev.pollbridge.runtime.internal.time;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.time.Clock;
import dev.pollbridge.runtime.time.Interval;
import dev.pollbridge.runtime.time.MissedTickBehavior;
import dev.pollbridge.runtime.time.Sleep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Owns a timing {@link Wheel} and fires its timers: the engine behind {@code sleep},
 * {@code timeout} and {@code interval}.
 *
 * <p><b>Who drives it.</b> With a real clock, the driver starts one timer thread (from the given
 * factory) on the first timer registration; the thread parks until the next deadline, advances
 * the wheel and calls the due wakers. With a {@code VirtualClock} there is no thread: the
 * driver attaches itself to the clock and each {@code advance} fires the due timers on the
 * advancing thread.
 *
 * <p><b>Locking.</b> One lock guards the wheel and every entry (see the package protocol). Wakers
 * and the thread factory are called outside it.
 *
 * <p><b>Containment.</b> Wakers and the clock are user code. A waker that throws anything
 * (a checked exception thrown sneakily included) is reported to the failure sink and the other
 * due wakers are still called; a timer-thread turn that throws (a broken clock) is reported, and
 * the thread waits one tick and carries on. So no user code stops the timers. Should the timer
 * thread die anyway (an error of this code itself), it starts its successor as it ends; if that
 * fails, the next timer registration does.
 *
 * <p><b>Progress.</b> Blocking (one lock). A poll holds it for O(1) work; the timer thread holds
 * it for O(levels) per processed slot plus O(1) per fired or cascaded entry.
 *
 * <p><b>Closing.</b> {@link #close()} unlinks every registered timer and wakes its poller; from
 * then on a timer that has not fired fails with {@link CancellationException} ("timer driver
 * closed") when polled, and new timers fail on their first poll. Timers that fired before the
 * close still report ready. The timer thread is stopped and joined.
 */
public final class TimeDriver implements AutoCloseable {

    static final long NANOS_PER_TICK = 1_000_000L;
    /** The largest tick whose nanosecond value still fits in a long. */
    private static final long MAX_TICK = Long.MAX_VALUE / NANOS_PER_TICK - 1;

    private final Clock clock;
    private final ThreadFactory threads;
    /** Receives what a waker or the clock threw on the timer (or clock-advancing) thread. */
    private final Consumer<Throwable> failures;
    /** Clock time of tick 0. */
    private final long originNanos;
    /** Non-null iff the clock is virtual. */
    private final VirtualTime.Access virtualAccess;
    private final VirtualTime.Listener listener = new ClockListener();

    private final Object lock = new Object();
    private final Wheel wheel = new Wheel();               // guarded by lock
    private boolean closed;                               // guarded by lock
    private boolean threadRequested;                      // guarded by lock
    private Thread timerThread;                           // guarded by lock
    /** The tick the timer thread is parked towards; an earlier insert unparks it. */
    private long parkedUntilTick = Long.MAX_VALUE;        // guarded by lock

    /** A driver on {@code clock} whose timer thread (real clocks only) is a daemon thread. */
    public TimeDriver(Clock clock) {
        this(clock, task -> {
            Thread thread = new Thread(task, "pollbridge-timer");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * A driver on {@code clock} whose failures (a throwing waker or clock) go to the uncaught
     * exception handler of the thread they happen on.
     */
    public TimeDriver(Clock clock, ThreadFactory threads) {
        this(clock, threads, TimeDriver::toUncaughtExceptionHandler);
    }

    /**
     * A driver on {@code clock}. With a real clock, {@code threads} makes the timer thread, lazily,
     * when the first timer is registered; with a virtual clock it is never used. What a waker or
     * the clock throws on the timer thread (or in a virtual clock's {@code advance}) goes to
     * {@code failures}, which must not throw.
     */
    public TimeDriver(Clock clock, ThreadFactory threads, Consumer<Throwable> failures) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.threads = Objects.requireNonNull(threads, "threads");
        this.failures = Objects.requireNonNull(failures, "failures");
        this.originNanos = clock.nanoTime();
        VirtualTime.Access access = VirtualTime.access();
        this.virtualAccess = access != null && access.isVirtual(clock) ? access : null;
        if (virtualAccess != null) {
            virtualAccess.attach(clock, listener);
        }
    }

    /** The clock this driver reads. */
    public Clock clock() {
        return clock;
    }

    /**
     * A future that completes ({@code null}) once {@code duration} has passed, counted from now
     * (this call), at 1 ms resolution: never before the deadline. Zero or negative durations are
     * due at once. Registers with the wheel on its first poll; closing it unlinks it. Cancel-safe
     * (dropping it loses nothing).
     */
    public Sleep sleep(Duration duration) {
        return new TimerSleep(this, deadlineAfter(duration));
    }

    /** Like {@link #sleep}, until the clock reads {@code deadlineNanos} ({@link Clock#nanoTime()}). */
    public Sleep sleepUntil(long deadlineNanos) {
        return new TimerSleep(this, deadlineNanos);
    }

    /**
     * Runs {@code inner} with a time limit of {@code duration} from now: the result is
     * {@code inner}'s if it finishes first, otherwise {@code inner} is closed and the result fails
     * with {@link java.util.concurrent.TimeoutException}. If {@code inner} finishes first, the
     * timer is removed at once. The returned future owns {@code inner} and closes it exactly
     * once. Cancel-safe exactly as far as {@code inner} is.
     */
    public <T> PollFuture<T> timeout(PollFuture<T> inner, Duration duration) {
        Objects.requireNonNull(inner, "inner");
        return Timeout.of(this, inner, deadlineAfter(duration), "timed out after " + duration);
    }

    /**
     * {@link #timeout} of a future its caller has already claimed ({@code Time.timeout} claims
     * it at the call and builds this at the first poll); with {@code orNull}, when the deadline
     * comes first the result is {@code ready(null)} (kotlinx's {@code withTimeoutOrNull}) and
     * {@code inner} is closed all the same.
     */
    public <T> PollFuture<T> timeoutOfClaimed(PollFuture<T> claimedInner, Duration duration, boolean orNull) {
        Objects.requireNonNull(claimedInner, "claimedInner");
        Timeout<T> timeout = new Timeout<>(this, claimedInner, deadlineAfter(duration), "timed out after " + duration);
        return orNull ? timeout.orNull() : timeout;
    }

    /**
     * Like {@link #timeout}, with the limit given as a deadline on the clock ({@code nanoTime()}
     * value); a past deadline times out on the first poll unless {@code inner} is ready then.
     */
    public <T> PollFuture<T> timeoutAt(PollFuture<T> inner, long deadlineNanos) {
        Objects.requireNonNull(inner, "inner");
        return Timeout.of(this, inner, deadlineNanos, "timed out at the deadline (clock nanoTime " + deadlineNanos + ")");
    }

    /**
     * A stream of ticks {@code 0, 1, 2, ...}, the first at once, then one per {@code period}
     * on the grid {@code start + k * period}. Missed ticks are skipped (see {@link TimerInterval}).
     *
     * @throws IllegalArgumentException if {@code period} is shorter than 1 ms (the resolution)
     */
    public Interval interval(Duration period) {
        return interval(period, MissedTickBehavior.SKIP);
    }

    /**
     * A stream of ticks {@code 0, 1, 2, ...} on the grid {@code start + k * period}, missed ticks
     * handled as {@code missed} says.
     *
     * @throws IllegalArgumentException if {@code period} is shorter than 1 ms (the resolution)
     */
    public Interval interval(Duration period, MissedTickBehavior missed) {
        Objects.requireNonNull(period, "period");
        Objects.requireNonNull(missed, "missed");
        if (period.compareTo(Duration.ofMillis(1)) < 0) {
            throw new IllegalArgumentException("interval period must be at least 1 ms: " + period);
        }
        return new TimerInterval(this, clock.nanoTime(), Nanos.saturated(period), missed);
    }

    /** The number of timers linked into the wheel (registered, not fired, not closed). */
    public int timerCount() {
        synchronized (lock) {
            return wheel.size();
        }
    }

    /**
     * Stops the driver: outstanding timers are unlinked and woken, and fail with
     * {@link CancellationException} when polled; the timer thread is stopped and joined.
     * Idempotent; every call, the second one too, returns only once the timer thread has ended.
     */
    @Override
    public void close() {
        List<Waker> wakers = new ArrayList<>();
        Thread thread;
        boolean closedBefore;
        synchronized (lock) {
            thread = timerThread;
            closedBefore = closed;
            if (!closed) {
                closed = true;
                wheel.clear(wakers);
            }
        }
        if (closedBefore) {
            joinUninterruptibly(thread); // a concurrent first close may still be joining it
            return;
        }
        if (virtualAccess != null) {
            virtualAccess.detach(clock, listener);
        }
        wakeAll(wakers);
        if (thread != null) {
            LockSupport.unpark(thread);
            joinUninterruptibly(thread);
        }
    }

    // ---- engine API for the timer futures of this package --------------------------------------

    long nowNanos() {
        return clock.nanoTime();
    }

    /** A timer entry for {@code deadlineNanos}, not yet registered. */
    TimerEntry newEntry(long deadlineNanos) {
        return new TimerEntry(tickCeil(deadlineNanos), deadlineNanos);
    }

    /**
     * Polls a timer: ready if it fired or is due now; otherwise stores the waker (the latest
     * wins), links the entry if it is not linked, and returns pending. Check and registration
     * are one critical section (rule 6).
     */
    Poll<Void> poll(TimerEntry entry, Context cx) {
        Object afterLink = null;
        synchronized (lock) {
            if (entry.fired) {
                return Poll.ready(null);
            }
            if (closed) {
                return Poll.failed(new CancellationException("timer driver closed"));
            }
            long nowNanos = clock.nanoTime();
            long now = Math.max(wheel.elapsed(), tickFloor(nowNanos));
            // The exact deadline counts too: rounding it up to a tick is for the wheel only, so a
            // poll after it (a zero sleep, an interval's first tick) is ready at once.
            if (entry.deadlineTick <= now || nowNanos >= entry.deadlineNanos) {
                if (entry.isLinked()) {
                    wheel.remove(entry);
                }
                entry.fired = true;
                entry.waker = null;
                return Poll.ready(null);
            }
            entry.waker = cx.waker();
            if (!entry.isLinked()) {
                afterLink = linkLocked(entry);
            }
        }
        runAfterLink(afterLink);
        return Poll.pending();
    }

    /** {@link #linkLocked}'s answer when the timer thread must be started. */
    private static final Object START_TIMER_THREAD = new Object();

    /**
     * Links {@code entry}, whose deadline is ahead, into the wheel. Returns what to do once the lock
     * is released: {@link #START_TIMER_THREAD}, a timer thread to unpark (the entry is due before
     * the thread would wake), or null.
     */
    private Object linkLocked(TimerEntry entry) {
        wheel.insert(entry);
        if (virtualAccess != null) {
            return null;
        }
        if (!threadRequested) {
            threadRequested = true;
            return START_TIMER_THREAD;
        }
        if (entry.deadlineTick < parkedUntilTick) {
            parkedUntilTick = entry.deadlineTick;
            return timerThread;
        }
        return null;
    }

    private void runAfterLink(Object action) {
        if (action == START_TIMER_THREAD) {
            startTimerThread();
        } else if (action != null) {
            LockSupport.unpark((Thread) action);
        }
    }

    /** Unlinks a timer (closing its future). O(1). Idempotent. */
    void cancel(TimerEntry entry) {
        synchronized (lock) {
            if (entry.isLinked()) {
                wheel.remove(entry);
            }
            entry.waker = null;
        }
    }

    /**
     * Moves a timer to a new deadline, as {@code Sleep.reset} does: it is no longer fired, and if a
     * poller's waker is registered (the timer was pending), it stays registered: the timer is
     * linked at the new deadline, or, if that is already due, fired and the waker woken now
     * (after the lock). Otherwise the timer registers on its next poll.
     */
    void rearm(TimerEntry entry, long deadlineNanos) {
        Waker dueNow = null;
        Object afterLink = null;
        synchronized (lock) {
            if (entry.isLinked()) {
                wheel.remove(entry);
            }
            entry.fired = false;
            entry.deadlineTick = tickCeil(deadlineNanos);
            entry.deadlineNanos = deadlineNanos;
            if (entry.waker == null || closed) {
                return;
            }
            long nowNanos = clock.nanoTime();
            long now = Math.max(wheel.elapsed(), tickFloor(nowNanos));
            if (entry.deadlineTick <= now || nowNanos >= deadlineNanos) {
                entry.fired = true;
                dueNow = entry.waker;
                entry.waker = null;
            } else {
                afterLink = linkLocked(entry);
            }
        }
        runAfterLink(afterLink);
        if (dueNow != null) {
            dueNow.wake(); // on the owner's thread, like any wake from a reset it made (rule T3)
        }
    }

    /** Re-arms a timer for a new deadline; it registers again on its next poll. */
    void reset(TimerEntry entry, long deadlineNanos) {
        synchronized (lock) {
            if (entry.isLinked()) {
                wheel.remove(entry);
            }
            entry.fired = false;
            entry.waker = null;
            entry.deadlineTick = tickCeil(deadlineNanos);
            entry.deadlineNanos = deadlineNanos;
        }
    }

    /** {@code now + duration}, saturating; negative durations give {@code now}. */
    long deadlineAfter(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        long now = clock.nanoTime();
        if (duration.isNegative()) {
            return now;
        }
        return saturatedAdd(now, Nanos.saturated(duration));
    }

    static long saturatedAdd(long a, long b) {
        long sum = a + b;
        // Overflow iff both operands have the same sign and the sum's sign differs.
        if (((a ^ sum) & (b ^ sum)) < 0) {
            return a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return sum;
    }

    /** Nanoseconds since the origin, saturating at both ends. */
    private long sinceOrigin(long nanos) {
        long delta = nanos - originNanos;
        // Overflow iff the operands have different signs and the result's sign differs from nanos.
        if (((nanos ^ originNanos) & (nanos ^ delta)) < 0) {
            return nanos < originNanos ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return delta;
    }

    /** The first tick at or after a clock time (deadlines round up: never fire early). */
    long tickCeil(long nanos) {
        long delta = sinceOrigin(nanos);
        if (delta <= 0) {
            return 0;
        }
        return Math.min(MAX_TICK, (delta - 1) / NANOS_PER_TICK + 1);
    }

    /** The last tick at or before a clock time (the current time rounds down). */
    long tickFloor(long nanos) {
        long delta = sinceOrigin(nanos);
        return delta <= 0 ? 0 : Math.min(MAX_TICK, delta / NANOS_PER_TICK);
    }

    /** The clock time of a tick, saturating. */
    long nanosOfTick(long tick) {
        return saturatedAdd(originNanos, tick * NANOS_PER_TICK);
    }

    // ---- the timer thread (real clocks) --------------------------------------------------------

    /**
     * Makes and starts the timer thread. If the factory refuses (throws or returns null) or the
     * thread cannot start, the failure is thrown to the registering poll and the next
     * registration tries again, so one failure does not leave every later timer without a
     * thread (timers registered while the attempt failed wait for that next registration).
     */
    private void startTimerThread() {
        Thread thread;
        try {
            thread = threads.newThread(this::runTimer);
            if (thread == null) {
                throw new RejectedExecutionException("the thread factory refused to make the timer thread");
            }
        } catch (RuntimeException | Error failed) {
            synchronized (lock) {
                threadRequested = false; // the next registration tries again
            }
            throw failed;
        }
        synchronized (lock) {
            if (closed) {
                return;
            }
            try {
                thread.start();
            } catch (RuntimeException | Error failed) {
                threadRequested = false; // the next registration tries again
                throw failed;
            }
            timerThread = thread;
        }
    }

    private void runTimer() {
        try {
            List<Waker> due = new ArrayList<>();
            while (runTimerTurn(due)) {
                due.clear();
            }
        } finally {
            replaceIfDied();
        }
    }

    /**
     * The timer thread is ending: if the driver is not closed, something escaped the contained
     * turn (an error of this code itself), so a new timer thread is started for the timers in
     * the wheel. If that fails, the next registration tries again.
     */
    private void replaceIfDied() {
        synchronized (lock) {
            if (closed || timerThread != Thread.currentThread()) {
                return;
            }
            timerThread = null;
        }
        try {
            startTimerThread();
        } catch (Throwable failed) {
            report(failed); // startTimerThread cleared threadRequested: the next registration retries
        }
    }

    /** One turn of the timer thread: fire what is due, or wait for the next deadline. False once closed. */
    private boolean runTimerTurn(List<Waker> due) {
        long waitNanos;
        try {
            synchronized (lock) {
                if (closed) {
                    return false;
                }
                long now = clock.nanoTime();
                wheel.advanceTo(tickFloor(now), due);
                long next = wheel.nextExpiration();
                parkedUntilTick = next;
                waitNanos = next == Long.MAX_VALUE ? -1 : nanosOfTick(next) - now;
            }
        } catch (Throwable broken) {
            // The clock is user code: report, wait a tick (no busy loop on a clock that keeps
            // failing), try again.
            report(broken);
            LockSupport.parkNanos(this, NANOS_PER_TICK);
            return true;
        }
        if (!due.isEmpty()) {
            wakeAll(due);
            return true;
        }
        // An interrupt would make every park return at once (a busy loop for the driver's
        // whole life); the timer thread stops only through close(), so it clears it.
        Thread.interrupted();
        if (waitNanos < 0) {
            LockSupport.park(this);
        } else if (waitNanos > 0) {
            LockSupport.parkNanos(this, waitNanos);
        }
        return true;
    }

    /** Calls each waker in order, outside any lock; a throwing waker does not stop the others. */
    private void wakeAll(List<Waker> wakers) {
        for (Waker waker : wakers) {
            try {
                waker.wake();
            } catch (Throwable broken) {
                report(broken);
            }
        }
    }

    private void report(Throwable failure) {
        try {
            failures.accept(failure);
        } catch (Throwable ignored) {
            // The sink must not throw; if it does anyway, the timers matter more than the report.
        }
    }

    private static void toUncaughtExceptionHandler(Throwable failure) {
        Thread current = Thread.currentThread();
        current.getUncaughtExceptionHandler().uncaughtException(current, failure);
    }

    private static void joinUninterruptibly(Thread thread) {
        if (thread == null || thread == Thread.currentThread()) {
            return;
        }
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** How a virtual clock drives this driver (no timer thread). */
    private final class ClockListener implements VirtualTime.Listener {

        @Override
        public long nextDeadlineNanos() {
            synchronized (lock) {
                long next = closed ? Long.MAX_VALUE : wheel.nextExpiration();
                return next == Long.MAX_VALUE ? Long.MAX_VALUE : nanosOfTick(next);
            }
        }

        @Override
        public void fireUntil(long nowNanos) {
            List<Waker> due = new ArrayList<>();
            synchronized (lock) {
                if (closed) {
                    return;
                }
                wheel.advanceTo(tickFloor(nowNanos), due);
            }
            wakeAll(due);
        }
    }
}
