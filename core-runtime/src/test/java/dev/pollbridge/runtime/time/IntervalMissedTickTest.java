package dev.pollbridge.runtime.time;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.runtime.PollRuntime;
import dev.pollbridge.runtime.VirtualClock;
import dev.pollbridge.test.MockStreamTask;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The missed-tick behaviors of an interval (issue 17, item 1), ported from Tokio's
 * {@code tests/time_interval.rs} ({@code burst}, {@code delay}, {@code skip}): the same period
 * (300 ms), the same advances of virtual time, the same pattern of ready ticks and pendings.
 * Tokio's ticks carry their deadline; here ticks are numbered, so each step checks how many ticks
 * are ready before the interval answers pending. As in Tokio, the clock first moves 1 ms past the
 * start so that every timer due "now" has fired at the 1 ms resolution.
 */
class IntervalMissedTickTest {

    private final VirtualClock clock = new VirtualClock();
    private final PollRuntime runtime = PollRuntime.builder().workers(1).threadNamePrefix("interval-test-").clock(clock).build();

    @AfterEach
    void close() {
        runtime.close();
    }

    private MockStreamTask<Long> interval(MissedTickBehavior missed) {
        MockStreamTask<Long> ticks = MockStreamTask.spawn(runtime.interval(Duration.ofMillis(300), missed));
        clock.advance(Duration.ofMillis(1));
        return ticks;
    }

    /** Advances {@code millis}, then expects {@code ready} ticks (numbered from {@code first}) and a pending. */
    private void step(MockStreamTask<Long> ticks, long millis, long first, int ready) {
        clock.advance(Duration.ofMillis(millis));
        for (int i = 0; i < ready; i++) {
            assertReady(ticks.pollNext(), first + i);
        }
        assertPending(ticks.pollNext());
    }

    /** Tokio: {@code burst}: ticks s, s+p; late at 951: s+2p and s+3p at once; back on the grid. */
    @Test
    void burst() {
        try (MockStreamTask<Long> ticks = interval(MissedTickBehavior.BURST)) {
            step(ticks, 0, 0, 1);     // 1: s
            step(ticks, 100, 1, 0);   // 101
            step(ticks, 200, 1, 1);   // 301: s + 300
            step(ticks, 650, 2, 2);   // 951: s + 600 and s + 900, a burst
            step(ticks, 200, 4, 0);   // 1151
            step(ticks, 100, 4, 1);   // 1251: s + 1200
            step(ticks, 250, 5, 1);   // 1501: s + 1500
            step(ticks, 300, 6, 1);   // 1801: s + 1800
        }
    }

    /** Tokio: {@code delay}: late at 951, the grid restarts there: next ticks at 1251, 1551, 1851. */
    @Test
    void delay() {
        try (MockStreamTask<Long> ticks = interval(MissedTickBehavior.DELAY)) {
            step(ticks, 0, 0, 1);     // 1
            step(ticks, 100, 1, 0);   // 101
            step(ticks, 200, 1, 1);   // 301: 1 ms late, within the tolerance: the grid stays
            step(ticks, 650, 2, 1);   // 951: the tick due at 600, 351 ms late: next at 1251
            step(ticks, 100, 3, 0);   // 1051
            step(ticks, 199, 3, 0);   // 1250
            step(ticks, 1, 3, 1);     // 1251
            step(ticks, 299, 4, 0);   // 1550
            step(ticks, 1, 4, 1);     // 1551
            step(ticks, 300, 5, 1);   // 1851
        }
    }

    /** Tokio: {@code skip}: late at 951, the ticks due at 900 is dropped: next at 1200, 1500, 1800. */
    @Test
    void skip() {
        try (MockStreamTask<Long> ticks = interval(MissedTickBehavior.SKIP)) {
            step(ticks, 0, 0, 1);     // 1
            step(ticks, 100, 1, 0);   // 101
            step(ticks, 200, 1, 1);   // 301
            step(ticks, 650, 2, 1);   // 951: one tick for the late period
            step(ticks, 248, 3, 0);   // 1199
            step(ticks, 2, 3, 1);     // 1201: s + 1200, on the grid
            step(ticks, 300, 4, 1);   // 1501
            step(ticks, 300, 5, 1);   // 1801
        }
    }

    @Test
    void theBehaviorMustBeGiven() {
        assertThrows(NullPointerException.class, () -> runtime.interval(Duration.ofMillis(1), null));
        assertThrows(IllegalArgumentException.class, () -> runtime.interval(Duration.ZERO, MissedTickBehavior.BURST));
    }
}
