package dev.pollbridge.runtime.internal.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.pollbridge.api.Context;
import dev.pollbridge.api.Poll;
import dev.pollbridge.api.PollFuture;
import dev.pollbridge.api.JoinHandle;
import dev.pollbridge.runtime.PollRuntime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link Task#current()} during a task's polls and its close, on a worker and on a foreign driver thread. */
@Timeout(10)
class CurrentTaskTest {

    /** Records whether the current task is the polling one, on each poll and on close. */
    static final class Observer implements PollFuture<String> {
        final List<Object> seen = new ArrayList<>();
        private Task<?> polledBy;
        private int polls;

        @Override
        public Poll<String> poll(Context cx) {
            Task<?> task = Task.current();
            seen.add(task == cx.attachment());
            polledBy = task;
            if (polls++ == 0) {
                cx.waker().wake();
                return Poll.pending();
            }
            return Poll.ready("done");
        }

        @Override
        public void close() {
            Task<?> task = Task.current();
            seen.add(task == null ? "no task" : task == polledBy ? "closed in its task" : "another task");
        }
    }

    @Test
    void onAWorker() {
        try (PollRuntime runtime = PollRuntime.builder().workers(1).build()) {
            Observer observer = new Observer();
            JoinHandle<String> handle = runtime.spawn(observer);
            assertEquals("done", runtime.blockOn(handle));
            assertEquals(List.of(true, true, "closed in its task"), observer.seen);
        }
        assertNull(Task.current());
    }

    @Test
    void onAForeignDriverThread() {
        QueueScheduler scheduler = new QueueScheduler();
        Observer observer = new Observer();
        Task<String> task = new Task<>(1, observer, scheduler, true);
        scheduler.schedule(task);
        scheduler.runAll();
        assertTrue(task.isFinished());
        assertEquals(List.of(true, true, "closed in its task"), observer.seen);
        assertNull(Task.current());
    }
}
