package dev.pollbridge.runtime;

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
 * {@link Runtime#sleep}, {@link Runtime#timeout} and {@link Runtime#interval} keep the contract on
 * a runtime with a {@link VirtualClock}: advancing the clock is the trigger, and each one's timer
 * is its upstream (linked at the first poll, unlinked by close).
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
}
