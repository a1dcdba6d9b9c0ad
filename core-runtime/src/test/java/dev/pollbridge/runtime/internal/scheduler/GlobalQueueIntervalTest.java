package dev.pollbridge.runtime.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.runtime.PollRuntime;
import org.junit.jupiter.api.Test;

/** The global-queue interval's tuning (Tokio's {@code tuned_global_queue_interval}), as arithmetic. */
class GlobalQueueIntervalTest {

    @Test
    void theIntervalAimsAt200MicrosecondsOfPollingBetweenTwoAndOneHundredTwentySeven() {
        assertEquals(61, Worker.tunedInterval(200_000.0 / 61)); // the starting point
        assertEquals(127, Worker.tunedInterval(100.0));         // short polls: capped
        assertEquals(20, Worker.tunedInterval(10_000.0));
        assertEquals(2, Worker.tunedInterval(1_000_000.0));     // long polls: never below 2
        assertEquals(127, Worker.tunedInterval(0.0));
    }

    @Test
    void theMeanMovesTowardsTheMeasuredPollTimeByItsWeight() {
        assertEquals(1_000.0 * 0.1 + 100.0 * 0.9, Worker.nextMeanPollNanos(100.0, 1_000.0, 1), 1e-9);
        double afterMany = Worker.nextMeanPollNanos(100.0, 1_000.0, 200);
        assertTrue(afterMany > 999.0 && afterMany <= 1_000.0, "200 polls all but replace the mean: " + afterMany);
    }

    @Test
    void aFixedIntervalMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> PollRuntime.builder().globalQueueInterval(0));
    }
}
