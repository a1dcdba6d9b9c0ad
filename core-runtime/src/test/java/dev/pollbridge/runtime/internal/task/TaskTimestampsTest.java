package dev.pollbridge.runtime.internal.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.test.ProbeFuture;
import org.junit.jupiter.api.Test;

/** The task dump's timestamps in the state word's spare bits ({@link TaskClock}). */
class TaskTimestampsTest {

    private static final long UNIT = 1L << TaskClock.UNIT_SHIFT;

    @Test
    void elapsedTimeIsExactToOneUnitAndWrapsModuloTheField() {
        long then = TaskClock.units(1_000_000_000L);
        long now = TaskClock.units(1_000_000_000L + 5_000 * UNIT);
        assertEquals(5_000 * UNIT, TaskClock.elapsedNanos(now, then));
        // Across the wrap of the 28-bit field: still the right difference.
        assertEquals(3 * UNIT, TaskClock.elapsedNanos(1, TaskClock.MASK - 1));
    }

    @Test
    void everyTransitionKeepsTheSpawnTimeAndTheLatestTurnStart() {
        QueueScheduler scheduler = new QueueScheduler();
        long spawned = 12_345;
        ProbeFuture<String> future = new ProbeFuture<>();
        Task<String> task = new Task<>(1, future, scheduler, true, spawned);
        assertEquals(spawned, TaskState.spawnedUnits(task.loadState()));
        assertEquals(TaskState.UNTIMED, TaskState.lastPollUnits(task.loadState()), "never polled");

        assertEquals(TaskState.ToRunning.SUCCESS, task.transitionToRunning(spawned + 7));
        task.transitionToNotified();
        assertTrue(task.markSlowPollReported());
        assertEquals(TaskState.ToIdle.NOTIFIED, task.transitionToIdle(false));
        assertEquals(TaskState.ToRunning.SUCCESS, task.transitionToRunning()); // an untimed turn keeps the last time
        assertEquals(spawned + 7, TaskState.lastPollUnits(task.loadState()));
        task.transitionToIdle(false);
        task.transitionToCancelled();
        assertEquals(TaskState.ToRunning.CANCELLED, task.transitionToRunning(spawned + 9));
        task.unsetJoinInterest();
        long last = task.loadState();
        assertEquals(spawned, TaskState.spawnedUnits(last));
        assertEquals(spawned + 9, TaskState.lastPollUnits(last));
        assertTrue(TaskState.isRunning(last) && TaskState.isCancelled(last) && !TaskState.isScheduled(last));
        assertEquals("RUNNING|CANCELLED|SLOW_POLL_REPORTED", task.stateDescription(), "describe() shows flags only");
    }
}
