package dev.pollbridge.test;

import static dev.pollbridge.test.PollAssertions.assertPending;
import static dev.pollbridge.test.PollAssertions.assertReady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MockTaskTest {

    @Test
    void pollsWithItsOwnWakerAndTracksWakesSinceTheLastPoll() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        MockTask<String> task = MockTask.spawn(probe);
        assertPending(task.poll());
        assertFalse(task.isWoken());
        probe.complete("x");
        assertTrue(task.isWoken());
        assertEquals(1, task.wakeCount());
        assertReady(task.poll(), "x");
        assertFalse(task.isWoken(), "a poll resets isWoken");
        task.close();
    }

    @Test
    void ownsTheFutureAndClosesItOnce() {
        ProbeFuture<String> probe = new ProbeFuture<>();
        MockTask<String> task = MockTask.spawn(probe);
        task.close();
        task.close();
        assertEquals(1, probe.closes());
        assertThrows(IllegalStateException.class, task::poll);
        assertThrows(NullPointerException.class, () -> MockTask.spawn(null));
    }

    @Test
    void carriesAnAttachmentInItsContext() {
        Object attachment = new Object();
        MockTask<Object> task = MockTask.spawn(new ProbeFuture<>(), attachment);
        assertSame(attachment, task.context().attachment());
        assertSame(task.waker(), task.context().waker());
        task.close();
    }

    @Test
    void theStreamTaskDrainsToTheEndAndClosesOnce() {
        ProbeStream<Integer> probe = ProbeStream.of(1, 2, 3);
        MockStreamTask<Integer> task = MockStreamTask.spawn(probe);
        assertEquals(List.of(1, 2, 3), task.drainToDone());
        task.close();
        task.close();
        assertEquals(1, probe.closes());
        assertThrows(IllegalStateException.class, task::pollNext);
    }

    @Test
    void drainToDoneRejectsAPendingStream() {
        ProbeStream<Integer> probe = new ProbeStream<>();
        probe.emit(1);
        try (MockStreamTask<Integer> task = MockStreamTask.spawn(probe)) {
            assertThrows(AssertionError.class, task::drainToDone);
            probe.emit(2);
            assertTrue(task.isWoken());
            assertEquals(1, task.wakeCount());
        }
    }
}
