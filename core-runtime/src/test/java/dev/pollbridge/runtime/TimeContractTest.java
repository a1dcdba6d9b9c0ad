package dev.pollbridge.runtime;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.runtime.time.MissedTickBehavior;
import dev.pollbridge.test.FutureSubject;
import dev.pollbridge.test.PollFutureContract;
import dev.pollbridge.test.PollStreamContract;
import dev.pollbridge.test.ProbeFuture;
import dev.pollbridge.test.StreamSubject;
import dev.pollbridge.test.Upstream;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Nested;

/**
 * {@link PollRuntime#sleep}, {@link PollRuntime#sleepUntil}, {@link PollRuntime#timeout},
 * {@link PollRuntime#timeoutAt} and {@link PollRuntime#interval} (with each {@link MissedTickBehavior}, its
 * {@code tick()} future and a reset one), {@link Time}'s timers of the current runtime and
 * {@link Retry} (an attempt in flight, a delay pending)
 * keep the contract on a runtime with a {@link VirtualClock}: advancing the clock is the trigger,
 * and each one's timer is its upstream (linked at the first poll, unlinked by close).
 */
class TimeContractTest {

    private static final Duration PERIOD = Duration.ofSeconds(1);

    /** A runtime without workers (timers need none) on its own virtual clock. */
    private static PollRuntime runtimeOn(VirtualClock clock) {
        return PollRuntime.builder().workers(0).clock(clock).build();
    }

    @Nested
    class Sleep extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            VirtualClock clock = new VirtualClock();
            PollRuntime runtime = runtimeOn(clock);
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
            PollRuntime runtime = runtimeOn(clock);
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
            PollRuntime runtime = runtimeOn(clock);
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
            PollRuntime runtime = runtimeOn(clock);
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
            PollRuntime runtime = runtimeOn(clock);
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
            PollRuntime runtime = runtimeOn(clock);
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
            PollRuntime runtime = runtimeOn(clock);
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
            PollRuntime runtime = runtimeOn(clock);
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
            PollRuntime runtime = runtimeOn(clock);
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
            PollRuntime runtime = runtimeOn(clock);
            dev.pollbridge.runtime.time.Interval interval = runtime.interval(PERIOD);
            interval.resetAt(clock.nanoTime() + PERIOD.toNanos());
            return StreamSubject.of((dev.pollbridge.api.PollStream<Long>) interval)
                    .emits(i -> clock.advance(PERIOD), i -> (long) i)
                    .fails(runtime::close, CancellationException.class)
                    .upstream(Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    /**
     * The contract polls with a bare {@code Context.of(waker)}; a future that finds its runtime
     * through the context ({@link Time}, {@link Retry}) is given the context a poller of
     * {@code runtime} passes (its engine as the attachment), as a task's poll would.
     */
    private static <T> PollFuture<T> polledIn(PollRuntime runtime, PollFuture<T> future) {
        Object poller = runtime.engine();
        return new PollFuture<>() {
            @Override
            public Poll<T> poll(Context cx) {
                return future.poll(Context.of(cx.waker(), poller));
            }

            @Override
            public void close() {
                future.close();
            }
        };
    }

    /**
     * Moves {@code clock} a period on once {@code runtime} has a timer linked. A timer of
     * {@link Time} or {@link Retry} takes its deadline at the first poll (the first moment it
     * knows the runtime): an advance that came before would only move the start. So the trigger
     * waits for the timer; the timer is linked and the waker stored in one critical section of
     * the driver, so the race with the poll that registers it is still there.
     */
    private static Runnable advanceOnceLinked(VirtualClock clock, PollRuntime runtime) {
        BooleanSupplier linked = RuntimeTimers.anyLinked(runtime);
        return () -> {
            Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(1))
                    .until(linked::getAsBoolean);
            clock.advance(PERIOD);
        };
    }

    /** {@code Time.timeout} (no runtime argument): the inner future finishes first (or fails). */
    @Nested
    class CurrentRuntimeTimeout extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            VirtualClock clock = new VirtualClock();
            PollRuntime runtime = runtimeOn(clock);
            ProbeFuture<String> inner = new ProbeFuture<>();
            return FutureSubject.of(polledIn(runtime, Time.timeout(inner, PERIOD)))
                    .completesWith("in time", () -> inner.complete("in time"))
                    .failsWith(inner::fail)
                    .upstream(Upstream.of(inner), Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    /** {@code Time.timeout}: the limit comes first; the inner future is closed. */
    @Nested
    class CurrentRuntimeTimeoutElapses extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            VirtualClock clock = new VirtualClock();
            PollRuntime runtime = runtimeOn(clock);
            ProbeFuture<String> inner = new ProbeFuture<>();
            return FutureSubject.of(polledIn(runtime, Time.timeout(inner, PERIOD)))
                    .fails(advanceOnceLinked(clock, runtime), TimeoutException.class)
                    .upstream(Upstream.of(inner), Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    /** {@code Time.timeoutOrNull}: the limit comes first, the answer is {@code null}. */
    @Nested
    class CurrentRuntimeTimeoutOrNull extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            VirtualClock clock = new VirtualClock();
            PollRuntime runtime = runtimeOn(clock);
            ProbeFuture<String> inner = new ProbeFuture<>();
            return FutureSubject.of(polledIn(runtime, Time.timeoutOrNull(inner, PERIOD)))
                    .completesWith(null, advanceOnceLinked(clock, runtime))
                    .failsWith(inner::fail)
                    .upstream(Upstream.of(inner), Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    /** {@code Time.sleep} (no runtime argument). */
    @Nested
    class CurrentRuntimeSleep extends PollFutureContract<Void> {
        @Override
        protected FutureSubject<Void> subject() {
            VirtualClock clock = new VirtualClock();
            PollRuntime runtime = runtimeOn(clock);
            return FutureSubject.of(polledIn(runtime, Time.sleep(PERIOD)))
                    .completesWith(null, advanceOnceLinked(clock, runtime))
                    .fails(runtime::close, CancellationException.class)
                    .upstream(Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    /** {@code Retry}: the first attempt is in flight; its end (a refused failure) is the retry's. */
    @Nested
    class RetryAttempt extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            PollRuntime runtime = runtimeOn(new VirtualClock());
            ProbeFuture<String> attempt = new ProbeFuture<>();
            PollFuture<String> retry = Retry.backoff(3, PERIOD).filter(failure -> false).run(() -> attempt);
            return FutureSubject.of(polledIn(runtime, retry))
                    .completesWith("first", () -> attempt.complete("first"))
                    .failsWith(attempt::fail)
                    .upstream(Upstream.handedOver(attempt))
                    .closing(runtime);
        }
    }

    /** {@code Retry}: the first attempt failed; the delay before the second is pending. */
    @Nested
    class RetryDelay extends PollFutureContract<String> {
        @Override
        protected FutureSubject<String> subject() {
            VirtualClock clock = new VirtualClock();
            PollRuntime runtime = runtimeOn(clock);
            List<ProbeFuture<String>> attempts = List.of(
                    ProbeFuture.failedWith(new IllegalStateException("first")), ProbeFuture.completed("second"));
            int[] made = {0};
            PollFuture<String> retry = Retry.backoff(3, PERIOD).jitter(0).run(() -> attempts.get(made[0]++));
            return FutureSubject.of(polledIn(runtime, retry))
                    .completesWith("second", advanceOnceLinked(clock, runtime))
                    .fails(runtime::close, CancellationException.class)
                    .upstream(Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                    .closing(runtime);
        }
    }

    private static StreamSubject<Long> interval(MissedTickBehavior missed) {
        VirtualClock clock = new VirtualClock();
        PollRuntime runtime = runtimeOn(clock);
        return StreamSubject.of(runtime.interval(PERIOD, missed))
                .readyFirst(List.of(0L))
                .emits(i -> clock.advance(PERIOD), i -> i + 1L)
                .fails(runtime::close, CancellationException.class)
                .upstream(Upstream.queued("timer", RuntimeTimers.anyLinked(runtime)))
                .closing(runtime);
    }
}
