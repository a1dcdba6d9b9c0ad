package dev.pollbridge.runtime.internal.task;

import static dev.pollbridge.test.PollAssertions.assertFailed;
import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.CountingWaker;
import dev.pollbridge.test.ProbeFuture;
import java.io.IOException;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

class TaskStateTest {

    private final QueueScheduler scheduler = new QueueScheduler();

    private <T> Task<T> spawn(PollFuture<T> future) {
        Task<T> task = new Task<>(1, future, scheduler, true);
        scheduler.schedule(task);
        return task;
    }

    @Test
    void transitionsFollowTheProtocol() {
        Task<Object> task = new Task<>(1, new ProbeFuture<>(), scheduler, true);
        long born = task.loadState();
        assertTrue(TaskState.isScheduled(born));
        assertTrue(TaskState.isJoinInterested(born));
        assertEquals(TaskState.ToNotified.DO_NOTHING, task.transitionToNotified(), "already scheduled");
        assertEquals(TaskState.ToRunning.SUCCESS, task.transitionToRunning());
        assertEquals(TaskState.ToRunning.NOT_SCHEDULED, task.transitionToRunning());
        assertEquals(TaskState.ToNotified.DO_NOTHING, task.transitionToNotified(), "running: only noted");
        assertTrue(TaskState.isNotified(task.loadState()));
        assertEquals(TaskState.ToIdle.NOTIFIED, task.transitionToIdle());
        assertEquals("SCHEDULED|JOIN_INTEREST", task.stateDescription());
        assertEquals(TaskState.ToRunning.SUCCESS, task.transitionToRunning());
        assertEquals(TaskState.ToIdle.OK, task.transitionToIdle());
        assertEquals("JOIN_INTEREST", task.stateDescription());
        assertEquals(TaskState.ToNotified.SUBMIT, task.transitionToNotified());
        assertEquals(TaskState.ToNotified.DO_NOTHING, task.transitionToNotified(), "wakes coalesce");
    }

    @Test
    void cancellationOfEachState() {
        Task<Object> idle = new Task<>(1, new ProbeFuture<>(), scheduler, true);
        idle.transitionToRunning();
        idle.transitionToIdle();
        assertEquals(TaskState.ToNotified.SUBMIT, idle.transitionToCancelled());
        assertEquals(TaskState.ToNotified.DO_NOTHING, idle.transitionToCancelled());
        assertEquals(TaskState.ToRunning.CANCELLED, idle.transitionToRunning());

        Task<Object> running = new Task<>(2, new ProbeFuture<>(), scheduler, true);
        running.transitionToRunning();
        assertEquals(TaskState.ToNotified.DO_NOTHING, running.transitionToCancelled());
        assertEquals(TaskState.ToIdle.CANCELLED, running.transitionToIdle());

        Task<Object> scheduled = new Task<>(3, new ProbeFuture<>(), scheduler, true);
        assertEquals(TaskState.ToNotified.DO_NOTHING, scheduled.transitionToCancelled());
        assertEquals(TaskState.ToRunning.CANCELLED, scheduled.transitionToRunning());
    }

    @Test
    void shutdownTakesIdleAndScheduledTasksButNotRunningOnes() {
        Task<Object> scheduled = new Task<>(1, new ProbeFuture<>(), scheduler, true);
        assertEquals(TaskState.ToShutdown.CANCEL_NOW, scheduled.transitionToShutdown());
        assertEquals(TaskState.ToRunning.NOT_SCHEDULED, scheduled.transitionToRunning(), "stale queue entry skipped");

        Task<Object> running = new Task<>(2, new ProbeFuture<>(), scheduler, true);
        running.transitionToRunning();
        assertEquals(TaskState.ToShutdown.DO_NOTHING, running.transitionToShutdown());
        assertEquals(TaskState.ToIdle.CANCELLED, running.transitionToIdle());
    }

    @Test
    void aWakeDuringThePollReschedulesExactlyOnce() {
        int[] polls = new int[1];
        Task<String> task = spawn(cx -> {
            polls[0]++;
            if (polls[0] == 1) {
                cx.waker().wake();
                cx.waker().wake();
                return Poll.pending();
            }
            return Poll.ready("second");
        });
        assertTrue(scheduler.runOne());
        assertEquals(1, scheduler.queue.size());
        scheduler.runAll();
        assertEquals(2, polls[0]);
        assertTrue(task.isFinished());
        assertEquals(0, scheduler.doubleQueued.get());
    }

    @Test
    void joinHandleSeesValueFailureAndCancellation() {
        Task<String> ok = spawn(cx -> Poll.ready("v"));
        Task<String> failing = spawn(cx -> {
            throw new IllegalStateException("x");
        });
        ProbeFuture<String> probe = new ProbeFuture<>();
        Task<String> aborted = spawn(probe);
        TaskJoinHandle<String> okHandle = new TaskJoinHandle<>(ok);
        TaskJoinHandle<String> failingHandle = new TaskJoinHandle<>(failing);
        TaskJoinHandle<String> abortedHandle = new TaskJoinHandle<>(aborted);
        CountingWaker joiner = new CountingWaker();
        Context cx = Context.of(joiner);
        assertPending(okHandle.poll(cx));
        scheduler.runAll();
        assertEquals(1, joiner.count(), "completion wakes the joiner");
        assertReady(okHandle.poll(cx), "v");
        assertFailed(failingHandle.poll(cx), IllegalStateException.class);
        assertPending(abortedHandle.poll(cx));
        abortedHandle.abort();
        assertEquals(0, probe.closes(), "abort never closes on the caller's thread");
        scheduler.runAll();
        assertEquals(1, probe.closes());
        assertFailed(abortedHandle.poll(cx), CancellationException.class);
        assertThrows(IllegalStateException.class, () -> okHandle.poll(cx));
        assertEquals(3, scheduler.released.get());
        assertTrue(scheduler.uncaught.isEmpty());
    }

    @Test
    void detachBeforeAndAfterFailureReportsExactlyOnce() {
        IOException early = new IOException("early");
        Task<String> detachedFirst = spawn(cx -> Poll.failed(early));
        new TaskJoinHandle<>(detachedFirst).close();
        scheduler.runAll();
        assertEquals(1, scheduler.uncaught.size());
        assertSame(early, scheduler.uncaught.get(0));

        IOException late = new IOException("late");
        Task<String> failedFirst = spawn(cx -> Poll.failed(late));
        TaskJoinHandle<String> handle = new TaskJoinHandle<>(failedFirst);
        scheduler.runAll();
        assertEquals(1, scheduler.uncaught.size(), "a joinable failure is not reported at completion");
        handle.close();
        handle.close();
        assertEquals(2, scheduler.uncaught.size());
        assertSame(late, scheduler.uncaught.get(1));

        Task<String> delivered = spawn(cx -> Poll.failed(new IOException("seen")));
        TaskJoinHandle<String> seen = new TaskJoinHandle<>(delivered);
        scheduler.runAll();
        assertFailed(seen.poll(Context.of(() -> {})), IOException.class);
        seen.close();
        assertEquals(2, scheduler.uncaught.size(), "a failure the handle returned is not reported");
    }

    @Test
    void aFutureThatReturnsNullOrDoneFailsItsTask() {
        Task<String> nullPoll = spawn(cx -> null);
        Task<String> donePoll = spawn(cx -> Poll.done());
        scheduler.runAll();
        assertFailed(new TaskJoinHandle<>(nullPoll).poll(Context.of(() -> {})), NullPointerException.class);
        assertFailed(new TaskJoinHandle<>(donePoll).poll(Context.of(() -> {})), IllegalStateException.class);
        assertFalse(scheduler.uncaught.size() > 0);
    }

    @Test
    void exhaustedBudgetMakesAReadyJoinPending() {
        Task<String> ok = spawn(cx -> Poll.ready("v"));
        scheduler.runAll();
        TaskJoinHandle<String> handle = new TaskJoinHandle<>(ok);
        CountingWaker waker = new CountingWaker();
        int previous = CoopBudget.set(0);
        try {
            assertPending(handle.poll(Context.of(waker)));
            assertEquals(1, waker.count(), "the budget-exhausted source wakes its task");
        } finally {
            CoopBudget.set(previous);
        }
        assertReady(handle.poll(Context.of(waker)), "v");
    }
}
