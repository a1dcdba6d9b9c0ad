package dev.pollbridge.runtime;

import dev.pollbridge.runtime.time.MissedTickBehavior;
import dev.pollbridge.runtime.time.VirtualClock;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Nested;

/**
 * {@link Runtime#sleep}, {@link Runtime#sleepUntil}, {@link Runtime#timeout},
 * {@link Runtime#timeoutAt} and {@link Runtime#interval} (with each {@link MissedTickBehavior}, its
 * {@code tick()} future and a reset one)
 * keep the contract on a runtime with a {@link VirtualClock}: advancing the clock is the trigger,
 * and each one's timer is its upstream (linked at the first poll, unlinked by close).
 */
class TimeContractTest {

    private static final Duration PERIOD = Duration.ofSeconds(1);

    /** A runtime without workers (timers need none) on its own virtual clock. */
    private static Runtime runtimeOn(VirtualClock clock) {
        return Runtime.builder().workers(0).clock(clock).build();
    }

    @Nested
    class Sleep extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            VirtualClock clock = new VirtualClock();
            Runtime runtime = runtimeOn(clock);
            return FutureSubject.of(runtime.sleep(PERIOD))
                    .completesWith(null, () -> clock.advance(PERIOD))
                    .fails(runtime::close, CancellationException.class)
                    .upstream(Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    /** The inner future finishes first (or fails). */
    @Nested
    class Timeout extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            VirtualClock clock = new VirtualClock();
            Runtime runtime = runtimeOn(clock);
            ProbeFuture<String> inner = new ProbeFuture<>();
            return FutureSubject.of(runtime.timeout(inner, PERIOD))
                    .completesWith("in time", () -> inner.complete("in time"))
                    .failsWith(inner::fail)
                    .upstream(Upstream.of(inner), Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    /** The deadline comes first: the timeout fails and closes the inner future. */
    @Nested
    class TimeoutElapses extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            VirtualClock clock = new VirtualClock();
            Runtime runtime = runtimeOn(clock);
            ProbeFuture<String> inner = new ProbeFuture<>();
            return FutureSubject.of(runtime.timeout(inner, PERIOD))
                    .fails(() -> clock.advance(PERIOD), TimeoutException.class)
                    .upstream(Upstream.of(inner), Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    /** Tick 0 is due at once; each advance by a period makes the next one due. */
    @Nested
    class Interval extends PollStreamContract<Long> {
        @Override
        protected StreamSubject<Long> subject() {
            VirtualClock clock = new VirtualClock();
            Runtime runtime = runtimeOn(clock);
            return StreamSubject.of(runtime.interval(PERIOD))
                    .readyFirst(List.of(0L))
                    .emits(i -> clock.advance(PERIOD), i -> i + 1L)
                    .fails(runtime::close, CancellationException.class)
                    .upstream(Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    /** An absolute deadline one period ahead on the runtime's clock. */
    @Nested
    class SleepUntil extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            VirtualClock clock = new VirtualClock();
            Runtime runtime = runtimeOn(clock);
            return FutureSubject.of(runtime.sleepUntil(clock.nanoTime() + PERIOD.toNanos()))
                    .completesWith(null, () -> clock.advance(PERIOD))
                    .fails(runtime::close, CancellationException.class)
                    .upstream(Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    /** A sleep reset, before its first poll, to twice its period: only the later deadline completes it. */
    @Nested
    class SleepReset extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            VirtualClock clock = new VirtualClock();
            Runtime runtime = runtimeOn(clock);
            dev.pollbridge.runtime.time.Sleep sleep = runtime.sleep(PERIOD);
            sleep.reset(clock.nanoTime() + PERIOD.multipliedBy(2).toNanos());
            return FutureSubject.of(sleep)
                    .completesWith(null, () -> clock.advance(PERIOD.multipliedBy(2)))
                    .fails(runtime::close, CancellationException.class)
                    .upstream(Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    /** {@code timeoutAt}: the inner future finishes before the absolute deadline (or fails). */
    @Nested
    class TimeoutAt extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            VirtualClock clock = new VirtualClock();
            Runtime runtime = runtimeOn(clock);
            ProbeFuture<String> inner = new ProbeFuture<>();
            return FutureSubject.of(runtime.timeoutAt(inner, clock.nanoTime() + PERIOD.toNanos()))
                    .completesWith("in time", () -> inner.complete("in time"))
                    .failsWith(inner::fail)
                    .upstream(Upstream.of(inner), Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    /** {@code timeoutAt}: the absolute deadline comes first; the inner future is closed. */
    @Nested
    class TimeoutAtElapses extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            VirtualClock clock = new VirtualClock();
            Runtime runtime = runtimeOn(clock);
            ProbeFuture<String> inner = new ProbeFuture<>();
            return FutureSubject.of(runtime.timeoutAt(inner, clock.nanoTime() + PERIOD.toNanos()))
                    .fails(() -> clock.advance(PERIOD), TimeoutException.class)
                    .upstream(Upstream.of(inner), Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    /** {@code MissedTickBehavior.BURST}: tick 0 at once, then one per period. */
    @Nested
    class IntervalBurst extends PollStreamContract<Long> {
        @Override
        protected StreamSubject<Long> subject() {
            return interval(MissedTickBehavior.BURST);
        }
    }

    /** {@code MissedTickBehavior.DELAY}: tick 0 at once, then one per period. */
    @Nested
    class IntervalDelay extends PollStreamContract<Long> {
        @Override
        protected StreamSubject<Long> subject() {
            return interval(MissedTickBehavior.DELAY);
        }
    }

    /** {@code MissedTickBehavior.SKIP}, named: tick 0 at once, then one per period. */
    @Nested
    class IntervalSkip extends PollStreamContract<Long> {
        @Override
        protected StreamSubject<Long> subject() {
            return interval(MissedTickBehavior.SKIP);
        }
    }

    /** {@code Interval.tick()}: the future of the next tick's scheduled instant (it borrows the interval). */
    @Nested
    class IntervalTick extends PollFutureContract<Long> {
        @Override
        protected FutureSubject<Long> subject() {
            VirtualClock clock = new VirtualClock();
            Runtime runtime = runtimeOn(clock);
            dev.pollbridge.runtime.time.Interval interval = runtime.interval(PERIOD);
            interval.pollTick(dev.pollbridge.api.Context.of(dev.pollbridge.api.Waker.noop())); // tick 0, due at once
            long due = clock.nanoTime() + PERIOD.toNanos();
            return FutureSubject.of(interval.tick())
                    .completesWith(due, () -> clock.advance(PERIOD))
                    .fails(runtime::close, CancellationException.class)
                    .closing(runtime)
                    .closing(interval);
        }
    }

    /** An interval reset, before its first poll, to one period from now: no tick is due at once. */
    @Nested
    class IntervalResetAt extends PollStreamContract<Long> {
        @Override
        protected StreamSubject<Long> subject() {
            VirtualClock clock = new VirtualClock();
            Runtime runtime = runtimeOn(clock);
            dev.pollbridge.runtime.time.Interval interval = runtime.interval(PERIOD);
            interval.resetAt(clock.nanoTime() + PERIOD.toNanos());
            return StreamSubject.of((dev.pollbridge.api.PollStream<Long>) interval)
                    .emits(i -> clock.advance(PERIOD), i -> (long) i)
                    .fails(runtime::close, CancellationException.class)
                    .upstream(Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    private static StreamSubject<Long> interval(MissedTickBehavior missed) {
        VirtualClock clock = new VirtualClock();
        Runtime runtime = runtimeOn(clock);
        return StreamSubject.of(runtime.interval(PERIOD, missed))
                .readyFirst(List.of(0L))
                .emits(i -> clock.advance(PERIOD), i -> i + 1L)
                .fails(runtime::close, CancellationException.class)
                .upstream(Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                .closing(runtime);
    }
}
