package dev.pollbridge.runtime.internal.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.Waker;
import dev.pollbridge.runtime.metrics.TaskDump;
import dev.pollbridge.test.ProbeFuture;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

/**
 * Rule T1's owned spawn: a task born RUNNING, its one queue entry carrying the ownership. Whoever
 * takes the entry runs it with no SCHEDULED -&gt; RUNNING transition; wakes and aborts before its
 * first turn find it RUNNING and push nothing; a closer that drains the entry cancels it.
 */
class TaskBornOwnedTest {

    private static final Context NO_WAKE = Context.of(Waker.noop());

    private final QueueScheduler scheduler = new QueueScheduler(true);
    private final ProbeFuture<String> future = new ProbeFuture<>();

    private Task<String> spawn() {
        Task<String> task = Task.bornOwned(1, future, scheduler, true);
        scheduler.push(task);
        return task;
    }

    @Test
    void aTaskBornOwnedIsRunningInItsQueueAndThePollThatTakesItNeedsNoTransition() {
        Task<String> task = spawn();
        long born = task.loadState();
        assertTrue(TaskState.isRunning(born) && !TaskState.isScheduled(born), TaskState.describe(born));
        assertEquals(TaskDump.State.SCHEDULED, task.phaseIn(born), "the dump shows a queued task");

        assertTrue(scheduler.runOne());
        assertEquals(1, future.polls());
        assertEquals("JOIN_INTEREST", task.stateDescription(), "idle after a pending first poll");

        future.complete("done");
        assertTrue(scheduler.runOne(), "the wake pushed it once");
        assertFalse(scheduler.runOne());
        assertEquals("done", new TaskJoinHandle<>(task).poll(NO_WAKE).value());
        assertEquals(0, scheduler.doubleQueued.get());
    }

    @Test
    void anAbortBeforeTheFirstTurnPushesNothingAndTheTurnCancelsUnpolled() {
        Task<String> task = spawn();
        TaskJoinHandle<String> handle = new TaskJoinHandle<>(task);
        handle.abort();
        assertEquals(1, scheduler.queue.size(), "the entry the spawner pushed, and no other");

        assertTrue(scheduler.runOne());
        assertFalse(scheduler.runOne());
        assertEquals(0, future.polls());
        assertEquals(1, future.closes());
        assertInstanceOf(CancellationException.class, handle.poll(NO_WAKE).error());
    }

    @Test
    void aWakeBeforeTheFirstTurnPushesNothingAndCostsOneMorePollAtMost() {
        Task<String> task = spawn();
        task.wake(); // from a thread that is not polling it: RUNNING -> +NOTIFIED, no push
        assertEquals(1, scheduler.queue.size());

        assertTrue(scheduler.runOne());
        assertEquals(1, future.polls());
        assertTrue(scheduler.runOne(), "NOTIFIED: re-queued once after the first poll");
        assertEquals(2, future.polls());
        assertFalse(scheduler.runOne());
        assertEquals(0, scheduler.doubleQueued.get());
    }

    @Test
    void aCloserThatDrainsTheEntryOwnsTheTaskAndCancelsIt() {
        Task<String> task = spawn();
        TaskJoinHandle<String> handle = new TaskJoinHandle<>(task);
        Task<?> drained = scheduler.queue.poll();
        drained.shutdownQueued();
        drained.shutdown(); // the registry's pass, if it listed the task too: a no-op on a complete one

        assertTrue(task.isFinished());
        assertEquals(0, future.polls());
        assertEquals(1, future.closes());
        assertInstanceOf(CancellationException.class, handle.poll(NO_WAKE).error());
    }

    @Test
    void aRefusedSpawnIsCancelledByItsSpawnerWhichHoldsTheEntry() {
        Task<String> task = Task.bornOwned(1, future, scheduler, true); // never pushed: the runtime was closed
        task.shutdownQueued();
        assertTrue(task.isFinished());
        assertEquals(1, future.closes());
    }

    @Test
    void itsFirstTurnIsRecordedAsItsSpawnIfTheSchedulerRecordsTurns() {
        scheduler.coarseUnits = 4_321;
        Task<String> task = spawn();
        long born = task.loadState();
        assertEquals(4_321, TaskState.spawnedUnits(born));
        assertEquals(4_321, TaskState.lastPollUnits(born), "a turn in the spawn's unit needs no CAS to be exact");

        scheduler.coarseUnits = 4_325;
        scheduler.runOne();
        assertEquals(4_325, TaskState.lastPollUnits(task.loadState()), "a turn in a later unit records its own");
    }

    @Test
    void withoutTimedTurnsNothingIsRecordedAndTheTaskStaysNeverPolledForTheDump() {
        Task<String> task = spawn();
        assertEquals(TaskState.UNTIMED, TaskState.lastPollUnits(task.loadState()));
        scheduler.runOne();
        assertEquals(TaskState.UNTIMED, TaskState.lastPollUnits(task.loadState()),
                "as a SCHEDULED task's untimed turns record none");
    }
}
