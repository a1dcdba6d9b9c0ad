package dev.pollbridge.runtime.internal.time;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.test.MockStreamTask;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class IntervalTest {

    private final VirtualClock clock = new VirtualClock();
    private final TimeDriver driver = new TimeDriver(clock);

    @AfterEach
    void closeDriver() {
        driver.close();
    }

    @Test
    void firstTickIsImmediateThenOnePerPeriod() {
        try (MockStreamTask<Long> ticks = MockStreamTask.spawn(driver.interval(Duration.ofMillis(10)))) {
            assertReady(ticks.pollNext(), 0L);
            for (long tick = 1; tick <= 5; tick++) {
                assertPending(ticks.pollNext());
                clock.advance(Duration.ofMillis(9));
                assertFalse(ticks.isWoken());
                clock.advance(Duration.ofMillis(1));
                assertTrue(ticks.isWoken());
                assertReady(ticks.pollNext(), tick);
            }
        }
    }

    @Test
    void firstTickIsImmediateEvenWhenBuiltBetweenMilliseconds() {
        clock.advance(Duration.ofNanos(500_000));
        try (MockStreamTask<Long> ticks = MockStreamTask.spawn(driver.interval(Duration.ofMillis(10)))) {
            assertReady(ticks.pollNext(), 0L);
            assertEquals(0, driver.timerCount());
        }
    }

    @Test
    void missedTicksAreSkippedAndTheGridIsKept() {
        try (MockStreamTask<Long> ticks = MockStreamTask.spawn(driver.interval(Duration.ofMillis(10)))) {
            assertReady(ticks.pollNext(), 0L);                  // t = 0
            clock.advance(Duration.ofMillis(10));
            assertReady(ticks.pollNext(), 1L);                  // t = 10; next due at 20
            // The consumer does not poll for more than 5 periods (ticks due at 20..60 missed).
            clock.advance(Duration.ofMillis(55));               // t = 65
            assertReady(ticks.pollNext(), 2L);                  // one late tick, at once
            assertPending(ticks.pollNext());                    // no burst of the missed ones
            clock.advance(Duration.ofMillis(4));                // t = 69
            assertFalse(ticks.isWoken());
            clock.advance(Duration.ofMillis(1));                // t = 70: back on the 10 ms grid
            assertTrue(ticks.isWoken());
            assertReady(ticks.pollNext(), 3L);
            assertPending(ticks.pollNext());
            clock.advance(Duration.ofMillis(10));               // t = 80
            assertReady(ticks.pollNext(), 4L);
        }
    }

    @Test
    void aConsumerLateByLessThanAPeriodKeepsTheGrid() {
        try (MockStreamTask<Long> ticks = MockStreamTask.spawn(driver.interval(Duration.ofMillis(10)))) {
            assertReady(ticks.pollNext(), 0L);
            clock.advance(Duration.ofMillis(17));               // tick due at 10 polled at 17
            assertReady(ticks.pollNext(), 1L);
            clock.advance(Duration.ofMillis(2));                // t = 19
            assertPending(ticks.pollNext());
            clock.advance(Duration.ofMillis(1));                // t = 20
            assertReady(ticks.pollNext(), 2L);
        }
    }

    @Test
    void closingLeavesTheWheel() {
        MockStreamTask<Long> ticks = MockStreamTask.spawn(driver.interval(Duration.ofSeconds(1)));
        assertReady(ticks.pollNext(), 0L);
        assertPending(ticks.pollNext());
        assertEquals(1, driver.timerCount());
        ticks.close();
        assertEquals(0, driver.timerCount());
    }

    @Test
    void periodsUnderTheResolutionAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> driver.interval(Duration.ofNanos(999_999)));
        assertThrows(IllegalArgumentException.class, () -> driver.interval(Duration.ZERO));
    }

    @Test
    void aClosedDriverFailsTheInterval() {
        MockStreamTask<Long> ticks = MockStreamTask.spawn(driver.interval(Duration.ofMillis(10)));
        assertReady(ticks.pollNext(), 0L);
        assertPending(ticks.pollNext());
        driver.close();
        assertFailed(ticks.pollNext(), CancellationException.class);
        assertThrows(IllegalStateException.class, ticks::pollNext);
        ticks.close();
    }
}
