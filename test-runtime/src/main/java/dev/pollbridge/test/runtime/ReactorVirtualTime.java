package dev.pollbridge.test.runtime;

import dev.pollbridge.runtime.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import reactor.core.Disposable;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * Reactor's virtual time on the runtime's virtual clock: one time line for both libraries.
 *
 * <p>{@link #scheduler(TestRuntime)} returns a {@link VirtualTimeScheduler} linked to the test
 * runtime's {@link VirtualClock}. Advancing either side moves both: {@code
 * StepVerifier.withVirtualTime(..).thenAwait(d)} (or the scheduler's {@code advanceTimeBy}) is
 * {@link TestRuntime#advance(Duration)}, and {@link TestRuntime#advance(Duration)} moves the
 * scheduler.
 *
 * <p><b>Order.</b> Within one advance, Reactor's tasks and the runtime's timers fire in time
 * order (see {@link VirtualClock#advance(Duration)} for the one exception), and each side's work
 * runs at its own instant. The runtime's queued tasks run after every step of the clock and after
 * every Reactor task given to the scheduler itself ({@code Mono.delay}, {@code Flux.interval},
 * {@code delayElements}, ...). So a runtime timer that a Reactor task starts, directly or through
 * a task it spawns or wakes, counts from that Reactor task's instant, and a Reactor delay that a
 * runtime task starts counts from the runtime timer that woke the task. The one exception: a
 * delayed task given to a worker of the scheduler ({@code publishOn}, rare with a delay) is not
 * announced to the clock, so the runtime's tasks it wakes run at the clock's next stop.
 *
 * <pre>{@code
 * TestRuntime runtime = TestRuntime.withVirtualTime();
 * StepVerifier.withVirtualTime(() -> MonoBridge.toMono(() -> sleepThenAnswer(runtime), runtime.runtime()),
 *                 () -> ReactorVirtualTime.scheduler(runtime), Long.MAX_VALUE)
 *         .thenAwait(Duration.ofSeconds(61)) // the runtime's 60 s sleep fires, its task runs
 *         .expectNext(42)
 *         .verifyComplete();
 * }</pre>
 *
 * <p>Requires {@code io.projectreactor:reactor-test} (an optional dependency of this module).
 * The scheduler unlinks itself when disposed ({@code StepVerifier} disposes it at the end of the
 * verification). Call it, and advance it, from the test thread.
 */
public final class ReactorVirtualTime {

    private ReactorVirtualTime() {}

    /**
     * A virtual-time scheduler linked to {@code runtime}'s clock; its advances run the runtime's
     * tasks as {@link TestRuntime#advance(Duration)} does.
     *
     * @param runtime a test runtime on virtual time ({@link TestRuntime#withVirtualTime()})
     * @return a scheduler that reads and moves the runtime's clock
     * @throws IllegalStateException if the runtime's clock is not a {@link VirtualClock}
     */
    public static VirtualTimeScheduler scheduler(TestRuntime runtime) {
        Objects.requireNonNull(runtime, "runtime");
        return new Linked(runtime.clock(), runtime::advance, Settle.of(runtime));
    }

    /**
     * A virtual-time scheduler linked to {@code clock}, for a runtime whose workers run its tasks
     * (its advances only move the clock).
     *
     * @param clock the runtime's clock
     * @return a scheduler that reads and moves the clock
     */
    public static VirtualTimeScheduler scheduler(VirtualClock clock) {
        Objects.requireNonNull(clock, "clock");
        return new Linked(clock, clock::advance, () -> { });
    }

    /**
     * The linked scheduler. Its public advances go through the clock; the clock moves Reactor's
     * own time ({@code super}) through {@link #advanceTo}. The offset maps Reactor's time origin
     * onto the clock's. {@code settle} runs the runtime's queued tasks: before Reactor's time
     * moves, and after each task given to the scheduler itself.
     */
    private static final class Linked extends VirtualTimeScheduler implements VirtualClock.Timeline {

        private final VirtualClock clock;
        private final Consumer<Duration> advance;
        private final Runnable settle;
        private final long offset;
        /** Deadlines (clock nanos) of tasks given to the scheduler itself; stale ones included. */
        private final PriorityQueue<Long> deadlines = new PriorityQueue<>(); // guarded by itself

        Linked(VirtualClock clock, Consumer<Duration> advance, Runnable settle) {
            super(false);
            this.clock = clock;
            this.advance = advance;
            this.settle = settle;
            this.offset = clock.nanoTime() - super.now(TimeUnit.NANOSECONDS);
            clock.link(this);
        }

        @Override
        public void advanceTime() {
            advance.accept(Duration.ZERO);
        }

        @Override
        public void advanceTimeBy(Duration delayTime) {
            advance.accept(delayTime.isNegative() ? Duration.ZERO : delayTime);
        }

        @Override
        public void advanceTimeTo(Instant instant) {
            long target = TimeUnit.MILLISECONDS.toNanos(instant.toEpochMilli());
            advance.accept(Duration.ofNanos(Math.max(0, target - now(TimeUnit.NANOSECONDS))));
        }

        @Override
        public Disposable schedule(Runnable task) {
            return super.schedule(settling(task));
        }

        @Override
        public Disposable schedule(Runnable task, long delay, TimeUnit unit) {
            announce(unit.toNanos(delay));
            return super.schedule(settling(task), delay, unit);
        }

        @Override
        public Disposable schedulePeriodically(Runnable task, long initialDelay, long period, TimeUnit unit) {
            announce(unit.toNanos(initialDelay));
            long periodNanos = unit.toNanos(period);
            Runnable settling = settling(task);
            return super.schedulePeriodically(() -> {
                announce(periodNanos);
                settling.run();
            }, initialDelay, period, unit);
        }

        private Runnable settling(Runnable task) {
            Objects.requireNonNull(task, "task");
            return () -> {
                try {
                    task.run();
                } finally {
                    settle.run();
                }
            };
        }

        /** Tells the clock to stop {@code delayNanos} from Reactor's now (a cancelled one stays: a no-op stop). */
        private void announce(long delayNanos) {
            if (delayNanos > 0) {
                long deadline = nanoTime() + delayNanos;
                synchronized (deadlines) {
                    deadlines.add(deadline < 0 ? Long.MAX_VALUE : deadline);
                }
            }
        }

        @Override
        public long nextDeadlineNanos() {
            long now = nanoTime();
            synchronized (deadlines) {
                while (!deadlines.isEmpty() && deadlines.peek() <= now) {
                    deadlines.poll();
                }
                return deadlines.isEmpty() ? Long.MAX_VALUE : deadlines.peek();
            }
        }

        @Override
        public void advanceTo(long clockNanos) {
            settle.run(); // the runtime's tasks woken at the previous step run at its instant
            long delta = clockNanos - offset - super.now(TimeUnit.NANOSECONDS);
            if (delta >= 0) {
                super.advanceTimeBy(Duration.ofNanos(delta));
            }
        }

        @Override
        public long nanoTime() {
            return super.now(TimeUnit.NANOSECONDS) + offset;
        }

        @Override
        public void dispose() {
            clock.unlink(this);
            super.dispose();
        }

        @Override
        public String toString() {
            return "ReactorVirtualTime[" + clock + "]";
        }
    }
}
