package dev.pollbridge.runtime.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.pollbridge.runtime.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The local queue's largest size: a default, a checked value, and what a worker's queue does with it. */
class SchedulerTuningTest {

    private static final Duration SECOND = Duration.ofSeconds(1);

    @Test
    void theDefaultLetsAWorkersQueueGrowToItsLargest() {
        assertEquals(LocalQueue.MAX_CAPACITY, SchedulerTuning.DEFAULT.localQueueMaxCapacity());
        assertEquals(LocalQueue.MAX_CAPACITY,
                new SchedulerTuning(false, SECOND, SchedulerTuning.ADAPTIVE).localQueueMaxCapacity());
    }

    @Test
    void theLargestSizeIsAPowerOfTwoFromTheInitialSize() {
        assertThrows(IllegalArgumentException.class,
                () -> new SchedulerTuning(true, SECOND, SchedulerTuning.ADAPTIVE, LocalQueue.INITIAL_CAPACITY / 2));
        assertThrows(IllegalArgumentException.class,
                () -> new SchedulerTuning(true, SECOND, SchedulerTuning.ADAPTIVE, 3 * LocalQueue.INITIAL_CAPACITY));
        assertThrows(IllegalArgumentException.class,
                () -> new SchedulerTuning(true, SECOND, SchedulerTuning.ADAPTIVE, 1 << 25));
    }

    @Test
    void aWorkersQueueStopsGrowingAtTheTunedSize() {
        int largest = 2 * LocalQueue.INITIAL_CAPACITY;
        WorkStealingEngine engine = new WorkStealingEngine(new EngineConfig(1, 1, SECOND, "tuning-",
                Duration.ofDays(1), failure -> { }, Clock.system(), true, null,
                new SchedulerTuning(true, SECOND, SchedulerTuning.ADAPTIVE, largest)));
        Worker worker = engine.workers[0];
        assertEquals(LocalQueue.INITIAL_CAPACITY, worker.queue.capacity(), "a queue starts small");
        for (int i = 0; i <= largest; i++) {
            worker.pushBack(GlobalQueueTest.task(i));
        }
        assertEquals(largest, worker.queue.capacity());
        assertEquals(largest / 2 + 1, engine.global.size(), "the overflow at the tuned size");
    }
}
