package dev.pollbridge.runtime.bridge.engine;

import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.test.MockTask;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;

/**
 * A {@link TaskSpawner} whose tasks the test runs by hand on its own thread, with an executor's
 * rules: {@link Driven#run()} polls while the task is woken, applies an abort only between polls
 * (closing the future, as the runtime does), and closes the future after it completes. It
 * records what the engine reports instead of sending it to a runtime.
 */
final class ManualSpawner implements TaskSpawner {

    final List<Driven> tasks = new ArrayList<>();
    /** What the engine reported (the failures no signal can carry). */
    final List<Throwable> reported = new java.util.concurrent.CopyOnWriteArrayList<>();
    volatile boolean rejecting;

    @Override
    public void report(String what, Throwable failure) {
        reported.add(failure);
    }

    @Override
    public Runnable spawn(PollFuture<Void> future) {
        if (rejecting) {
            throw new RejectedExecutionException("the runtime is closed");
        }
        Driven task = new Driven(future);
        tasks.add(task);
        return () -> task.abortRequested = true;
    }

    Driven only() {
        if (tasks.size() != 1) {
            throw new AssertionError("expected one task, spawned " + tasks.size());
        }
        return tasks.get(0);
    }

    static final class Driven {
        final PollFuture<Void> future;
        final MockTask<Void> task;
        volatile boolean abortRequested;
        boolean closed;
        Poll<Void> result;
        int polls;

        Driven(PollFuture<Void> future) {
            this.future = future;
            this.task = MockTask.spawn(future);
        }

        /** Polls until the task is pending and not woken, or finished; returns this. */
        Driven run() {
            boolean first = polls == 0;
            while (!closed) {
                if (abortRequested) {
                    closeTask();
                    break;
                }
                if (!first && !task.isWoken()) {
                    break;
                }
                first = false;
                polls++;
                Poll<Void> poll = task.poll();
                if (!poll.isPending()) {
                    result = poll;
                    closeTask();
                }
            }
            return this;
        }

        /** The runtime closed the task (shutdown) without anyone cancelling. */
        void shutdown() {
            closeTask();
        }

        private void closeTask() {
            closed = true;
            task.close();
        }

        boolean isWoken() {
            return task.isWoken();
        }
    }
}
