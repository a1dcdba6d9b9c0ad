package dev.pollbridge.runtime;

import dev.pollbridge.api.JoinHandle;
import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Futures;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.MockStreamTask;
import dev.pollbridge.test.MockTask;
import dev.pollbridge.test.ProbeFuture;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The runtime's sleep, timeout and interval, on the real clock and on a virtual one. */
@Timeout(20)
class RuntimeTimeTest {

    /** A task body: sleeps, then yields a value (the sleep is a child it owns and closes). */
    private static final class SleepThen implements PollFuture<String> {
        private final PollFuture<Void> sleep;
        private final String value;

        SleepThen(PollFuture<Void> sleep, String value) {
            this.sleep = sleep;
            this.value = value;
        }

        @Override
        public Poll<String> poll(Context cx) {
            Poll<Void> slept = sleep.poll(cx);
            return slept.isPending() ? Poll.pending() : slept.isFailed() ? slept.cast() : Poll.ready(value);
        }

        @Override
        public void close() {
            sleep.close();
        }
    }

    @Test
    void aSpawnedTaskSleepsOnTheRealClock() {
        Thread timer;
        try (PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("rtt-").build()) {
            long start = System.nanoTime();
            // The sleep is made by the task's first poll, so its deadline is still ahead when it
            // registers and the timer thread starts: a sleep made here could expire before a loaded
            // machine ran the task, which then completes without a timer (and without its thread).
            JoinHandle<String> handle = runtime.spawn(new SleepThen(
                    Futures.defer(() -> runtime.sleep(Duration.ofMillis(20))), "woke"));
            await().atMost(Duration.ofSeconds(5)).until(handle::isFinished);
            assertTrue(System.nanoTime() - start >= Duration.ofMillis(20).toNanos(), "not before 20 ms");
            assertEquals("woke", runtime.blockOn(handle));
            timer = Thread.getAllStackTraces().keySet().stream()
                    .filter(thread -> thread.getName().equals("rtt-timer"))
                    .findFirst()
                    .orElseThrow();
        }
        assertFalse(timer.isAlive(), "close() joined the timer thread");
    }

    @Test
    void aRuntimeOnAVirtualClockFiresSleepsOnAdvance() {
        VirtualClock clock = new VirtualClock();
        try (PollRuntime runtime = PollRuntime.builder().workers(1).clock(clock).build();
                MockTask<Void> sleep = MockTask.spawn(runtime.sleep(Duration.ofSeconds(5)))) {
            assertPending(sleep.poll());
            clock.advance(Duration.ofSeconds(4));
            assertFalse(sleep.isWoken());
            clock.advance(Duration.ofSeconds(1));
            assertTrue(sleep.isWoken());
            assertReady(sleep.poll(), null);

            JoinHandle<String> handle = runtime.spawn(new SleepThen(runtime.sleep(Duration.ofHours(1)), "later"));
            clock.advance(Duration.ofHours(1));
            await().atMost(Duration.ofSeconds(5)).until(handle::isFinished);
            assertEquals("later", runtime.blockOn(handle));
        }
    }

    @Test
    void timeoutAndIntervalUseTheRuntimesClock() {
        VirtualClock clock = new VirtualClock();
        try (PollRuntime runtime = PollRuntime.builder().workers(1).clock(clock).build()) {
            ProbeFuture<String> slow = new ProbeFuture<>();
            try (MockTask<String> limited = MockTask.spawn(runtime.timeout(slow, Duration.ofSeconds(2)))) {
                assertPending(limited.poll());
                clock.advance(Duration.ofSeconds(2));
                assertFailed(limited.poll(), TimeoutException.class);
            }
            assertEquals(1, slow.closes());

            try (MockStreamTask<Long> ticks = MockStreamTask.spawn(runtime.interval(Duration.ofSeconds(1)))) {
                assertReady(ticks.pollNext(), 0L);
                assertPending(ticks.pollNext());
                clock.advance(Duration.ofSeconds(1));
                assertReady(ticks.pollNext(), 1L);
            }
        }
    }

    @Test
    void closingTheRuntimeFailsOutstandingTimers() {
        PollRuntime runtime = PollRuntime.builder().workers(1).clock(new VirtualClock()).build();
        try (MockTask<Void> sleep = MockTask.spawn(runtime.sleep(Duration.ofSeconds(1)))) {
            assertPending(sleep.poll());
            runtime.close();
            assertTrue(sleep.isWoken());
            assertFailed(sleep.poll(), CancellationException.class);
        }
    }

    @Test
    void aGracefulShutdownAlsoStopsTheTimers() {
        PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("rtt-graceful-").build();
        try (MockTask<Void> sleep = MockTask.spawn(runtime.sleep(Duration.ofDays(1)))) {
            assertPending(sleep.poll());
            assertTrue(runtime.shutdownGracefully(Duration.ofSeconds(1)));
            assertFailed(sleep.poll(), CancellationException.class);
        }
        assertNull(Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals("rtt-graceful-timer") && thread.isAlive())
                .findFirst()
                .orElse(null));
    }
}
